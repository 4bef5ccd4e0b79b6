import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Named leases: one instance at a time does a job that must not run twice at once (reading the support
// mailbox: two readers of one IMAP inbox both MOVE the same message, and Dovecot copies it twice).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    // Epoch milliseconds, compared with the instance's clock.
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('leases').ifExists().execute();
}
