import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// The language a doc is written in (a primary subtag: `de`), so that the widget's suggestions can prefer the
// visitor's language. Null, as every doc written before this is, means the site's language (General → Site
// language): a site that writes in one language never has to set it.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('posts').addColumn('language', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('posts').dropColumn('language').execute();
}
