import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/tables.js';
import { withInboxColumns } from './list-inbox.js';

/** How many of the client's other tickets the agent's sidebar shows. */
export const OTHER_TICKETS_SHOWN = 20;

/**
 * The same client's other tickets, most recent activity first, as lists show them: the agent's sidebar. None
 * when the ticket has no client (`= null` matches nothing). Read through `posts_author_updated` (migration
 * 2026-11-28-020): by the activity index alone, a client with few tickets made it read every ticket.
 */
export function clientsOtherTickets(db: Kysely<Database>, ticketId: number) {
  return withInboxColumns(otherTicketsOfClient(db.selectFrom('posts'), ticketId), undefined);
}

/**
 * The ticket's id and those of clientsOtherTickets, as a subquery (their tags come with the ticket's other reads;
 * one `in` list of them, which PostgreSQL reads through an index, unlike an `or` of two).
 */
export function ticketAndClientsOtherIds(db: Kysely<Database>, ticketId: number) {
  return db
    .selectFrom(otherTicketsOfClient(db.selectFrom('posts'), ticketId).select('posts.id').as('others'))
    .select('others.id')
    .unionAll(db.selectFrom('posts').select('posts.id').where('posts.id', '=', ticketId));
}

function otherTicketsOfClient<O>(query: SelectQueryBuilder<Database, 'posts', O>, ticketId: number) {
  return query
    .where('posts.type', '=', 'ticket')
    .where('posts.author_id', '=', (eb) =>
      eb.selectFrom('posts as p').select('p.author_id').where('p.id', '=', ticketId).where('p.type', '=', 'ticket'),
    )
    .where('posts.id', '!=', ticketId)
    .orderBy('posts.updated_at', 'desc')
    .limit(OTHER_TICKETS_SHOWN);
}
