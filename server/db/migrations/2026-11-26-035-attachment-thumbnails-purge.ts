import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Thumbnails and the purge of old files. A thumbnail is made on its first request and kept in the file
// store under its own random key (null: not made yet; '': the image cannot be shrunk, don't try again).
// A purged file keeps its row without bytes, so the thread still says a file was there and why it went.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('attachments').addColumn('thumb_key', 'text').execute();
  await db.schema.alterTable('attachments').addColumn('thumb_size', 'integer').execute();
  // When the purge removed the bytes; null while the file is there.
  await db.schema.alterTable('attachments').addColumn('removed_at', 'text').execute();
  // The purge's "N days" at that time, for the note in the thread.
  await db.schema.alterTable('attachments').addColumn('removed_after_days', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['removed_after_days', 'removed_at', 'thumb_size', 'thumb_key']) {
    await db.schema.alterTable('attachments').dropColumn(column).execute();
  }
}
