import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Issue 17 item 6: the ticket view shows the client's other tickets, most recent activity first. With
// (author_id, type) alone, SQLite read them through the activity index (type, updated_at) instead, to skip
// the sort: for a client with a few tickets among 30,000 it read every ticket, 6-23 ms on the event loop
// under load. This index serves the filter and the order at once, and replaces the shorter one.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('posts_author_updated').on('posts').columns(['author_id', 'type', 'updated_at']).execute();
  await db.schema.dropIndex('posts_author').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('posts_author').on('posts').columns(['author_id', 'type']).execute();
  await db.schema.dropIndex('posts_author_updated').execute();
}
