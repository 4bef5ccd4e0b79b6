import type { Kysely } from 'kysely';
import type { Database, Taxonomy } from '../../db/tables.js';
import { enqueueMail } from '../../email/mail-jobs.js';
import { AppError, invalidField } from '../../errors.js';
import { mayChangeTicket } from '../../policies/ticket-policy.js';
import { type CoreSettings, getCoreSettings } from '../../settings/core-settings.js';
import { findTermId } from '../content/find-term-id.js';
import { type Actor, type DomainContext, now } from '../context.js';
import { type AddedNotification, addNotifications, announceNotifications } from '../notifications/add-notifications.js';
import { defaultMailPreferences, usersWantingMail } from '../notifications/notification-preferences.js';
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

const TERM_FIELDS: Array<[key: 'status' | 'reason' | 'urgency', taxonomy: Taxonomy]> = [
  ['status', 'ticket_status'],
  ['reason', 'ticket_reason'],
  ['urgency', 'ticket_urgency'],
];

/**
 * Changes a ticket's status, reason, urgency, product or assignee (agents and admins), in one transaction
 * that also records each change that took effect (who, from what, to what) and raises the version. With
 * `expectedVersion`, a ticket changed by someone else since is refused (TICKET_CHANGED) and nothing is saved.
 */
export async function updateTicket(
  ctx: DomainContext,
  id: number,
  changes: TicketChanges,
  actor: Actor | null,
  expectedVersion?: ExpectedVersion,
): Promise<void> {
  if (!mayChangeTicket(actor)) throw new AppError('FORBIDDEN', 'Only agents and admins can change tickets.');
  const settings = await getCoreSettings(ctx);
  const outcome = await ctx.db.transaction().execute((trx) => applyTicketChanges(trx, id, changes, actor, settings, { expectedVersion }));
  publishTicketChange(ctx, id, outcome, actor.id);
}

/**
 * Tells open screens of a committed change (a change that changed nothing, the same values again, is not
 * news) and the agents it notified.
 */
export function publishTicketChange(ctx: DomainContext, id: number, outcome: AppliedChanges, actorId: number): void {
  if (outcome.fields.length > 0)
    ctx.live.publish({ kind: 'ticket.updated', ticketId: id, version: outcome.version, fields: outcome.fields, by: actorId });
  announceNotifications(ctx.live, outcome.notified);
}

export interface AppliedChanges {
  version: number;
  /** The fields that took effect (status, assignee, tag, …); empty when nothing changed. */
  fields: string[];
  /** In-app notifications written with the change, announced once it is committed. */
  notified: AddedNotification[];
}

/**
 * Applies the changes to one ticket inside the caller's transaction: the rows, the mails (outbox: the
 * assignment, the resolved ticket's rating request), the in-app notifications and the activity entries,
 * raising the version. Publishing is the caller's, after its commit.
 */
export async function applyTicketChanges(
  trx: Kysely<Database>,
  id: number,
  changes: TicketChanges,
  actor: Actor,
  settings: CoreSettings,
  { expectedVersion, mayMailAssignee = () => true }: { expectedVersion?: ExpectedVersion; mayMailAssignee?: AssignmentMailPolicy } = {},
): Promise<AppliedChanges> {
  const notified: AddedNotification[] = [];
  const ticket = await trx
    .selectFrom('posts')
    .select(['id', 'product_id', 'assignee_id', 'author_id'])
    .where('id', '=', id)
    .where('type', '=', 'ticket')
    .executeTakeFirst();
  if (!ticket) throw new AppError('NOT_FOUND', 'There is no such ticket.');
  const recorded: TicketChange[] = [];

  for (const [key, taxonomy] of TERM_FIELDS) {
    const termKey = changes[key];
    if (termKey === undefined) continue;
    const before = await currentTicketTerm(trx, id, taxonomy);
    if (termKey === null) {
      if (key === 'status') throw invalidField('status', 'a ticket always has a status');
      await trx.deleteFrom('term_relationships').where('post_id', '=', id).where('taxonomy', '=', taxonomy).execute();
      if (before) recorded.push({ kind: 'field', field: key, oldValue: before.name, newValue: null });
      continue;
    }
    const termId = await findTermId(trx, taxonomy, termKey);
    if (termId === undefined) throw invalidField(key, `there is no ${key} "${termKey}"`);
    await setTicketTerm(trx, id, taxonomy, termId);
    if (before?.id !== termId) {
      const after = await trx.selectFrom('terms').select(['name', 'slug']).where('id', '=', termId).executeTakeFirstOrThrow();
      recorded.push({ kind: 'field', field: key, oldValue: before?.name ?? null, newValue: after.name });
      // Resolved by someone else than its client: ask the client whether it solved it (with the setting on).
      if (key === 'status' && after.slug === RESOLVED_SLUG && settings.emails.ask_rating_when_resolved)
        await requestRating(trx, ticket, actor.id);
    }
  }

  const set: { product_id?: number | null; assignee_id?: number | null; updated_at: string } = { updated_at: now() };
  if (changes.product !== undefined) {
    const after = changes.product === null ? undefined : await findProductTitle(trx, changes.product);
    if (changes.product !== null && after === undefined) throw invalidField('product', `there is no product with id ${changes.product}`);
    set.product_id = changes.product;
    if (ticket.product_id !== changes.product) {
      const before = ticket.product_id === null ? undefined : await findProductTitle(trx, ticket.product_id);
      recorded.push({ kind: 'field', field: 'product', oldValue: before ?? null, newValue: after ?? null });
    }
  }
  if (changes.assignee !== undefined) {
    const after = changes.assignee === null ? undefined : await findStaffName(trx, changes.assignee);
    if (changes.assignee !== null && after === undefined)
      throw invalidField('assignee', `there is no agent or admin with id ${changes.assignee}`);
    set.assignee_id = changes.assignee;
    if (ticket.assignee_id !== changes.assignee) {
      // The new assignee is told, unless they took the ticket themselves: in the app always, by mail as
      // they chose (and as the bulk change's one mail per assignee allows).
      if (changes.assignee !== null && changes.assignee !== actor.id) {
        const wantsMail = await usersWantingMail(
          trx,
          [changes.assignee],
          'ticket_assigned',
          defaultMailPreferences(settings).ticket_assigned,
        );
        if (wantsMail.length > 0 && mayMailAssignee(changes.assignee, id))
          await enqueueMail(trx, { template: 'agent_ticket_assigned', userId: changes.assignee, ticketId: id });
        notified.push(...(await addNotifications(trx, 'ticket_assigned', id, [changes.assignee])));
      }
      const before = ticket.assignee_id === null ? undefined : await findStaffName(trx, ticket.assignee_id);
      recorded.push({ kind: 'field', field: 'assignee', oldValue: before ?? null, newValue: after ?? null });
    }
  }
  if (changes.tags !== undefined || changes.addTags !== undefined || changes.removeTags !== undefined)
    recorded.push(...(await changeTicketTags(trx, id, { set: changes.tags, add: changes.addTags, remove: changes.removeTags })));
  await trx.updateTable('posts').set(set).where('id', '=', id).execute();
  const version = await recordTicketChanges(trx, id, actor.id, recorded, expectedVersion);
  return { version, fields: [...new Set(recorded.map((change) => change.field ?? ''))], notified };
}

async function findProductTitle(db: Kysely<Database>, id: number): Promise<string | undefined> {
  const row = await db.selectFrom('posts').select('title').where('id', '=', id).where('type', '=', 'product').executeTakeFirst();
  return row?.title;
}

async function findStaffName(db: Kysely<Database>, id: number): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('name').where('id', '=', id).where('role', 'in', ['agent', 'admin']).executeTakeFirst();
  return row?.name;
}
