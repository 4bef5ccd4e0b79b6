import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Every new ticket and client reply mails the staff: finding them must not scan every client account.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('users_role').on('users').columns(['role', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_role').ifExists().execute();
}
