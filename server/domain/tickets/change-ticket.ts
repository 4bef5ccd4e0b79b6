import type { Kysely } from 'kysely';
import { message } from '../../../common/i18n/translator.js';
import type { Database, Taxonomy } from '../../db/tables.js';
import { enqueueMail } from '../../email/mail-jobs.js';
import { AppError, invalidField } from '../../errors.js';
import { enqueueJob } from '../../jobs/queue.js';
import { queueRuleRun } from '../../jobs/queue-rule-run.js';
import type { CoreSettings } from '../../settings/core-settings.js';
import { queueWebhookEvent } from '../../webhooks/queue-webhook-event.js';
import { findTermId } from '../content/find-term-id.js';
import { type DomainContext, now } from '../context.js';
import { type AddedNotification, addNotifications, announceNotifications } from '../notifications/add-notifications.js';
import { defaultMailPreferences, usersWantingMail } from '../notifications/notification-preferences.js';
import { recordReportFacts } from '../report-facts/record-report-facts.js';
import { slaInForce } from '../sla/sla-policies-exist.js';
import { updateTicketSla } from '../sla/update-ticket-sla.js';
import { FINISHED_STATUS_SLUGS } from './finished-statuses.js';
import { RESOLVED_SLUG, requestRating } from './request-rating.js';
import { type ExpectedVersion, recordTicketChanges, type TicketChange } from './ticket-activity.js';
import { changeTicketTags } from './ticket-tags.js';
import { currentTicketTerm, setTicketTerm } from './ticket-term-row.js';

export interface TicketChanges {
  /** Status slug (changed by hand: no filter, no setting). */
  status?: string;
  /** Reason or urgency id or slug, or null to clear. */
  reason?: number | string | null;
  urgency?: number | string | null;
  product?: number | null;
  /** An agent or admin id, or null to unassign. */
  assignee?: number | null;
  /** The ticket's tags, by name (new names become tags). */
  tags?: string[];
  /** Tags to add or remove, by name, keeping the others (bulk changes). */
  addTags?: string[];
  removeTags?: string[];
}

/** Whether the new assignee gets the assignment mail (a bulk change limits how many one agent gets). */
export type AssignmentMailPolicy = (assigneeId: number, ticketId: number) => boolean;

export interface ChangeTicketOptions {
  /** Who changes it, recorded as the actor; null for the helpdesk itself (the auto responder). */
  actorId: number | null;
  /** Read before the transaction (never through it): the rating request and the assignment mail follow them. */
  settings: CoreSettings;
  /** The version(s) the writer saw: a ticket changed since is refused (TICKET_CHANGED) and nothing is saved. */
  expectedVersion?: ExpectedVersion;
  mayMailAssignee?: AssignmentMailPolicy;
  /** Entries recorded first, under the same version: the reply or note, the rating the change comes with. */
  alongWith?: TicketChange[];
  /** The field changes are the helpdesk's (a status moved by a reply, a "no" reopening), not the actor's choice. */
  automatic?: boolean;
  /**
   * How a resolution asks the client for a rating: its own mail (`separate`, the default), or in the resolving
   * reply's mail (`in-reply`: the caller puts `ratingRequestId` on its `comment_added` job).
   */
  ratingMail?: 'separate' | 'in-reply';
  /** When the change happens, for the service levels' clock (`ctx.now()`); the system clock when absent. */
  at?: Date;
  /**
   * Whether service levels are kept (`slaInForce`, cached, read before the transaction): false skips them, so a
   * desk without policies pays nothing for them. Absent: they are brought up to date (the ticket's row read).
   */
  slaInForce?: boolean;
  /**
   * A rule's firing (server/domain/rules/): every entry is marked with the rule, and the rules the change triggers
   * skip the rules of `chain` and this one, and every rule fired since `cycle` (a rule never re-triggers itself).
   */
  rule?: { id: number; chain: readonly number[]; cycle: number };
}

export interface AppliedChanges {
  version: number;
  /** The fields that took effect (status, assignee, tag, rating, …); empty when nothing changed. */
  fields: string[];
  /** In-app notifications written with the change, announced once it is committed. */
  notified: AddedNotification[];
  /** The resolution that asks the client for a rating, when the change resolved the ticket and one was made. */
  ratingRequestId?: number;
}

const TERM_FIELDS: Array<[key: 'status' | 'reason' | 'urgency', taxonomy: Taxonomy]> = [
  ['status', 'ticket_status'],
  ['reason', 'ticket_reason'],
  ['urgency', 'ticket_urgency'],
];

/**
 * The one way a ticket changes: applies any set of changes inside the caller's transaction with what belongs
 * to them (a resolution asks for a rating, a reopening withdraws it through `setTicketTerm`, a new assignee is
 * notified and mailed as they chose), and records them, with the entries given `alongWith`, under one new
 * version. Publishing is the caller's, after its commit (`publishTicketChange`). Policies are the caller's.
 */
export async function changeTicket(
  trx: Kysely<Database>,
  id: number,
  changes: TicketChanges,
  {
    actorId,
    settings,
    expectedVersion,
    mayMailAssignee = () => true,
    alongWith = [],
    automatic,
    ratingMail,
    at,
    slaInForce,
    rule,
  }: ChangeTicketOptions,
): Promise<AppliedChanges> {
  const notified: AddedNotification[] = [];
  const given = Object.values(changes).some((value) => value !== undefined);
  const ticket = given
    ? await trx
        .selectFrom('posts')
        .select(['id', 'product_id', 'assignee_id', 'author_id'])
        .where('id', '=', id)
        .where('type', '=', 'ticket')
        .executeTakeFirst()
    : undefined;
  if (given && !ticket) throw new AppError('NOT_FOUND', message('problems.ticket.not_found'));
  const recorded: TicketChange[] = [];
  const record = (change: TicketChange) => recorded.push(automatic ? { ...change, automatic: true } : change);
  let ratingRequestId: number | undefined;
  // Finished, or taken from someone: that agent may have room for a ticket waiting for fair assignment.
  let freesRoom = false;

  for (const [key, taxonomy] of TERM_FIELDS) {
    const termKey = changes[key];
    if (termKey === undefined || !ticket) continue;
    const before = await currentTicketTerm(trx, id, taxonomy);
    if (termKey === null) {
      if (key === 'status') throw invalidField('status', message('problems.change.status_required'));
      await trx.deleteFrom('term_relationships').where('post_id', '=', id).where('taxonomy', '=', taxonomy).execute();
      if (before) record({ kind: 'field', field: key, oldValue: before.name, newValue: null });
      continue;
    }
    const termId = await findTermId(trx, taxonomy, termKey);
    if (termId === undefined)
      throw invalidField(
        key,
        key === 'status'
          ? message('problems.change.no_status_slug', { term: String(termKey) })
          : message('problems.change.no_term', { field: key, term: String(termKey) }),
      );
    if (before?.id === termId) continue;
    await setTicketTerm(trx, id, taxonomy, termId);
    const after = await trx.selectFrom('terms').select(['name', 'slug']).where('id', '=', termId).executeTakeFirstOrThrow();
    record({ kind: 'field', field: key, oldValue: before?.name ?? null, newValue: after.name });
    // Resolved by someone else than its client: ask the client whether it solved it (with the setting on).
    if (key === 'status' && (FINISHED_STATUS_SLUGS as readonly string[]).includes(after.slug)) freesRoom = true;
    if (key === 'status' && after.slug === RESOLVED_SLUG && settings.emails.ask_rating_when_resolved)
      ratingRequestId = await requestRating(trx, ticket, actorId, ratingMail);
  }

  const set: { product_id?: number | null; assignee_id?: number | null; updated_at: string } = { updated_at: now() };
  if (changes.product !== undefined && ticket) {
    const after = changes.product === null ? undefined : await findProductTitle(trx, changes.product);
    if (changes.product !== null && after === undefined)
      throw invalidField('product', message('problems.field.no_such_with_id', { kind: 'product', id: String(changes.product) }));
    set.product_id = changes.product;
    if (ticket.product_id !== changes.product) {
      const before = ticket.product_id === null ? undefined : await findProductTitle(trx, ticket.product_id);
      record({ kind: 'field', field: 'product', oldValue: before ?? null, newValue: after ?? null });
    }
  }
  if (changes.assignee !== undefined && ticket) {
    const after = changes.assignee === null ? undefined : await findStaffName(trx, changes.assignee);
    if (changes.assignee !== null && after === undefined)
      throw invalidField('assignee', message('problems.change.no_assignee', { id: String(changes.assignee) }));
    set.assignee_id = changes.assignee;
    if (ticket.assignee_id !== changes.assignee) {
      // The new assignee is told, unless they took the ticket themselves: in the app always, by mail as
      // they chose (and as the bulk change's one mail per assignee allows).
      if (changes.assignee !== null && changes.assignee !== actorId) {
        const mailDefault = defaultMailPreferences(settings).ticket_assigned;
        const wantsMail = await usersWantingMail(trx, [changes.assignee], 'ticket_assigned', mailDefault);
        if (wantsMail.length > 0 && mayMailAssignee(changes.assignee, id))
          await enqueueMail(trx, { template: 'agent_ticket_assigned', userId: changes.assignee, ticketId: id });
        notified.push(...(await addNotifications(trx, 'ticket_assigned', id, [changes.assignee])));
      }
      const before = ticket.assignee_id === null ? undefined : await findStaffName(trx, ticket.assignee_id);
      record({ kind: 'field', field: 'assignee', oldValue: before ?? null, newValue: after ?? null });
      if (ticket.assignee_id !== null) freesRoom = true;
    }
  }
  if (changes.tags !== undefined || changes.addTags !== undefined || changes.removeTags !== undefined)
    for (const change of await changeTicketTags(trx, id, { set: changes.tags, add: changes.addTags, remove: changes.removeTags }))
      record(change);
  if (given) await trx.updateTable('posts').set(set).where('id', '=', id).execute();
  const entries = [...alongWith, ...recorded].map((change) => (rule ? { ...change, ruleId: rule.id } : change));
  // The version is raised before the service level is touched: that write holds the ticket's row, which the sweep
  // of warnings and breaches (fire-sla-events.ts) takes first as well, so on PostgreSQL the two queue on one row
  // in one order, and neither's write to the targets is lost under the other's (SQLite has one writer).
  const version = await recordTicketChanges(trx, id, actorId, entries, expectedVersion);
  // The webhooks' outbox, in this transaction: each field that changed, as people read it before and after.
  const fieldChanges = recorded.filter((change) => change.kind === 'field' && change.field !== undefined);
  if (fieldChanges.length > 0)
    await queueWebhookEvent(
      trx,
      'ticket.updated',
      {
        ticket: { id, version },
        actor_id: actorId ?? null,
        changes: Object.fromEntries(fieldChanges.map((change) => [change.field, [change.oldValue ?? null, change.newValue ?? null]])),
      },
      at ?? new Date(),
    );
  // The rules on a change (server/domain/rules/), queued with it when an enabled one waits for changes.
  if (fieldChanges.length > 0)
    await queueRuleRun(
      trx,
      rule
        ? { ticketId: id, trigger: 'ticket.updated', marker: version, chain: [...rule.chain, rule.id], cycle: rule.cycle }
        : { ticketId: id, trigger: 'ticket.updated', marker: version, chain: [] },
    );
  // Service levels (server/domain/sla/): the ticket's targets follow a reply, a note or a field change, in this
  // transaction. A change that changed nothing leaves them.
  const comment = alongWith.find((change) => (change.kind === 'reply' || change.kind === 'note') && change.commentId !== undefined);
  const commented = comment ? { comment: { id: comment.commentId as number, internal: comment.kind === 'note' } } : {};
  if (entries.length > 0 && slaInForce !== false) await updateTicketSla(trx, id, commented, at ?? new Date());
  // Reports (server/domain/report-facts/): first and next replies, resolutions, reopenings and time in Waiting
  // are kept on the ticket as they happen, after the service level (whose policy picks the business hours).
  if (entries.length > 0)
    await recordReportFacts(
      trx,
      id,
      { ...commented, statusChanged: recorded.some((change) => change.field === 'status'), slaInForce },
      at ?? new Date(),
    );
  if (freesRoom) await queueWaitingAssignments(trx);
  const fields = entries.map((change) => (change.kind === 'rating' ? 'rating' : change.field)).filter((field) => field !== undefined);
  return { version, fields: [...new Set(fields)], notified, ...(ratingRequestId !== undefined && { ratingRequestId }) };
}

/**
 * Tells open screens of a committed change, in one event: `comment.added` for a reply or note (with the fields
 * that changed with it), else `ticket.updated` (a change that changed nothing, the same values again, is not
 * news); then the agents it notified.
 */
export function publishTicketChange(
  ctx: DomainContext,
  ticketId: number,
  applied: AppliedChanges,
  by: number | null,
  comment?: { id: number; isNote: boolean },
): void {
  const { version, fields } = applied;
  if (comment)
    ctx.live.publish({
      kind: 'comment.added',
      ticketId,
      version,
      commentId: comment.id,
      isNote: comment.isNote,
      by,
      ...(fields.length > 0 && { fields }),
    });
  else if (fields.length > 0) ctx.live.publish({ kind: 'ticket.updated', ticketId, version, fields, by });
  announceNotifications(ctx.live, applied.notified);
}

/** `changeTicket` in a transaction of its own, published once committed. */
export async function changeTicketAlone(
  ctx: DomainContext,
  id: number,
  changes: TicketChanges,
  options: ChangeTicketOptions,
): Promise<AppliedChanges> {
  const inForce = await slaInForce(ctx.db);
  const applied = await ctx.db
    .transaction()
    .execute((trx) => changeTicket(trx, id, changes, { at: ctx.now(), slaInForce: inForce, ...options }));
  publishTicketChange(ctx, id, applied, options.actorId);
  return applied;
}

async function findProductTitle(db: Kysely<Database>, id: number): Promise<string | undefined> {
  const row = await db.selectFrom('posts').select('title').where('id', '=', id).where('type', '=', 'product').executeTakeFirst();
  return row?.title;
}

async function findStaffName(db: Kysely<Database>, id: number): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('name').where('id', '=', id).where('role', 'in', ['agent', 'admin']).executeTakeFirst();
  return row?.name;
}

/**
 * Room freed: the tickets waiting for fair assignment (server/domain/assignment/) are looked at, by a job, when any wait
 * and no such job is queued yet (a bulk close of 500 tickets queues one, not 500).
 */
async function queueWaitingAssignments(trx: Kysely<Database>): Promise<void> {
  const waiting = await trx.selectFrom('assignment_queue').select('ticket_id').limit(1).executeTakeFirst();
  if (!waiting) return;
  const queued = await trx
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', 'assign_waiting')
    .where('state', '=', 'queued')
    .limit(1)
    .executeTakeFirst();
  if (!queued) await enqueueJob(trx, 'assign_waiting', {});
}
