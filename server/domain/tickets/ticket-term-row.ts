import type { Kysely } from 'kysely';
import type { Database, Taxonomy } from '../../db/tables.js';
import { reopenRatingRequests } from './reopen-rating-requests.js';

/** The ticket's term of one taxonomy (its status, reason or urgency), or undefined when it has none. */
export async function currentTicketTerm(db: Kysely<Database>, ticketId: number, taxonomy: Taxonomy) {
  return db
    .selectFrom('term_relationships as tr')
    .innerJoin('terms as t', 't.id', 'tr.term_id')
    .select(['t.id', 't.name', 't.slug'])
    .where('tr.post_id', '=', ticketId)
    .where('tr.taxonomy', '=', taxonomy)
    .executeTakeFirst();
}

/**
 * Gives the ticket that term of its taxonomy (a ticket has at most one each): the one row every writer of a
 * status, reason or urgency goes through. The copies on `posts` and the counts per status follow by trigger.
 */
export async function setTicketTerm(db: Kysely<Database>, ticketId: number, taxonomy: Taxonomy, termId: number): Promise<void> {
  const updated = await db
    .updateTable('term_relationships')
    .set({ term_id: termId })
    .where('post_id', '=', ticketId)
    .where('taxonomy', '=', taxonomy)
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n)
    await db.insertInto('term_relationships').values({ post_id: ticketId, taxonomy, term_id: termId }).execute();
  // Here, where every status change passes: a reopening by any path (an agent, a client's reply, a "no")
  // ends the resolutions that asked for a rating.
  if (taxonomy === 'ticket_status') await reopenRatingRequests(db, ticketId, termId);
}
