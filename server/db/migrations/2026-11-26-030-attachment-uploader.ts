import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Which process is storing a pending attachment's bytes (its machine, process id and run), so a restarted
// helpdesk can sweep at once what a killed process of the same machine left, instead of after the hour
// that protects other instances' uploads in progress. Null for rows written before: the hour applies.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('attachments').addColumn('uploader', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('attachments').dropColumn('uploader').execute();
}
