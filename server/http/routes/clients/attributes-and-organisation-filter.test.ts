import { beforeAll, expect, it } from 'vitest';
import { createAgent, createClient, createTicket, type TestUser } from '../../../test/factories.js';
import { relaxIntakeLimits, setRegistration } from '../../../test/fixtures.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

type Headers = Record<string, string>;
type Problem = { code: string; errors?: Array<{ field: string; detail: string }> };

describeEachDatabase('custom attributes of clients and organisations, and the inbox by organisation', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let agent: TestUser;
  let n = 0;
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Headers, payload?: object) =>
    hd.app.inject({ method, url: `/api/helpdesk/v1${url}`, headers, payload });
  const addOrganisation = async (body: object) => {
    const res = await call('POST', '/organisations/', agent.headers, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number };
  };

  beforeAll(async () => {
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    await relaxIntakeLimits(hd.ctx);
    agent = await createAgent(hd);
  });

  it('attribute names are kept trimmed, and the object replaces the old one', async () => {
    const client = await createClient(hd);
    await call('PATCH', `/clients/${client.id}`, agent.headers, { attributes: { plan: 'gold', seats: '5' } });
    const res = await call('PATCH', `/clients/${client.id}`, agent.headers, { attributes: { '  Plan ': 'silver' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().attributes).toEqual({ Plan: 'silver' });
  });

  it('a name used twice whatever its case, a blank name and a long value are one 400 naming each, and nothing is saved', async () => {
    const client = await createClient(hd);
    await call('PATCH', `/clients/${client.id}`, agent.headers, { attributes: { plan: 'gold' } });
    const res = await call('PATCH', `/clients/${client.id}`, agent.headers, {
      attributes: { plan: 'a', PLAN: 'b', ' ': 'c', notes: 'x'.repeat(1001) },
    });
    expect(res.statusCode).toBe(400);
    const problem = res.json() as Problem;
    expect(problem.code).toBe('VALIDATION_FAILED');
    expect(problem.errors?.map((e) => e.field)).toEqual(['attributes.PLAN', 'attributes', 'attributes.notes']);
    expect(problem.errors?.[0]?.detail).toContain('PLAN');
    expect((await call('GET', `/clients/${client.id}`, agent.headers)).json().attributes).toEqual({ plan: 'gold' });
  });

  it('a name with a line break or over 100 characters is refused on an organisation too', async () => {
    const org = await addOrganisation({ name: `Attrs ${++n} ${dialect}`, attributes: { tier: 'one' } });
    const broken = await call('PATCH', `/organisations/${org.id}`, agent.headers, { attributes: { 'two\nlines': 'x' } });
    expect(broken.statusCode).toBe(400);
    expect((broken.json() as Problem).errors?.[0]?.detail).toContain('one line');
    const long = await call('PATCH', `/organisations/${org.id}`, agent.headers, { attributes: { ['n'.repeat(101)]: 'x' } });
    expect(long.statusCode).toBe(400);
    expect((long.json() as Problem).errors?.[0]?.detail).toContain('100');
    const fine = await call('PATCH', `/organisations/${org.id}`, agent.headers, { attributes: { tier: 'two', region: 'EU' } });
    expect(fine.json().attributes).toEqual({ tier: 'two', region: 'EU' });
  });

  it('more than 50 attributes is a 400 saying how many are allowed', async () => {
    const client = await createClient(hd);
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v']));
    const res = await call('PATCH', `/clients/${client.id}`, agent.headers, { attributes: many });
    expect(res.statusCode).toBe(400);
    expect((res.json() as Problem).errors).toEqual([
      expect.objectContaining({ field: 'attributes', detail: expect.stringContaining('50') }),
    ]);
  });

  it('the inbox filters by organisation alongside the other filters; an organisation that is not a number is a 400 naming it', async () => {
    const domain = `filter-${++n}-${dialect}.test`;
    const org = await addOrganisation({ name: `Filtered ${n} ${dialect}`, domains: [domain] });
    const mine = await createTicket(hd, { email: `a@${domain}` });
    await createTicket(hd);
    const list = await call('GET', `/tickets/?organisation=${org.id}&status=open`, agent.headers);
    expect(list.statusCode).toBe(200);
    expect((list.json().tickets as Array<{ id: number }>).map((t) => t.id)).toEqual([mine.id]);
    const bad = await call('GET', '/tickets/?organisation=acme', agent.headers);
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as Problem).errors?.map((e) => e.field)).toEqual(['organisation']);
    const none = await call('GET', '/tickets/?organisation=999999', agent.headers);
    expect(none.json().total).toBe(0);
  });
});
