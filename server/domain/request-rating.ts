import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { enqueueMail } from '../email/mail-jobs.js';

/** The status whose arrival asks the client "Did this solve it?" (spec: Resolved, slug `resolved`). */
export const RESOLVED_SLUG = 'resolved';

/**
 * Queues the "Did this solve it?" mail to the ticket's client, in the transaction that resolves it.
 * Not when the client resolved it themselves (they said so already) or the ticket has no client.
 * The mail's two links are signed when it is sent (rating-links.ts), bound to that mail's job.
 */
export async function requestRating(trx: Kysely<Database>, ticket: { id: number; author_id: number | null }, actorId: number | null) {
  if (ticket.author_id === null || ticket.author_id === actorId) return;
  await enqueueMail(trx, { template: 'client_ticket_resolved', userId: ticket.author_id, ticketId: ticket.id });
}
