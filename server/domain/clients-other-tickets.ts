import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';

/** How many of the client's other tickets the agent's sidebar shows. */
export const OTHER_TICKETS_SHOWN = 20;

/**
 * The same client's other tickets, most recent activity first: the agent's sidebar. None when the
 * ticket has no client (`= null` matches nothing). Read through `posts_author_updated` (migration
 * 2026-11-28-020): by the activity index alone, a client with few tickets made it read every ticket.
 */
export function clientsOtherTickets(db: Kysely<Database>, ticketId: number) {
  return db
    .selectFrom('posts')
    .select(['id', 'number', 'title', 'author_id', 'assignee_id', 'product_id', 'created_at', 'updated_at', 'version'])
    .where('type', '=', 'ticket')
    .where('author_id', '=', (eb) =>
      eb.selectFrom('posts as p').select('p.author_id').where('p.id', '=', ticketId).where('p.type', '=', 'ticket'),
    )
    .where('id', '!=', ticketId)
    .orderBy('updated_at', 'desc')
    .limit(OTHER_TICKETS_SHOWN);
}
