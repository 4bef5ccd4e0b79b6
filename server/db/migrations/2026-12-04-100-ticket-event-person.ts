import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// A `participant` entry of ticket_events names the person it is about (`person_id`, the account copied in, followed
// or taken off) beside their name: two staff members may share a name, and "Alex followed the ticket" (their own
// choice) must not be told from "Alex added Alex as a follower" by the names. No foreign key, as for `actor_id`; an
// erased client's id is cleared by the erasure (server/domain/privacy/erase-client.ts). Entries recorded before this
// have none.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('ticket_events').addColumn('person_id', 'integer').execute();
  // The erasure's "entries about this account": only participant entries have one.
  await db.schema.createIndex('ticket_events_person').on('ticket_events').column('person_id').where('person_id', 'is not', null).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('ticket_events_person').ifExists().execute();
  await db.schema.alterTable('ticket_events').dropColumn('person_id').execute();
}
