import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// The widget's suggestions at 10,000 docs (issue 38: p95 ≤ 150 ms), PostgreSQL only (SQLite's docs_fts has the title
// as a column of its own, for a column filter, and no pending list):
// - the docs' text index covers the docs alone, without the pending list of fast updates. The old one covered every
//   post: each ticket filed added its empty text to the index's pending list, which every search read in full until
//   a vacuum merged it (a search holding every word took 20 ms instead of 0.2 ms after 10,000 inserts). Docs are
//   written rarely: each goes into the index as it is written. Every search of it names `type = 'doc'`.
// - an index of the docs' titles alone: the suggestions rank the docs holding a word in their title first, a few
//   hundred where the word alone is in thousands (server/db/postgres/search.ts repeats its expression exactly).

export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`create index posts_doc_search_vector on posts using gin (search_vector) with (fastupdate = off) where type = 'doc'`.execute(db);
  await sql`drop index if exists posts_search_vector`.execute(db);
  await sql`create index posts_doc_title_text on posts using gin (to_tsvector('english', title)) with (fastupdate = off)
    where type = 'doc'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop index if exists posts_doc_title_text`.execute(db);
  await sql`create index if not exists posts_search_vector on posts using gin (search_vector)`.execute(db);
  await sql`drop index if exists posts_doc_search_vector`.execute(db);
}
