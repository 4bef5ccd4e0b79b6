import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Fixed-window counters (intake limits, mails per address) shared by instances without Redis: one row
// per key, bumped by one atomic upsert; rows whose window ended are deleted by housekeeping.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('counter_windows')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    // Epoch milliseconds: compared with the instance's clock on every hit, so a number, not text.
    .addColumn('reset_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('counter_windows_reset_at').on('counter_windows').column('reset_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('counter_windows').ifExists().execute();
}
