import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import { AppError } from '../../errors.js';
import { enqueueJob } from '../../jobs/queue.js';
import { queueWebhookEvent } from '../../webhooks/queue-webhook-event.js';
import { RULE_FIRED_EVENT } from '../../webhooks/webhook-events.js';
import { pickFairAgent } from '../assignment/assign-fairly.js';
import { type CommentRows, insertCommentRows, queueCommentOutbox } from '../comments/write-comment-rows.js';
import type { DomainContext } from '../context.js';
import { type AppliedChanges, changeTicket, publishTicketChange, type TicketChanges } from '../tickets/change-ticket.js';
import type { TicketChange } from '../tickets/ticket-activity.js';
import type { FiringEnv } from './firing-env.js';
import type { Rule } from './rule.js';
import { ruleMatches } from './rule-conditions.js';
import { readTicketFacts, type TicketFacts } from './ticket-facts.js';

export const RULE_MAIL_JOB = 'rule_mail';

/** A firing made: what to publish once it is committed. */
export interface Firing {
  ticketId: number;
  applied: AppliedChanges;
  comments: Array<{ id: number; isNote: boolean }>;
}

export interface FireOptions {
  /** The ticket's version the firing answers (rule_firings.marker). */
  marker: number;
  /** The rules whose firings led to this event: skipped by the caller, passed on to the change's own rules. */
  chain: readonly number[];
  /** The marker of the event that began this round of firings (see `runRules`); absent, the ticket's version now. */
  cycle?: number;
  at: Date;
  /** One more check on the ticket inside the transaction (time rules: still in the status, unchanged since). */
  check?: (trx: Kysely<Database>, facts: TicketFacts) => Promise<boolean>;
}

/**
 * Fires `rule` on a ticket inside the caller's transaction when its conditions hold there: claims the firing (one
 * `rule_firings` row per rule, ticket and marker; a second claim — a retried job, another instance — finds the row
 * and does nothing), then does the actions in their order, all under one new version with an activity entry naming
 * the rule. Undefined when it did not fire.
 */
export async function fireRule(
  trx: Kysely<Database>,
  rule: Rule,
  ticketId: number,
  env: FiringEnv,
  options: FireOptions,
): Promise<Firing | undefined> {
  const facts = await readTicketFacts(trx, ticketId);
  if (!facts || !ruleMatches(rule, facts, options.at, env.schedules)) return undefined;
  if (options.check && !(await options.check(trx, facts))) return undefined;
  const time = options.at.toISOString();
  const claimed = await trx
    .insertInto('rule_firings')
    .values({ rule_id: rule.id, ticket_id: ticketId, marker: options.marker, fired_at: time })
    .onConflict((oc) => oc.columns(['rule_id', 'ticket_id', 'marker']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!claimed) return undefined;

  const changes: TicketChanges = {};
  const along: TicketChange[] = [{ kind: 'rule', oldValue: String(rule.id), newValue: rule.name, automatic: true }];
  const comments: Array<CommentRows & { id: number }> = [];
  const ticket = { id: facts.id, number: facts.number };
  const addComment = async (text: string, isInternal: boolean) => {
    const rows: CommentRows = { ticket, text, role: 'bot', isInternal, actorId: null, time };
    const id = await insertCommentRows(trx, rows);
    comments.push({ ...rows, id });
    along.push({ kind: isInternal ? 'note' : 'reply', commentId: id });
  };
  for (const action of rule.actions) {
    switch (action.type) {
      case 'assign': {
        const agent =
          action.mode === 'agent' ? action.agent_id : await pickFairAgent(trx, ticketId, { settings: env.settings, at: options.at });
        if (agent !== null) changes.assignee = agent;
        break;
      }
      case 'unassign':
        changes.assignee = null;
        break;
      // In their order: a tag added, then removed, is removed (and the other way round).
      case 'add_tags':
        changes.addTags = [...(changes.addTags ?? []), ...action.tags];
        changes.removeTags = changes.removeTags?.filter((tag) => !action.tags.includes(tag));
        break;
      case 'remove_tags':
        changes.removeTags = [...(changes.removeTags ?? []), ...action.tags];
        changes.addTags = changes.addTags?.filter((tag) => !action.tags.includes(tag));
        break;
      case 'set_status':
        changes.status = action.status;
        break;
      case 'set_urgency':
        changes.urgency = action.urgency;
        break;
      case 'saved_reply': {
        // A reply deleted since the rule was saved is left out; the firing and its other actions stand.
        const body = env.savedReplies.get(action.saved_reply_id);
        if (body !== undefined) await addComment(env.fill(body), false);
        break;
      }
      case 'note':
        await addComment(env.fill(action.text), true);
        break;
      case 'mail': {
        const userId =
          action.to === 'agent' ? action.agent_id : action.to === 'client' ? facts.client : (changes.assignee ?? facts.assignee);
        if (userId !== undefined && userId !== null)
          await enqueueJob(trx, RULE_MAIL_JOB, { ticketId, userId, subject: env.fill(action.subject), text: env.fill(action.text) });
        break;
      }
      case 'webhook': {
        // To the subscription chosen, whatever events it follows; a disabled one gets nothing.
        const subscription = await trx
          .selectFrom('webhook_subscriptions')
          .select('id')
          .where('id', '=', action.webhook_id)
          .where('enabled', '=', 1)
          .executeTakeFirst();
        if (subscription)
          await queueWebhookEvent(
            trx,
            RULE_FIRED_EVENT,
            { rule: { id: rule.id, name: rule.name }, ticket: { id: ticketId, number: facts.number } },
            options.at,
            [{ id: subscription.id, events: [RULE_FIRED_EVENT] }],
          );
        break;
      }
    }
  }
  const applied = await changeTicket(trx, ticketId, changes, {
    actorId: null,
    settings: env.settings,
    alongWith: along,
    automatic: true,
    ratingMail: comments.some((comment) => !comment.isInternal) ? 'in-reply' : 'separate',
    at: options.at,
    slaInForce: env.slaInForce,
    rule: { id: rule.id, chain: options.chain, cycle: options.cycle ?? facts.version },
  });
  for (const comment of comments) await queueCommentOutbox(trx, comment, comment.id, applied.ratingRequestId);
  return { ticketId, applied, comments: comments.map((comment) => ({ id: comment.id, isNote: comment.isInternal })) };
}

/**
 * `fireRule` in a transaction of its own, published once committed. A rule whose action names what is gone since it
 * was saved (an agent no longer on the staff, a status deleted) is refused by the change: nothing of its firing is
 * written, the other rules still run, and it is tried again on the ticket's next event. Whether it fired.
 */
export async function fireRuleAlone(
  ctx: DomainContext,
  rule: Rule,
  ticketId: number,
  env: FiringEnv,
  options: FireOptions,
): Promise<boolean> {
  let firing: Firing | undefined;
  try {
    firing = await ctx.db.transaction().execute((trx) => fireRule(trx, rule, ticketId, env, options));
  } catch (error) {
    if (error instanceof AppError && (error.code === 'VALIDATION_FAILED' || error.code === 'NOT_FOUND')) return false;
    throw error;
  }
  if (!firing) return false;
  publishFiring(ctx, firing);
  return true;
}

/** Tells open screens of a committed firing: its comments, or its field changes. */
export function publishFiring(ctx: DomainContext, firing: Firing): void {
  const [comment] = firing.comments;
  publishTicketChange(ctx, firing.ticketId, firing.applied, null, comment);
}
