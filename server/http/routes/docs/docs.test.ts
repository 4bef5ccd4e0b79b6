import { beforeAll, expect, it } from 'vitest';
import { createPost } from '../../../domain/content/create-post.js';
import { makeProduct } from '../../../test/fixtures.js';
import { mechanismsOn } from '../../../test/mechanisms-on.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

describeEachDatabase('docs routes', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let productId = 0;
  beforeAll(async () => {
    const product = await makeProduct(hd.ctx, 'Acme Sync');
    productId = product.id;
    // 130 published docs (20 of them for the product) and one draft that must never be listed.
    const rows = Array.from({ length: 130 }, (_, i) => ({
      type: 'doc',
      status: 'publish',
      title: `Doc ${i}`,
      content: `Body of doc ${i}`,
      slug: `doc-${i}`,
      author_id: null,
      product_id: i < 20 ? product.id : null,
      parent_id: null,
      menu_order: i,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    }));
    await hd.ctx.db.insertInto('posts').values(rows).execute();
    await createPost(hd.ctx, 'doc', { title: 'Secret draft', status: 'draft' }, null);
  });
  const list = (query: string, path = '/api/helpdesk/v1/docs/') => hd.app.inject({ method: 'GET', url: `${path}${query}` });

  it('lists published docs, 10 by default, with paging headers and links on the home URL', async () => {
    const res = await list('');
    expect(res.statusCode).toBe(200);
    const docs = res.json();
    expect(docs).toHaveLength(10);
    expect(docs[0]).toEqual({
      id: expect.any(Number),
      title: 'Doc 0',
      slug: 'doc-0',
      excerpt: 'Body of doc 0',
      link: 'http://help.test/docs/doc-0/',
      product: productId,
      modified: expect.any(String),
    });
    expect(res.headers['x-total-count']).toBe('130');
    expect(JSON.stringify(docs)).not.toContain('Secret draft');
    expect((await list('?count=5&page=3')).json().map((d: { title: string }) => d.title)).toEqual([
      'Doc 10',
      'Doc 11',
      'Doc 12',
      'Doc 13',
      'Doc 14',
    ]);
  });

  it('clamps count to 100 (spec §8)', async () => {
    const res = await list('?count=1000000');
    expect(res.json()).toHaveLength(100);
    expect(res.headers['x-per-page']).toBe('100');
    expect((await list('?count=100')).json()).toHaveLength(100);
  });

  it('clamps count to the value of helpdesk_docs_api_max_per_page, on both routes', async () => {
    hd.hooks.addFilter('helpdesk_docs_api_max_per_page', 'test/max', (max) => {
      expect(max).toBe(100);
      return 7;
    });
    try {
      expect((await list('?count=50')).json()).toHaveLength(7);
      expect((await list('?count=50', '/api/helpdesk/v1/docs/product/acme-sync')).json()).toHaveLength(7);
    } finally {
      hd.hooks.removeFilter('helpdesk_docs_api_max_per_page', 'test/max');
    }
    hd.hooks.addFilter('helpdesk_docs_api_max_per_page', 'test/max', () => 120);
    try {
      expect((await list('?count=500')).json()).toHaveLength(120);
    } finally {
      hd.hooks.removeFilter('helpdesk_docs_api_max_per_page', 'test/max');
    }
  });

  it('lists the docs of one product, clamped too; an unknown slug is a 404 problem', async () => {
    const res = await list('?count=100', '/api/helpdesk/v1/docs/product/acme-sync');
    expect(res.json()).toHaveLength(20);
    expect(res.json().every((d: { product: number }) => d.product === productId)).toBe(true);
    const missing = await list('', '/api/helpdesk/v1/docs/product/nope');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', detail: expect.stringContaining('nope') });
  });

  it('passes docs through helpdesk_get_posts', async () => {
    hd.hooks.addFilter('helpdesk_get_posts', 'test/docs', (posts, args) =>
      args.type === 'doc' ? posts.filter((p) => p.title !== 'Doc 1').reverse() : posts,
    );
    try {
      expect((await list('?count=3')).json().map((d: { title: string }) => d.title)).toEqual(['Doc 2', 'Doc 0']);
    } finally {
      hd.hooks.removeFilter('helpdesk_get_posts', 'test/docs');
    }
  });

  it.runIf(mechanismsOn('caches'))(
    'serializes a query once, per hook-registry version; a write or a new filter shows at once',
    async () => {
      let filtered = 0;
      hd.hooks.addFilter('helpdesk_get_posts', 'test/count', (posts, args) => {
        if (args.type === 'doc') filtered += 1;
        return posts;
      });
      try {
        const [first, second] = [await list('?count=4&page=2'), await list('?count=4&page=2')];
        expect(second.body).toBe(first.body);
        expect(second.headers['x-total-count']).toBe(first.headers['x-total-count']);
        expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(filtered).toBe(1);
      } finally {
        hd.hooks.removeFilter('helpdesk_get_posts', 'test/count');
      }
      // The registry changed: the filter's output is not reused once it is gone, nor a new one's skipped.
      hd.hooks.addFilter('helpdesk_get_posts', 'test/shout', (posts, args) =>
        args.type === 'doc' ? posts.map((p) => ({ ...p, title: p.title.toUpperCase() })) : posts,
      );
      try {
        expect((await list('?count=4&page=2')).json()[0].title).toBe('DOC 4');
      } finally {
        hd.hooks.removeFilter('helpdesk_get_posts', 'test/shout');
      }
      expect((await list('?count=4&page=2')).json()[0].title).toBe('Doc 4');
      const before = await list('?count=4&page=2');
      const added = await createPost(hd.ctx, 'doc', { title: 'Doc new', status: 'publish', menuOrder: 5 }, null);
      try {
        const after = await list('?count=4&page=2');
        expect(after.headers['x-total-count']).toBe(String(Number(before.headers['x-total-count']) + 1));
        expect(after.json().map((d: { title: string }) => d.title)).toContain('Doc new');
      } finally {
        await hd.ctx.db.deleteFrom('posts').where('id', '=', added.id).execute();
        hd.ctx.postsCache.clear();
      }
    },
  );

  it.each([
    ['count=0', 'count'],
    ['count=abc', 'count'],
    ['page=0', 'page'],
    ['count=-5', 'count'],
  ])('refuses %s naming the parameter', async (query, field) => {
    const res = await list(`?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe(field);
  });
});
