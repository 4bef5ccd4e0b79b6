import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

type Headers = Record<string, string>;

describeEachDatabase('products: agents and admins create, change and delete them', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let agent: Headers;
  let client: Headers;
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers = {}, payload?: object) =>
    hd.app.inject({ method, url: `/api/helpdesk/v1${url}`, headers, payload });
  const widgetList = async () => (await call('GET', '/tickets/products/')).json().map((p: { name: string }) => p.name);

  beforeAll(async () => {
    [agent, client] = await Promise.all([hd.authAs('agent'), hd.authAs('client')]);
  });

  it('an agent creates a product by its name, renames it and deletes it; the widget lists it while published', async () => {
    const created = await call('POST', '/products/', agent, { name: 'Lamp', content: 'A desk lamp.' });
    expect(created.statusCode).toBe(201);
    expect(created.headers.location).toBe(`/api/helpdesk/v1/products/${created.json().id}`);
    expect(created.json()).toMatchObject({ type: 'product', title: 'Lamp', slug: 'lamp', status: 'publish' });
    expect(await widgetList()).toContain('Lamp');

    const renamed = await call('PATCH', `/products/${created.json().id}`, agent, { name: 'Floor lamp', status: 'draft' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ title: 'Floor lamp', status: 'draft' });
    expect(await widgetList()).not.toContain('Floor lamp');

    expect((await call('DELETE', `/products/${created.json().id}`, agent)).statusCode).toBe(204);
    expect((await call('PATCH', `/products/${created.json().id}`, agent, { name: 'Gone' })).statusCode).toBe(404);
  });

  it('a product without a name, with a title instead, or under another product is a 400 problem naming the field', async () => {
    const fieldsOf = async (payload: object) => {
      const res = await call('POST', '/products/', agent, payload);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      return res.json().errors.map((e: { field: string }) => e.field);
    };
    expect(await fieldsOf({ content: 'No name' })).toEqual(['name']);
    expect(await fieldsOf({ name: 'Chair', title: 'Chair' })).toEqual(['title']);
    expect(await fieldsOf({ name: 'Chair', product: 1 })).toEqual(['product']);
    expect(await widgetList()).not.toContain('Chair');
  });

  it('clients and visitors may not create, change or delete a product', async () => {
    expect((await call('POST', '/products/', client, { name: 'By a client' })).statusCode).toBe(403);
    expect((await call('POST', '/products/', {}, { name: 'By a visitor' })).statusCode).toBe(401);
    const id = (await call('POST', '/products/', agent, { name: 'Kept' })).json().id;
    expect((await call('PATCH', `/products/${id}`, client, { name: 'Taken' })).statusCode).toBe(403);
    expect((await call('DELETE', `/products/${id}`, client)).statusCode).toBe(403);
    expect((await call('DELETE', `/products/${id}`)).statusCode).toBe(401);
    expect(await widgetList()).toContain('Kept');
  });
});
