import { type Kysely, sql } from 'kysely';
import type { Database, Taxonomy } from '../db/tables.js';
import { enqueueJob } from '../jobs/queue.js';
import { now } from './context.js';
import { nextTicketNumber } from './next-ticket-number.js';

/** The new ticket's post id and its own number (#1, #2, …) that people read. */
export interface InsertedTicket {
  id: number;
  number: number;
}

/** The rows of one new ticket, as createTicket resolved them. */
export interface TicketRows {
  title: string;
  content: string;
  authorId: number;
  productId: number | null;
  terms: Array<{ taxonomy: Taxonomy; termId: number }>;
  meta: Record<string, string>;
  /** The scoped idempotency key, when the submission sent one. */
  idempotencyKey?: string;
}

/**
 * Writes a ticket's rows (post, terms, meta, its `ticket_created` outbox job, its idempotency key) and
 * returns its id and number. On PostgreSQL they are one statement, so one round trip, atomic on its own (a
 * repeated key fails it whole); on SQLite, where a statement is a function call, one insert each.
 */
export async function insertTicketRows(db: Kysely<Database>, dialect: 'sqlite' | 'postgres', rows: TicketRows): Promise<InsertedTicket> {
  return dialect === 'postgres' ? insertInOneStatement(db, rows) : insertOneByOne(db, rows);
}

async function insertOneByOne(db: Kysely<Database>, rows: TicketRows): Promise<InsertedTicket> {
  const time = now();
  const { id, number } = await db
    .insertInto('posts')
    .values({
      type: 'ticket',
      status: 'publish',
      title: rows.title,
      content: rows.content,
      slug: '',
      author_id: rows.authorId,
      product_id: rows.productId,
      parent_id: null,
      menu_order: 0,
      number: await nextTicketNumber(db, 'sqlite'),
      created_at: time,
      updated_at: time,
      // The description is the client's first word: a new ticket needs a reply.
      client_spoke_last: 1,
    })
    .returning(['id', 'number'])
    .executeTakeFirstOrThrow();
  await db
    .insertInto('term_relationships')
    .values(rows.terms.map(({ taxonomy, termId }) => ({ post_id: id, taxonomy, term_id: termId })))
    .execute();
  const meta = Object.entries(rows.meta);
  if (meta.length)
    await db
      .insertInto('post_meta')
      .values(meta.map(([meta_key, meta_value]) => ({ post_id: id, meta_key, meta_value })))
      .execute();
  await enqueueJob(db, 'ticket_created', { ticketId: id }, time);
  if (rows.idempotencyKey)
    await db.insertInto('idempotency_keys').values({ key: rows.idempotencyKey, ticket_id: id, created_at: time }).execute();
  return { id, number: number as number };
}

async function insertInOneStatement(db: Kysely<Database>, rows: TicketRows): Promise<InsertedTicket> {
  const time = now();
  const terms = sql.join(rows.terms.map(({ taxonomy, termId }) => sql`(${taxonomy}::text, ${termId}::int)`));
  const meta = Object.entries(rows.meta);
  const parts = [
    sql`t as (
      insert into posts (type, status, title, content, slug, author_id, product_id, parent_id, menu_order, number, created_at,
        updated_at, client_spoke_last)
      values ('ticket', 'publish', ${rows.title}, ${rows.content}, '', ${rows.authorId}::int, ${rows.productId}::int, null, 0,
        nextval('ticket_number_seq'), ${time}, ${time}, 1)
      returning id, number)`,
    sql`r as (
      insert into term_relationships (post_id, taxonomy, term_id)
      select t.id, v.taxonomy, v.term_id from t, (values ${terms}) as v(taxonomy, term_id))`,
    // The payload as enqueueJob writes it (JSON.stringify of { ticketId }).
    sql`j as (
      insert into jobs (kind, payload, state, attempts, run_at, last_error, created_at)
      select 'ticket_created', '{"ticketId":' || t.id || '}', 'queued', 0, ${time}, null, ${time} from t)`,
  ];
  if (meta.length) {
    const values = sql.join(meta.map(([key, value]) => sql`(${key}::text, ${value}::text)`));
    parts.push(
      sql`m as (insert into post_meta (post_id, meta_key, meta_value) select t.id, v.k, v.v from t, (values ${values}) as v(k, v))`,
    );
  }
  if (rows.idempotencyKey)
    parts.push(sql`k as (insert into idempotency_keys (key, ticket_id, created_at) select ${rows.idempotencyKey}, t.id, ${time} from t)`);
  const result = await sql<InsertedTicket>`with ${sql.join(parts)} select id, number from t`.execute(db);
  const row = result.rows[0];
  if (row === undefined) throw new Error('The ticket insert returned no id.');
  return { id: Number(row.id), number: Number(row.number) };
}
