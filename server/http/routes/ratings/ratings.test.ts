import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

type Headers = Record<string, string>;

describeEachDatabase('GET /ratings/summary: the satisfaction figure for staff', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let agent: Headers;
  let client: Headers;
  const summary = (query: string, headers: Headers = {}) =>
    hd.app.inject({ method: 'GET', url: `/api/helpdesk/v1/ratings/summary${query}`, headers });

  beforeAll(async () => {
    [agent, client] = await Promise.all([hd.authAs('agent'), hd.authAs('client')]);
  });

  it('answers the period asked, with no share of "yes" while nobody answered, and is never cached', async () => {
    const res = await summary('?days=7', agent);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ days: 7, yes: 0, no: 0, reopened: 0, percent_yes: null });
  });

  it('a period out of range or an unknown parameter is a 400 problem naming it', async () => {
    const tooLong = await summary('?days=366', agent);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.headers['content-type']).toContain('application/problem+json');
    expect(tooLong.json().errors.map((e: { field: string }) => e.field)).toEqual(['days']);
    expect((await summary('?days=0', agent)).json().errors[0].field).toBe('days');
    expect((await summary('?weeks=2', agent)).statusCode).toBe(400);
  });

  it('clients and visitors are refused', async () => {
    expect((await summary('', client)).statusCode).toBe(403);
    expect((await summary('')).statusCode).toBe(401);
  });
});
