import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { message } from '../../../common/i18n/translator.js';
import { isUniqueViolation } from '../../db/is-unique-violation.js';
import type { Database, Taxonomy, UserRow } from '../../db/tables.js';
import { AppError, invalidField } from '../../errors.js';
import { judgeLimits } from '../../intake/counted-limits.js';
import { countAlone, isCountableIn, type LimitsToCount, type OverLimit } from '../../intake/limits-to-count.js';
import { mayFileForOthers } from '../../policies/ticket-policy.js';
import { assertAssignableToProduct, assertProductExists } from '../content/product-post-types.js';
import type { Actor, DomainContext } from '../context.js';
import { canRegisterUsers, canRegisterUsersWithoutReads, lookUpClient, registrationClosed } from '../people/find-or-create-client.js';
import { assertValidAccount, normalizeEmail } from '../people/resolve-user.js';
import { filedReportFacts } from '../report-facts/filed-report-facts.js';
import { slaPoliciesExist } from '../sla/sla-policies-exist.js';
import type { SlaChannel } from '../sla/sla-policy.js';
import { updateTicketSla } from '../sla/update-ticket-sla.js';
import { isMultiLineText, isSingleLineText, MULTI_LINE_RULE, SINGLE_LINE_RULE } from '../text-rules.js';
import {
  type Counting,
  fileTicketInOneStatement,
  type InsertedTicket,
  insertTicketRows,
  type OneStatementOutcome,
  type TicketAccount,
  type TicketRows,
} from './insert-ticket-rows.js';
import { readTicketTerms, type TicketTerms } from './ticket-terms.js';

export interface CreateTicketInput {
  name: string;
  email: string;
  subject: string;
  description: string;
  product?: number;
  reason?: number;
  urgency?: number;
  orderId?: string;
  /** More ticket meta (the help-site form's custom fields, `custom_*`), written with the ticket. */
  meta?: Record<string, string>;
  idempotencyKey?: string;
  /** The filer's language (the page's, the browser's): kept on an account this filing creates, never changed on one. */
  language?: string | null;
  /** Honoured for agents and admins only (spec §4.3 rule 1). */
  userId?: number;
  /** A `ticket_status` term id; honoured for agents and admins only. */
  status?: number;
  /**
   * More writes in the ticket's own transaction (its attachments are claimed there, so the ticket and its
   * files commit together or not at all).
   */
  alsoWrite?: (trx: Kysely<Database>, ticketId: number) => Promise<void>;
  /** How it came, for the service-level policies' conditions (fileTicket sets it). */
  channel?: SlaChannel;
}

export interface CreatedTicket {
  id: number;
  /** The ticket's own number, what people read (#1 on a fresh install); `id` stays the key of routes. */
  number: number;
  status: string;
  /** False when an idempotency key replayed an earlier submission. */
  isNew: boolean;
}

/**
 * Files a ticket. Anonymous callers can never choose the account, status or author: the ticket is
 * filed against the account resolved from the email. Everything is written in one transaction with
 * its outbox job, so there is no ticket without its notification and nothing is left on a refusal.
 * Refuses with REGISTRATION_CLOSED when the email has no account and none may be created; fileTicket
 * (file-ticket.ts) uses createTicketUnlessClosed to answer that without an exception.
 */
export async function createTicket(ctx: DomainContext, input: CreateTicketInput, actor: Actor | null): Promise<CreatedTicket> {
  const ticket = await createTicketUnlessClosed(ctx, input, actor);
  if (ticket === 'registration_closed') throw registrationClosed();
  if ('exceeded' in ticket) throw new Error('A filing with no limits to count was over one.');
  return ticket;
}

/**
 * createTicket, answering 'registration_closed' (nothing stored) where createTicket throws. With
 * `intake`, the intake limits are counted before anything is written, and an exceeded one is answered
 * (nothing stored but the counts): on PostgreSQL, counters in the database, in the filing's statement.
 */
export async function createTicketUnlessClosed(
  ctx: DomainContext,
  input: CreateTicketInput,
  actor: Actor | null,
  intake?: LimitsToCount,
): Promise<CreatedTicket | 'registration_closed' | OverLimit> {
  // Where the store files in one statement (PostgreSQL), a filing is one (limits, account, replay check and rows),
  // unless more writes join it: files, or the service-level targets when any policy exists (server/domain/sla/).
  const slaAt = ctx.now();
  const withSla = await slaPoliciesExist(ctx.db);
  const inOneStatement = ctx.storage.tickets.fileInOneStatement !== undefined && !input.alsoWrite && !withSla;
  const carried = intake && inOneStatement && isCountableIn(ctx.db, intake) ? intake : undefined;
  if (intake && !carried) {
    const over = await countAlone(intake);
    if (over) return over;
  }
  try {
    assertTicketText(input);
  } catch (error) {
    // Stopped before the statement: the limits are counted all the same, and an exceeded one answers first.
    const over = carried && (await countAlone(carried));
    if (over) return over;
    throw error;
  }
  const idempotencyKey = input.idempotencyKey ? scopeIdempotencyKey(input.email, input.idempotencyKey) : undefined;
  if (inOneStatement) return createInOneStatement(ctx, input, actor, idempotencyKey, carried);
  const privileged = mayFileForOthers(actor);
  const ownerChosen = privileged && input.userId !== undefined;
  // The reads are independent, so they go out together; their outcomes are then taken in the order
  // the checks have always run.
  const [replay, terms, client] = await Promise.allSettled([
    idempotencyKey ? findReplay(ctx.db, idempotencyKey) : undefined,
    readTicketTerms(ctx),
    ownerChosen ? undefined : lookUpClient(ctx, input),
  ]);
  const replayed = settled(replay);
  if (replayed) return replayed;
  const ticketTerms = settled(terms);
  const status = resolveStatus(ticketTerms, privileged ? input.status : undefined);
  await checkReferences(ctx, input, ticketTerms);
  const owner = ownerChosen ? await findUserById(ctx, input.userId as number) : undefined;
  const account = owner ? ({ kind: 'existing', user: owner } as const) : settled(client);
  if (!account) throw new Error('The client lookup was skipped although no owner was chosen.');
  if (account.kind === 'closed') return 'registration_closed';

  const created = ({ id, number }: InsertedTicket): CreatedTicket => ({ id, number, status: status.slug, isNew: true });
  try {
    const ticket = await ctx.transactions.run(async (trx) => {
      // A new client's account is stored with the ticket, so a failed ticket leaves no account behind.
      const user = account.kind === 'existing' ? account.user : await account.create(trx);
      const inserted = await insertTicketRows(trx, ctx.storage, { ...ticketRows(input, status, idempotencyKey, slaAt), authorId: user.id });
      await input.alsoWrite?.(trx, inserted.id);
      if (withSla) await updateTicketSla(trx, inserted.id, { filed: { channel: input.channel ?? null } }, slaAt);
      return created(inserted);
    });
    // Committed (group commit answers only after the commit): the inboxes hear of it. A new ticket is version 1.
    ctx.live.publish({ kind: 'ticket.created', ticketId: ticket.id, version: 1, by: actor?.id ?? null });
    return ticket;
  } catch (error) {
    // Two requests raced with the same key: the loser answers with the winner's ticket.
    const replay = await replayOnKeyRace(ctx, idempotencyKey, error);
    if (replay) return replay;
    throw error;
  }
}

/**
 * PostgreSQL: the filing as one statement, one round trip for an existing account (the terms come from
 * the cache, the settings behind the checks from theirs), the intake limits (`intake`) counted in it.
 * A new client's account is made in it too when the settings allow accounts (the registration gate is
 * then asked first); otherwise an unknown email costs a second statement, after the gate.
 */
async function createInOneStatement(
  ctx: DomainContext,
  input: CreateTicketInput,
  actor: Actor | null,
  idempotencyKey: string | undefined,
  intake: LimitsToCount | undefined,
): Promise<CreatedTicket | 'registration_closed' | OverLimit> {
  const privileged = mayFileForOthers(actor);
  let status: { id: number; slug: string };
  let owner: UserRow | undefined;
  try {
    const ticketTerms = await readTicketTerms(ctx);
    status = resolveStatus(ticketTerms, privileged ? input.status : undefined);
    await checkReferences(ctx, input, ticketTerms);
    owner = privileged && input.userId !== undefined ? await findUserById(ctx, input.userId) : undefined;
  } catch (error) {
    // Stopped before the statement: the limits are counted all the same, and an exceeded one answers first.
    const over = intake && (await countAlone(intake));
    if (over) return over;
    // A replay answers with its ticket as it always did, even when a term it named is gone since.
    const replay = idempotencyKey && error instanceof AppError ? await findReplay(ctx.db, idempotencyKey) : undefined;
    if (replay) return replay;
    throw error;
  }
  const rows = ticketRows(input, status, idempotencyKey, ctx.now());
  const file = async (account: TicketAccount, counting?: LimitsToCount): Promise<OneStatementOutcome | OverLimit> => {
    try {
      const outcome = await fileTicketInOneStatement(ctx.storage, ctx.db, rows, account, counting && countingOf(counting));
      const exceeded = counting && judgeLimits(counting.limits, outcome.hits);
      return exceeded ? { exceeded } : outcome;
    } catch (error) {
      if (!idempotencyKey || !isUniqueViolation(error)) throw error;
      // Lost a race on the key: the statement wrote nothing, its counts included, so they are counted
      // alone before the winner's ticket is the answer.
      const over = counting && (await countAlone(counting));
      if (over) return over;
      const replay = await findReplay(ctx.db, idempotencyKey);
      if (replay) return { kind: 'replayed', ...replay, hits: [] };
      throw error;
    }
  };
  // The registration gate, asked first when that costs no read, lets the statement make a new client's
  // account too; otherwise only an unknown email asks it (and pays for its reads), then a second statement.
  const mayRegister = owner ? undefined : await canRegisterUsersWithoutReads(ctx);
  const account: TicketAccount = owner
    ? { kind: 'id', id: owner.id }
    : mayRegister
      ? { kind: 'create', email: input.email, name: input.name, language: input.language ?? null }
      : { kind: 'email', email: input.email };
  let outcome = await file(account, intake);
  if ('exceeded' in outcome) return outcome;
  if (outcome.kind === 'no_account') {
    if (mayRegister === false || !(await canRegisterUsers(ctx))) return 'registration_closed';
    outcome = await file({ kind: 'create', email: input.email, name: input.name, language: input.language ?? null });
    if ('exceeded' in outcome) return outcome;
  }
  if (outcome.kind === 'no_account') throw new Error('The ticket statement made no account although it was told to.');
  if (outcome.kind === 'replayed') return { id: outcome.id, number: outcome.number, status: outcome.status, isNew: false };
  // Committed (the statement is its own transaction): the inboxes hear of it. A new ticket is version 1.
  ctx.live.publish({ kind: 'ticket.created', ticketId: outcome.id, version: 1, by: actor?.id ?? null });
  return { id: outcome.id, number: outcome.number, status: status.slug, isNew: true };
}

/** The intake limits as the filing statement counts them (`isCountableIn` said it can). */
function countingOf({ counters, limits }: LimitsToCount): Counting {
  if (!counters.inStatement) throw new Error('These counters cannot be counted by another statement.');
  return { counting: counters.inStatement.count(limits), maxima: limits.map((limit) => limit.max) };
}

/** The rows of the ticket but its author. */
function ticketRows(
  input: CreateTicketInput,
  status: { id: number; slug: string },
  idempotencyKey: string | undefined,
  at: Date,
): Omit<TicketRows, 'authorId'> {
  return {
    title: input.subject.trim(),
    content: input.description,
    productId: input.product ?? null,
    terms: [
      { taxonomy: 'ticket_status', termId: status.id },
      ...(input.reason !== undefined ? [{ taxonomy: 'ticket_reason' as const, termId: input.reason }] : []),
      ...(input.urgency !== undefined ? [{ taxonomy: 'ticket_urgency' as const, termId: input.urgency }] : []),
    ],
    meta: { ...input.meta, ...(input.orderId?.trim() && { order: input.orderId.trim() }) },
    idempotencyKey,
    reportFacts: filedReportFacts(at, input.channel ?? null, status.slug),
  };
}

/** After a failed insert: the winner's ticket when another request with the same key got there first. */
async function replayOnKeyRace(ctx: DomainContext, idempotencyKey: string | undefined, error: unknown): Promise<CreatedTicket | undefined> {
  return idempotencyKey && isUniqueViolation(error) ? findReplay(ctx.db, idempotencyKey) : undefined;
}

// Routes validate first; this is the guarantee for every caller (see text-rules.ts for why).
function assertTicketText(input: CreateTicketInput): void {
  assertValidAccount(input);
  if (!isSingleLineText(input.subject)) throw invalidField('subject', SINGLE_LINE_RULE);
  if (input.orderId !== undefined && !isSingleLineText(input.orderId)) throw invalidField('order_id', SINGLE_LINE_RULE);
  if (!isMultiLineText(input.description)) throw invalidField('description', MULTI_LINE_RULE);
  for (const [key, value] of Object.entries(input.meta ?? {})) {
    if (!isMultiLineText(value)) throw invalidField(key, MULTI_LINE_RULE);
  }
}

// Keys are scoped to the email, so a key guessed from another form never reveals someone else's ticket.
function scopeIdempotencyKey(email: string, key: string): string {
  return createHash('sha256')
    .update(`${normalizeEmail(email)}\n${key}`)
    .digest('hex');
}

async function findReplay(db: Kysely<Database>, key: string): Promise<CreatedTicket | undefined> {
  const row = await db
    .selectFrom('idempotency_keys as k')
    .innerJoin('term_relationships as tr', (join) => join.onRef('tr.post_id', '=', 'k.ticket_id').on('tr.taxonomy', '=', 'ticket_status'))
    .innerJoin('terms as t', 't.id', 'tr.term_id')
    .innerJoin('posts as p', 'p.id', 'k.ticket_id')
    .select(['k.ticket_id as id', 'p.number', 't.slug as status'])
    .where('k.key', '=', key)
    .executeTakeFirst();
  return row ? { id: row.id, number: row.number as number, status: row.status, isNew: false } : undefined;
}

function resolveStatus(terms: TicketTerms, statusId: number | undefined): { id: number; slug: string } {
  if (statusId === undefined) return terms.initialStatus;
  const term = terms.term('ticket_status', statusId);
  if (!term) throw invalidField('status', message('problems.field.no_such_with_id', { kind: 'status', id: String(statusId) }));
  return term;
}

function settled<T>(result: PromiseSettledResult<T>): T {
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

async function checkReferences(ctx: DomainContext, input: CreateTicketInput, terms: TicketTerms): Promise<void> {
  if (input.product !== undefined) {
    await assertProductExists(ctx, input.product);
    await assertAssignableToProduct(ctx, 'ticket');
  }
  const lookups: Array<[field: string, taxonomy: Taxonomy, id: number | undefined, route: string]> = [
    ['reason', 'ticket_reason', input.reason, 'reasons'],
    ['urgency', 'ticket_urgency', input.urgency, 'urgencies'],
  ];
  for (const [field, taxonomy, id, route] of lookups) {
    if (id !== undefined && !terms.has(taxonomy, id)) {
      throw invalidField(
        field,
        message('problems.field.no_such_listed', { kind: field, id: String(id), route: `/api/helpdesk/v1/tickets/${route}/` }),
      );
    }
  }
}

async function findUserById(ctx: DomainContext, userId: number): Promise<UserRow> {
  const user = await ctx.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user) throw invalidField('user_id', message('problems.field.no_user', { id: String(userId) }));
  return user;
}
