// The suggestions' cheaper searches (issue 38: p95 ≤ 150 ms at 10,000 docs): a word in the title found through the
// titles alone, the any-word search ranking a capped number of candidates, and (PostgreSQL) the docs' own text
// indexes with no pending list.
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/test-databases.js';
import { useTestHelpdesk } from '../../test/test-helpdesk.js';
import { createPost } from './create-post.js';

describeEachDatabase('the doc suggestions’ searches', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    const docs: Array<[string, string]> = [
      ['Pair a headset', 'Hold the button until the light blinks.'],
      ['Charging', 'Pair the cable with the charger, then pair the dock.'],
      ['Firmware', 'After an update, pair the device again.'],
      ['Warranty', 'Two years.'],
    ];
    for (const [title, content] of docs) ids[title] = (await createPost(hd.ctx, 'doc', { title, content }, null)).id;
  });
  const search = async (...stages: Array<{ every?: boolean; inTitle?: boolean; candidates?: number }>) =>
    (
      await hd.ctx.storage.search.docsSuggested(
        hd.ctx.db,
        { words: ['pair'], prefix: null },
        stages.map((how) => ({ language: 'en', ...how })),
        { site: 'en', limit: 10 },
      )
    ).map((row) => row.id);

  it('finds through the titles only the docs with the word in their title', async () => {
    expect(await search({ inTitle: true })).toEqual([ids['Pair a headset']]);
    expect(await search({})).toHaveLength(3);
  });

  it('runs the stages in turn: each stage’s docs after those of the stages before, none twice', async () => {
    const found = await search({ inTitle: true }, {});
    expect(found[0]).toBe(ids['Pair a headset']);
    expect([...found].sort()).toEqual([ids['Pair a headset'], ids.Charging, ids.Firmware].sort());
  });

  it('stops at the limit: a later stage adds nothing once the docs before fill it', async () => {
    const found = await hd.ctx.storage.search.docsSuggested(
      hd.ctx.db,
      { words: ['pair'], prefix: null },
      [{ language: 'en', inTitle: true }, { language: 'en' }],
      { site: 'en', limit: 1 },
    );
    expect(found.map((row) => [row.id, row.title])).toEqual([[ids['Pair a headset'], 'Pair a headset']]);
  });

  it('ranks no more than the capped number of candidates', async () => {
    expect(await search({ candidates: 2 })).toHaveLength(2);
  });

  it.runIf(dialect === 'postgres')('keeps the docs’ text indexes to the docs, without a pending list', async () => {
    const { rows } = await sql<{ indexname: string; indexdef: string }>`
      select indexname, indexdef from pg_indexes where tablename = 'posts' and indexdef like '%gin%' order by indexname`.execute(hd.ctx.db);
    const docs = rows.filter((r) => r.indexname.startsWith('posts_doc_'));
    expect(docs.map((r) => r.indexname)).toEqual(['posts_doc_search_vector', 'posts_doc_title_text']);
    for (const r of docs) expect(r.indexdef).toMatch(/fastupdate='?off'?.*WHERE \(type = 'doc'::text\)/);
    expect(rows.map((r) => r.indexname)).not.toContain('posts_search_vector');
  });
});
