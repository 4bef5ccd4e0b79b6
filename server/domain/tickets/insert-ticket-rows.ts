import type { Kysely } from 'kysely';
import { languageOf } from '../../../common/i18n/languages.js';
import type { Storage } from '../../db/storage.js';
import type { Database } from '../../db/tables.js';
import type { Counting, InsertedTicket, OneStatementOutcome, TicketAccount, TicketRows } from '../../db/ticket-filing.js';
import { enqueueJob } from '../../jobs/queue.js';
import { now } from '../context.js';
import { assertValidAccount, normalizeEmail } from '../people/resolve-user.js';

export type { Counting, InsertedTicket, OneStatementOutcome, TicketAccount, TicketRows };

/**
 * Writes a ticket's rows (post, terms, meta, its `ticket_created` outbox job, its idempotency key, its reports' row) and
 * returns its id and number. Where the store files in one statement (storage.tickets), they are one, so one round
 * trip, atomic on its own (a repeated key fails it whole); elsewhere (SQLite, where a statement is a function
 * call) one insert each.
 */
export async function insertTicketRows(db: Kysely<Database>, storage: Storage, rows: TicketRows): Promise<InsertedTicket> {
  const inOneStatement = storage.tickets.fileInOneStatement;
  if (!inOneStatement) return insertOneByOne(db, storage, rows);
  const outcome = await inOneStatement(db, rows, { kind: 'id', id: rows.authorId }, false);
  if (outcome.kind !== 'created') throw new Error('The ticket insert returned no id.');
  return outcome;
}

async function insertOneByOne(db: Kysely<Database>, storage: Storage, rows: TicketRows): Promise<InsertedTicket> {
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
      number: await storage.tickets.nextNumber(db),
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
  if (rows.reportFacts) {
    const { createdAt, channel, status, heldSince } = rows.reportFacts;
    await db
      .insertInto('ticket_report_facts')
      .values({ ticket_id: id, created_at: createdAt, channel, status, held_since: heldSince })
      .execute();
  }
  return { id, number: number as number };
}

/**
 * A whole filing in one statement where the store files so (storage.tickets.fileInOneStatement, PostgreSQL),
 * so one round trip: the account is looked up (or made) and the idempotency key's earlier ticket found in the
 * statement itself; the ticket's rows are written only when the account exists, the key is new and the
 * counters carried (if any) are within their limits. Two racing submissions with one key: the loser fails on
 * the key's unique index and writes nothing, its counts included (the caller answers with the winner's).
 */
export async function fileTicketInOneStatement(
  storage: Storage,
  db: Kysely<Database>,
  rows: Omit<TicketRows, 'authorId'>,
  account: TicketAccount,
  counters?: Counting,
): Promise<OneStatementOutcome> {
  const inOneStatement = storage.tickets.fileInOneStatement;
  if (!inOneStatement) throw new Error('This store files a ticket in several statements.');
  return inOneStatement(db, rows, storedAccount(account), true, counters);
}

/** The account as the statement looks it up: the email normalized, a new account's fields checked. */
function storedAccount(account: TicketAccount): TicketAccount {
  switch (account.kind) {
    case 'id':
      return account;
    case 'email':
      return { kind: 'email', email: normalizeEmail(account.email) };
    case 'create':
      assertValidAccount(account);
      // Only a shipped language is kept (`de-AT` as `de`, an unknown one as none), as insertUserOnce does.
      return { kind: 'create', email: normalizeEmail(account.email), name: account.name, language: languageOf(account.language) };
  }
}
