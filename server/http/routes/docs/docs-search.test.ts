import { beforeAll, expect, it } from 'vitest';
import { toFtsQuery } from '../../../db/sqlite/search.js';
import { createPost } from '../../../domain/content/create-post.js';
import { deletePost } from '../../../domain/content/delete-post.js';
import { updatePost } from '../../../domain/content/update-post.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

it('turns any visitor input into a safe FTS5 query', () => {
  expect(toFtsQuery('export "csv" OR NEAR(')).toBe('"export"* "csv"* "OR"* "NEAR"*');
  expect(toFtsQuery('*** ()')).toBe('""');
  expect(toFtsQuery('Überweisung zurückbuchen')).toBe('"Überweisung"* "zurückbuchen"*');
});

describeEachDatabase('docs search', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  const titles = async (query: string) => {
    const res = await hd.app.inject({ method: 'GET', url: `/api/helpdesk/v1/docs/?${query}` });
    expect(res.statusCode).toBe(200);
    return res.json().map((d: { title: string }) => d.title);
  };
  beforeAll(async () => {
    await createPost(
      hd.ctx,
      'doc',
      { title: 'Exporting invoices', content: 'Open Billing and press Export to download a CSV file.' },
      null,
    );
    await createPost(
      hd.ctx,
      'doc',
      { title: 'Reset your password', content: 'Use the link on the sign-in page. Exports are not affected.' },
      null,
    );
    await createPost(hd.ctx, 'doc', { title: 'Shipping times', content: 'Orders ship within two days.' }, null);
    await createPost(hd.ctx, 'doc', { title: 'Export drafts', content: 'Draft about exporting.', status: 'draft' }, null);
    await createPost(hd.ctx, 'product', { title: 'Export Pro' }, null);
  });

  it('finds published docs by stemmed words, the title match ranked first', async () => {
    expect(await titles('search=export')).toEqual(['Exporting invoices', 'Reset your password']);
    expect(await titles('search=shipped%20orders')).toEqual(['Shipping times']);
    expect(await titles('search=nothing-like-this')).toEqual([]);
  });

  it('survives search syntax and punctuation without an error', async () => {
    for (const query of ['"unbalanced', 'NEAR(a b', 'a OR', '***', "'; drop table posts; --", '%', 'é']) {
      const res = await hd.app.inject({ method: 'GET', url: `/api/helpdesk/v1/docs/?search=${encodeURIComponent(query)}` });
      expect(res.statusCode, query).toBe(200);
    }
  });

  it('keeps the count clamp and paging, and the index follows edits and deletes', async () => {
    hd.hooks.addFilter('helpdesk_docs_api_max_per_page', 'test/one', () => 1);
    try {
      const res = await hd.app.inject({ method: 'GET', url: '/api/helpdesk/v1/docs/?search=export&count=50' });
      expect(res.json()).toHaveLength(1);
      expect(res.headers['x-total-count']).toBe('2');
    } finally {
      hd.hooks.removeFilter('helpdesk_docs_api_max_per_page', 'test/one');
    }
    const doc = await createPost(hd.ctx, 'doc', { title: 'Webhooks', content: 'Send events to your server.' }, null);
    expect(await titles('search=webhook')).toEqual(['Webhooks']);
    await updatePost(hd.ctx, 'doc', doc.id, { title: 'Callbacks', content: 'Send events to your endpoint.' });
    expect(await titles('search=webhook')).toEqual([]);
    expect(await titles('search=callback')).toEqual(['Callbacks']);
    await deletePost(hd.ctx, 'doc', doc.id);
    expect(await titles('search=callback')).toEqual([]);
  });

  it('passes search results through helpdesk_get_posts with the search in its args', async () => {
    const seen: unknown[] = [];
    hd.hooks.addFilter('helpdesk_get_posts', 'test/search', (posts, args) => {
      seen.push(args.search);
      return posts;
    });
    try {
      await titles('search=export');
      expect(seen).toContain('export');
    } finally {
      hd.hooks.removeFilter('helpdesk_get_posts', 'test/search');
    }
  });
});
