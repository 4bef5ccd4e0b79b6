import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Issue 17 item 6: an agent opening a ticket marks that ticket's notifications read. With only the
// (user_id, read_at) index the update read every unread line of the agent to find the ticket's: ~3 ms per
// 50,000 unread lines, on the event loop (SQLite), on every ticket an agent opens. This index finds them
// directly.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('notifications_user_ticket').on('notifications').columns(['user_id', 'ticket_id', 'read_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('notifications_user_ticket').execute();
}
