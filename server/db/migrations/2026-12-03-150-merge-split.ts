import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Merging and splitting tickets (issue 40): a merged ticket names the ticket that kept its messages
// (`merged_into_id`: its pages, its API answer and mail answering its thread lead there); a ticket made from
// another's messages names that ticket (`split_from_id`). The activity entries ("merged from #M", "split into #N")
// are rows of ticket_events of kind `link`, a text column that needs no change.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('posts').addColumn('merged_into_id', 'integer').execute();
  await db.schema.alterTable('posts').addColumn('split_from_id', 'integer').execute();
  // The tickets merged into one (its "merged from" list), and a chain's next step for mail and links.
  await db.schema.createIndex('posts_merged_into').on('posts').column('merged_into_id').where('merged_into_id', 'is not', null).execute();
  // The tickets split from one (its "split into" links).
  await db.schema.createIndex('posts_split_from').on('posts').column('split_from_id').where('split_from_id', 'is not', null).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('posts_split_from').ifExists().execute();
  await db.schema.dropIndex('posts_merged_into').ifExists().execute();
  await db.schema.alterTable('posts').dropColumn('split_from_id').execute();
  await db.schema.alterTable('posts').dropColumn('merged_into_id').execute();
}
