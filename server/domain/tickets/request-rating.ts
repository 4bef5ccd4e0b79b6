import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import { enqueueMail } from '../../email/mail-jobs.js';
import { now } from '../context.js';

/** The status whose arrival asks the client "Did this solve it?" (spec: Resolved, slug `resolved`). */
export const RESOLVED_SLUG = 'resolved';

/**
 * Records a resolution that asks the client "Did this solve it?", in the transaction that resolves the
 * ticket; its id binds the answer links to it (rating_requests). Not when the client
 * resolved it themselves (they said so already) or the ticket has no client: then undefined.
 *
 * `mail: 'separate'` (a status change without a reply) queues the `client_ticket_resolved` mail, threaded
 * after the ticket's last mail when it is sent. `mail: 'in-reply'` queues none: the resolving reply's own mail
 * to the client carries the links (the caller puts the id on its `comment_added` job), so the question never
 * arrives before the answer it is about. The links are signed when the mail is sent (rating-links.ts), bound to
 * that mail's job and this resolution.
 */
export async function requestRating(
  trx: Kysely<Database>,
  ticket: { id: number; author_id: number | null },
  actorId: number | null,
  mail: 'separate' | 'in-reply' = 'separate',
): Promise<number | undefined> {
  if (ticket.author_id === null || ticket.author_id === actorId) return undefined;
  const { id } = await trx
    .insertInto('rating_requests')
    .values({ ticket_id: ticket.id, created_at: now(), reopened_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (mail === 'separate')
    await enqueueMail(trx, { template: 'client_ticket_resolved', userId: ticket.author_id, ticketId: ticket.id, ratingRequestId: id });
  return id;
}
