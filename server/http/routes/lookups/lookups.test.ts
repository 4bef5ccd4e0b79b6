import { expect, it } from 'vitest';
import type { Post } from '../../../domain/content/post-types.js';
import { makeProduct } from '../../../test/fixtures.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

describeEachDatabase('lookup routes', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  const get = async (path: string) => (await hd.app.inject({ method: 'GET', url: `/api/helpdesk/v1/tickets/${path}/` })).json();

  it('lists the default reasons and urgencies as {id, name, slug}', async () => {
    expect((await get('urgencies')).map((u: { name: string }) => u.name)).toEqual(['Low', 'Normal', 'High', 'Urgent']);
    const reasons = await get('reasons');
    expect(reasons.length).toBeGreaterThan(0);
    expect(Object.keys(reasons[0]).sort()).toEqual(['id', 'name', 'slug']);
  });

  it('lists products through the post getter, so helpdesk_get_posts can hide, reorder and add rows', async () => {
    const alpha = await makeProduct(hd.ctx, 'Alpha');
    const beta = await makeProduct(hd.ctx, 'Beta');
    const gamma = await makeProduct(hd.ctx, 'Gamma');
    expect((await get('products')).map((p: { name: string }) => p.name)).toEqual(['Alpha', 'Beta', 'Gamma']);

    const seenArgs: unknown[] = [];
    hd.hooks.addFilter('helpdesk_get_posts', 'test/products', (posts, args) => {
      seenArgs.push(args);
      if (args.type !== 'product') return posts;
      const extra: Post = { ...alpha, id: 4242, title: 'Added by a filter', slug: 'added' };
      return [...posts.filter((p) => p.id !== beta.id).reverse(), extra];
    });
    try {
      expect(await get('products')).toEqual([
        { id: gamma.id, name: 'Gamma', slug: 'gamma' },
        { id: alpha.id, name: 'Alpha', slug: 'alpha' },
        { id: 4242, name: 'Added by a filter', slug: 'added' },
      ]);
      expect(seenArgs).toContainEqual(expect.objectContaining({ type: 'product', status: 'publish' }));
    } finally {
      hd.hooks.removeFilter('helpdesk_get_posts', 'test/products');
    }
  });

  it('a filter that mutates the rows it is given does not change the next response (rows are cached)', async () => {
    const before = await get('products');
    hd.hooks.addFilter('helpdesk_get_posts', 'test/mutate', (posts) => {
      for (const post of posts) post.title = 'MUTATED';
      return posts.reverse();
    });
    try {
      expect((await get('products'))[0].name).toBe('MUTATED');
    } finally {
      hd.hooks.removeFilter('helpdesk_get_posts', 'test/mutate');
    }
    expect(await get('products')).toEqual(before);
  });
});
