import { beforeAll, expect, it } from 'vitest';
import { createPost } from '../../../domain/content/create-post.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

describeEachDatabase('management API', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let agent: { authorization: string };
  let admin: { authorization: string };
  let client: { authorization: string };
  beforeAll(async () => {
    [agent, admin, client] = await Promise.all([hd.authAs('agent'), hd.authAs('admin'), hd.authAs('client')]);
  });
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, headers: object, payload?: object) =>
    hd.app.inject({ method, url: `/api/helpdesk/v1${url}`, headers: headers as Record<string, string>, payload });

  it('agents create, update and delete products and docs; the public lists follow', async () => {
    const product = await call('POST', '/products/', agent, { name: 'Acme Sync' });
    expect(product.statusCode).toBe(201);
    expect(product.json()).toMatchObject({ type: 'product', title: 'Acme Sync', slug: 'acme-sync', status: 'publish' });
    const twin = await call('POST', '/products/', agent, { name: 'Acme Sync' });
    expect(twin.json().slug).toBe('acme-sync-2');

    const doc = await call('POST', '/docs/', agent, { title: 'Install', content: 'Run the installer.', product: product.json().id });
    expect(doc.statusCode).toBe(201);
    expect((await call('GET', '/docs/product/acme-sync', {})).json().map((d: { title: string }) => d.title)).toEqual(['Install']);

    const renamed = await call('PATCH', `/docs/${doc.json().id}`, agent, { title: 'Installing', status: 'draft' });
    expect(renamed.json()).toMatchObject({ title: 'Installing', status: 'draft' });
    expect((await call('GET', '/docs/product/acme-sync', {})).json()).toEqual([]);

    expect((await call('DELETE', `/products/${twin.json().id}`, agent)).statusCode).toBe(204);
    expect((await call('GET', '/tickets/products/', {})).json().map((p: { slug: string }) => p.slug)).toEqual(['acme-sync']);
    expect((await call('DELETE', `/products/${twin.json().id}`, agent)).statusCode).toBe(404);
  });

  it('agents add, rename and delete reasons and urgencies', async () => {
    const created = await call('POST', '/reasons/', agent, { name: 'Refund', order: 99 });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: expect.any(Number), name: 'Refund', slug: 'refund' });
    expect((await call('POST', '/reasons/', agent, { name: 'Refund' })).json().errors[0].field).toBe('slug');
    expect((await call('PATCH', `/reasons/${created.json().id}`, agent, { name: 'Refunds' })).json().name).toBe('Refunds');
    expect((await call('GET', '/tickets/reasons/', {})).json().at(-1).name).toBe('Refunds');
    // An urgency route never touches a reason.
    expect((await call('DELETE', `/urgencies/${created.json().id}`, agent)).statusCode).toBe(404);
    expect((await call('DELETE', `/reasons/${created.json().id}`, agent)).statusCode).toBe(204);
  });

  it('refuses clients and anonymous callers, and agents on admin-only routes', async () => {
    expect((await call('POST', '/products/', {}, { name: 'X' })).statusCode).toBe(401);
    expect((await call('POST', '/products/', client, { name: 'X' })).statusCode).toBe(403);
    expect((await call('POST', '/reasons/', client, { name: 'X' })).statusCode).toBe(403);
    expect((await call('POST', '/users/', agent, { email: 'new@staff.test', name: 'New', role: 'agent' })).statusCode).toBe(403);
  });

  it('admins add users; a taken email is a 409', async () => {
    const res = await call('POST', '/users/', admin, { email: ' New.Agent@Staff.test', name: 'New Agent', role: 'agent' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: 'new.agent@staff.test', role: 'agent' });
    expect((await call('POST', '/users/', admin, { email: 'new.agent@staff.test', name: 'Again', role: 'client' })).statusCode).toBe(409);
    expect((await call('POST', '/users/', admin, { email: 'x@staff.test', name: 'X', role: 'root' })).statusCode).toBe(400);
  });

  it('unknown fields in a management body are refused by name', async () => {
    const res = await call('POST', '/products/', agent, { name: 'Y', owner: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ field: 'owner', detail: 'is not a known field' });
  });

  it('only post types listed by helpdesk_product_post_types can be assigned to a product', async () => {
    const product = (await call('POST', '/products/', agent, { name: 'Widget Pro' })).json();
    const page = await createPost(hd.ctx, 'page', { title: 'About' }, null);
    const refused = await call('PUT', `/posts/${page.id}/product`, agent, { product: product.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toMatchObject({ field: 'product', detail: expect.stringContaining('“page” cannot be assigned') });

    const seen: string[][] = [];
    hd.hooks.addFilter(
      'helpdesk_product_post_types',
      'test/pages',
      (types) => {
        seen.push([...types]);
        return [...types, 'page'];
      },
      5,
    );
    try {
      const assigned = await call('PUT', `/posts/${page.id}/product`, agent, { product: product.id });
      expect(assigned.statusCode).toBe(200);
      expect(assigned.json().product).toBe(product.id);
      // Called with [] at priority 5, before the helpdesk appends doc and ticket at 10.
      expect(seen).toEqual([[]]);
    } finally {
      hd.hooks.removeFilter('helpdesk_product_post_types', 'test/pages');
    }

    hd.hooks.addFilter('helpdesk_product_post_types', 'test/no-docs', (types) => types.filter((t) => t !== 'doc'), 20);
    try {
      const doc = await call('POST', '/docs/', agent, { title: 'Pricing', product: product.id });
      expect(doc.statusCode).toBe(400);
      expect(doc.json().detail).toContain('assignable types are: ticket');
    } finally {
      hd.hooks.removeFilter('helpdesk_product_post_types', 'test/no-docs');
    }
  });
});
