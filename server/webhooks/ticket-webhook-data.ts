import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';

/** A ticket as an event's `data.ticket` carries it: ids with the terms' slugs, its client and assignee. */
export async function ticketWebhookData(db: Kysely<Database>, ticketId: number) {
  const row = await db
    .selectFrom('posts as p')
    .leftJoin('users as c', 'c.id', 'p.author_id')
    .leftJoin('terms as st', 'st.id', 'p.status_term_id')
    .leftJoin('terms as rt', 'rt.id', 'p.reason_term_id')
    .leftJoin('terms as ut', 'ut.id', 'p.urgency_term_id')
    .select(['p.id', 'p.number', 'p.title', 'p.content', 'p.product_id', 'p.assignee_id', 'p.created_at', 'p.updated_at'])
    .select(['c.id as clientId', 'c.email as clientEmail', 'c.name as clientName'])
    .select(['st.slug as status', 'rt.slug as reason', 'ut.slug as urgency'])
    .where('p.id', '=', ticketId)
    .where('p.type', '=', 'ticket')
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    number: row.number,
    subject: row.title,
    description: row.content,
    status: row.status ?? null,
    reason: row.reason ?? null,
    urgency: row.urgency ?? null,
    product_id: row.product_id,
    assignee_id: row.assignee_id,
    client: row.clientId === null ? null : { id: row.clientId, email: row.clientEmail, name: row.clientName },
    created: row.created_at,
    updated: row.updated_at,
  };
}
