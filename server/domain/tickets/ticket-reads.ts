import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';

// Unread markers: `ticket_reads` keeps, per agent and ticket, the version the agent last saw. A ticket is
// unread while its version is higher: someone else replied or changed it since (one's own changes keep the
// read row current, see ticket-activity.ts). A ticket never opened is unread.

/** Records that the agent has seen the ticket as it is now (they opened it). */
export async function markTicketRead(db: Kysely<Database>, userId: number, ticketId: number, version: number): Promise<void> {
  await db
    .insertInto('ticket_reads')
    .values({ user_id: userId, ticket_id: ticketId, version })
    // Never lower it: an older page finishing late must not bring back a marker for what was read.
    .onConflict((oc) => oc.columns(['user_id', 'ticket_id']).doUpdateSet({ version }).where('ticket_reads.version', '<', version))
    .execute();
}
