import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// The agents' inbox: who a ticket is assigned to, and the indexes its list pages read.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('posts')
    .addColumn('assignee_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  // "My tickets", newest activity first; the status filter probes term_relationships' primary key.
  await db.schema.createIndex('posts_type_assignee_updated').on('posts').columns(['type', 'assignee_id', 'updated_at']).execute();
  // Counts per status and the status filter: term_id first, covering post_id.
  await db.schema
    .createIndex('term_relationships_taxonomy_term')
    .on('term_relationships')
    .columns(['taxonomy', 'term_id', 'post_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('term_relationships_taxonomy_term').ifExists().execute();
  await db.schema.dropIndex('posts_type_assignee_updated').ifExists().execute();
  await db.schema.alterTable('posts').dropColumn('assignee_id').execute();
}
