import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

type Headers = Record<string, string>;

describeEachDatabase('tags: agents list, add, rename and recolour; only admins delete', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let agent: Headers;
  let admin: Headers;
  let client: Headers;
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers = {}, payload?: object) =>
    hd.app.inject({ method, url: `/api/helpdesk/v1${url}`, headers, payload });

  beforeAll(async () => {
    [agent, admin, client] = await Promise.all([hd.authAs('agent'), hd.authAs('admin'), hd.authAs('client')]);
  });

  it('an agent adds a tag with a colour, renames it, and finds it in the list with its ticket count', async () => {
    const added = await call('POST', '/tags/', agent, { name: 'Billing', color: '#1A2B3C' });
    expect(added.statusCode).toBe(201);
    expect(added.headers.location).toBe(`/api/helpdesk/v1/tags/${added.json().id}`);
    expect(added.json()).toMatchObject({ name: 'Billing', slug: 'billing', color: '#1a2b3c' });

    const renamed = await call('PATCH', `/tags/${added.json().id}`, agent, { name: 'Invoices' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: added.json().id, name: 'Invoices', color: '#1a2b3c' });

    const list = await call('GET', '/tags/', agent);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual({ id: added.json().id, name: 'Invoices', slug: 'invoices', color: '#1a2b3c', tickets: 0 });
  });

  it('a tag without a colour gets one chosen from its name', async () => {
    const added = await call('POST', '/tags/', agent, { name: 'Refunds' });
    expect(added.statusCode).toBe(201);
    expect(added.json().color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('a bad colour, an empty name or an empty change is a 400 problem naming the field', async () => {
    const badColor = await call('POST', '/tags/', agent, { name: 'Shipping', color: 'red' });
    expect(badColor.statusCode).toBe(400);
    expect(badColor.headers['content-type']).toContain('application/problem+json');
    expect(badColor.json().errors.map((e: { field: string }) => e.field)).toEqual(['color']);

    const noName = await call('POST', '/tags/', agent, { name: '' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().errors.map((e: { field: string }) => e.field)).toEqual(['name']);

    const id = (await call('POST', '/tags/', agent, { name: 'Empty change' })).json().id;
    expect((await call('PATCH', `/tags/${id}`, agent, {})).statusCode).toBe(400);
    expect((await call('GET', '/tags/', agent)).json().map((t: { name: string }) => t.name)).not.toContain('Shipping');
  });

  it('an agent may not delete a tag, an admin may; clients and visitors reach no tag route', async () => {
    const id = (await call('POST', '/tags/', agent, { name: 'Short-lived' })).json().id;
    expect((await call('DELETE', `/tags/${id}`, agent)).statusCode).toBe(403);
    expect((await call('DELETE', `/tags/${id}`, admin)).statusCode).toBe(204);
    expect((await call('GET', '/tags/', agent)).json().map((t: { id: number }) => t.id)).not.toContain(id);

    expect((await call('GET', '/tags/', client)).statusCode).toBe(403);
    expect((await call('POST', '/tags/', client, { name: 'Mine' })).statusCode).toBe(403);
    expect((await call('GET', '/tags/')).statusCode).toBe(401);
    expect((await call('POST', '/tags/', {}, { name: 'Anonymous' })).statusCode).toBe(401);
  });
});
