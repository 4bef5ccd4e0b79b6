import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

type Headers = Record<string, string>;

describeEachDatabase('statuses: staff read them in order; only admins change them', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let agent: Headers;
  let admin: Headers;
  let client: Headers;
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers = {}, payload?: object) =>
    hd.app.inject({ method, url: `/api/helpdesk/v1${url}`, headers, payload });

  beforeAll(async () => {
    [agent, admin, client] = await Promise.all([hd.authAs('agent'), hd.authAs('admin'), hd.authAs('client')]);
  });

  it('an admin adds a status with a label for the client; agents read it in its place in the order', async () => {
    const added = await call('POST', '/statuses/', admin, { name: 'On hold', order: 500, client_label: 'Paused for now' });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ name: 'On hold', slug: 'on-hold', client_label: 'Paused for now' });

    const list = await call('GET', '/statuses/', agent);
    expect(list.statusCode).toBe(200);
    const statuses: Array<{ id: number; order: number; client_label: string | null }> = list.json();
    expect(statuses.map((s) => s.order)).toEqual([...statuses.map((s) => s.order)].sort((a, b) => a - b));
    expect(statuses).toContainEqual({ id: added.json().id, name: 'On hold', slug: 'on-hold', order: 500, client_label: 'Paused for now' });
  });

  it('a bad slug or a label of two lines is a 400 problem naming the field, and nothing is added', async () => {
    const badSlug = await call('POST', '/statuses/', admin, { name: 'Parked', slug: 'Not A Slug' });
    expect(badSlug.statusCode).toBe(400);
    expect(badSlug.headers['content-type']).toContain('application/problem+json');
    expect(badSlug.json().errors.map((e: { field: string }) => e.field)).toEqual(['slug']);

    const twoLines = await call('POST', '/statuses/', admin, { name: 'Parked', client_label: 'one\ntwo' });
    expect(twoLines.statusCode).toBe(400);
    expect(twoLines.json().errors.map((e: { field: string }) => e.field)).toEqual(['client_label']);

    expect((await call('GET', '/statuses/', agent)).json().map((s: { name: string }) => s.name)).not.toContain('Parked');
  });

  it('an agent may read the statuses but not change them; clients and visitors may not read them', async () => {
    expect((await call('POST', '/statuses/', agent, { name: 'Agent made' })).statusCode).toBe(403);
    const first = (await call('GET', '/statuses/', agent)).json()[0];
    expect((await call('PATCH', `/statuses/${first.id}`, agent, { name: 'Renamed' })).statusCode).toBe(403);
    expect((await call('GET', '/statuses/', client)).statusCode).toBe(403);
    expect((await call('GET', '/statuses/')).statusCode).toBe(401);
    expect((await call('GET', '/statuses/', agent)).json()[0].name).toBe(first.name);
  });
});
