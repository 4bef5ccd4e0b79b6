import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';

/** What a rule's conditions and actions look at on one ticket, read afresh through the firing's transaction. */
export interface TicketFacts {
  id: number;
  number: number | null;
  version: number;
  subject: string;
  /** The newest public message: the client's reply a `client.replied` rule runs on, else the description. */
  message: string;
  status: string;
  urgency: number | null;
  reason: number | null;
  product: number | null;
  assignee: number | null;
  client: number | null;
  /** Tag names, as typed. */
  tags: string[];
  channel: string | null;
  /** Custom form field values by field key (meta `custom_<key>`). */
  fields: Record<string, string>;
}

/** The ticket's facts, or undefined when it is gone. */
export async function readTicketFacts(db: Kysely<Database>, ticketId: number): Promise<TicketFacts | undefined> {
  return (await readTicketFactsMany(db, [ticketId]))[0];
}

/**
 * The facts of several tickets (the preview's), in four queries, one after the other (a transaction is one
 * connection); tickets that are gone are left out. Keep `ids` to a few hundred: they are bound as parameters.
 */
export async function readTicketFactsMany(db: Kysely<Database>, ids: readonly number[]): Promise<TicketFacts[]> {
  if (ids.length === 0) return [];
  const tickets = await db
    .selectFrom('posts as p')
    .leftJoin('terms as s', 's.id', 'p.status_term_id')
    .leftJoin('ticket_report_facts as f', 'f.ticket_id', 'p.id')
    .select(['p.id', 'p.number', 'p.version', 'p.title', 'p.content', 'p.product_id', 'p.assignee_id', 'p.author_id'])
    .select(['p.urgency_term_id', 'p.reason_term_id', 's.slug as status', 'f.channel'])
    .where('p.id', 'in', ids)
    .where('p.type', '=', 'ticket')
    .orderBy('p.id', 'desc')
    .execute();
  if (tickets.length === 0) return [];
  const found = tickets.map((ticket) => ticket.id);
  const tags = await db
    .selectFrom('ticket_tags as tt')
    .innerJoin('terms as t', 't.id', 'tt.term_id')
    .select(['tt.ticket_id', 't.name'])
    .where('tt.ticket_id', 'in', found)
    .execute();
  const meta = await db
    .selectFrom('post_meta')
    .select(['post_id', 'meta_key', 'meta_value'])
    .where('post_id', 'in', found)
    .where('meta_key', 'like', 'custom_%')
    .execute();
  // The newest public message of each: the highest comment id that is not an internal note.
  const latest = await db
    .selectFrom('comments as c')
    .leftJoin('comment_meta as m', (join) => join.onRef('m.comment_id', '=', 'c.id').on('m.meta_key', '=', 'is_internal'))
    .select(['c.post_id', 'c.content'])
    .where('c.post_id', 'in', found)
    .where((eb) => eb.or([eb('m.meta_value', 'is', null), eb('m.meta_value', '=', '0')]))
    .where((eb) =>
      eb(
        'c.id',
        '=',
        eb
          .selectFrom('comments as n')
          .leftJoin('comment_meta as nm', (join) => join.onRef('nm.comment_id', '=', 'n.id').on('nm.meta_key', '=', 'is_internal'))
          .select((inner) => inner.fn.max('n.id').as('id'))
          .whereRef('n.post_id', '=', 'c.post_id')
          .where((inner) => inner.or([inner('nm.meta_value', 'is', null), inner('nm.meta_value', '=', '0')])),
      ),
    )
    .execute();
  return tickets.map((ticket) => ({
    id: ticket.id,
    number: ticket.number,
    version: ticket.version,
    subject: ticket.title,
    message: latest.find((row) => row.post_id === ticket.id)?.content ?? ticket.content,
    status: ticket.status ?? '',
    urgency: ticket.urgency_term_id,
    reason: ticket.reason_term_id,
    product: ticket.product_id,
    assignee: ticket.assignee_id,
    client: ticket.author_id,
    tags: tags.filter((row) => row.ticket_id === ticket.id).map((row) => row.name),
    channel: ticket.channel ?? null,
    fields: Object.fromEntries(
      meta
        .filter((row) => row.post_id === ticket.id && row.meta_key.startsWith('custom_'))
        .map((row) => [row.meta_key.slice('custom_'.length), row.meta_value]),
    ),
  }));
}
