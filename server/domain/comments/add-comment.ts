import type { Kysely } from 'kysely';
import { message } from '../../../common/i18n/translator.js';
import { COMMENT_TEXT_MAX } from '../../../common/limits.js';
import type { Database } from '../../db/tables.js';
import { AppError, fieldError, invalidField } from '../../errors.js';
import { queueRuleRun } from '../../jobs/queue-rule-run.js';
import { assertMayComment, hiddenTicket } from '../../policies/ticket-policy.js';
import { type CoreSettings, getCoreSettings } from '../../settings/core-settings.js';
import { type Actor, type DomainContext, now } from '../context.js';
import { isCopiedIn } from '../participants/participants.js';
import { slaInForce } from '../sla/sla-policies-exist.js';
import { isMultiLineText, MULTI_LINE_RULE } from '../text-rules.js';
import { changeTicket, changeTicketAlone, publishTicketChange } from '../tickets/change-ticket.js';
import { findTicket } from '../tickets/find-ticket.js';
import type { Ticket } from '../tickets/ticket.js';
import type { ExpectedVersion } from '../tickets/ticket-activity.js';
import { readTicketTerms } from '../tickets/ticket-terms.js';
import { insertCommentRows, queueCommentOutbox } from './write-comment-rows.js';

export interface AddCommentInput {
  ticketId: number;
  text: string;
  /** Who writes: a client, an agent, or the auto responder (`bot`, no actor). */
  role: 'client' | 'agent' | 'bot';
  /** An internal note (comment meta `is_internal`): agents only, never shown or mailed to the client. */
  isInternal?: boolean;
  /** Never move the ticket's status for this comment, whatever the setting (the auto responder's replies). */
  suppressTransition?: boolean;
  /**
   * A status slug to set with the comment ("Send and set Resolved"): staff only, in the comment's own
   * transaction and version, recorded as the agent's own change; the automatic move is then skipped.
   */
  status?: string;
  /** The ticket version the writer saw; when the ticket changed since, nothing is added (TICKET_CHANGED). */
  expectedVersion?: ExpectedVersion;
  /**
   * More writes in the comment's own transaction (a reply by mail records its Message-ID there, so the
   * comment and the record that it was imported commit together or not at all).
   */
  /**
   * The client writes as a person copied in on the ticket (a reply by mail: server/mail-inbound/find-mail-author.ts),
   * not as its own client; checked here against the ticket's participants. Never set from the help site or the API.
   */
  copiedIn?: boolean;
  alsoWrite?: (trx: Kysely<Database>, commentId: number) => Promise<void>;
}

export interface AddedComment {
  id: number;
  /** The status slug the ticket moved to, or null when it did not move. */
  movedTo: string | null;
}

const TRANSITION = { client: 'waiting', agent: 'in-progress' } as const;

/**
 * The one operation that adds a comment to a ticket (client replies, agent replies and notes, bot
 * replies). Writes the comment, its `is_internal` meta and the `comment_added` job in one transaction with the
 * ticket's changes (`changeTicket`): one version, one activity entry and one live event for the reply and the
 * status it sets or moves. The automatic status change (spec §3) applies to a public comment when "Change ticket
 * status" is on and `helpdesk_auto_status_transition_on_comment(true, ticket, isClient, commentId)` allows it.
 * A client may comment only on their own ticket; anyone else's is NOT_FOUND, as if it did not exist.
 */
export async function addComment(ctx: DomainContext, input: AddCommentInput, actor: Actor | null): Promise<AddedComment> {
  const text = input.text.replace(/\r\n/g, '\n').trim();
  if (!text) throw new AppError('VALIDATION_FAILED', message('problems.comment.empty'));
  if (text.length > COMMENT_TEXT_MAX)
    throw new AppError('VALIDATION_FAILED', message('problems.comment.too_long', { max: COMMENT_TEXT_MAX }));
  if (!isMultiLineText(text)) throw invalidField('text', MULTI_LINE_RULE);
  const ticket = await findTicket(ctx, input.ticketId);
  const copiedIn = input.copiedIn === true && ticket !== undefined && actor !== null && (await isCopiedIn(ctx.db, ticket.id, actor.id));
  assertMayComment(actor, { role: input.role, isInternal: input.isInternal === true, copiedIn }, ticket);
  if (!ticket) throw hiddenTicket();
  if (input.status !== undefined && input.role !== 'agent')
    throw new AppError('FORBIDDEN', message('problems.comment.status_staff'), [
      fieldError('status', message('problems.comment.status_field')),
    ]);

  const time = now();
  const actorId = actor?.id ?? null;
  // Read before the transaction, never inside it: on SQLite the transaction holds the one connection, and
  // settings whose cache has expired are read through it, which waited for the transaction forever.
  const [settings, withSla] = await Promise.all([getCoreSettings(ctx), slaInForce(ctx.db)]);
  const target = automaticTarget(input, settings);
  // A filter hooked on the move may read the comment through a connection of its own, which sees it only once
  // committed: then the filter is asked after the commit and the move is a version of its own. Unhooked, the
  // filter allows every move, and the reply and its move are one version.
  const filtered = target !== undefined && ctx.hooks.hasFilter(TRANSITION_FILTER);
  const moveWithReply = target !== undefined && !filtered && (await movesTicket(ctx, ticket, target));
  const status = input.status ?? (moveWithReply ? target : undefined);
  const rows = { ticket, text, role: input.role, isInternal: input.isInternal === true, actorId, time };
  const { id, applied } = await ctx.db.transaction().execute(async (trx) => {
    const id = await insertCommentRows(trx, rows);
    // "Send and set Resolved" resolves the ticket as a status change does: the client is asked whether it
    // solved it, in the reply's own mail (one mail: the question cannot overtake the answer it is about). A
    // note reaches no client, so with one the question goes as its own mail.
    const applied = await changeTicket(trx, ticket.id, status === undefined ? {} : { status }, {
      actorId,
      settings,
      expectedVersion: input.expectedVersion,
      alongWith: [{ kind: input.isInternal ? 'note' : 'reply', commentId: id }],
      automatic: input.status === undefined,
      ratingMail: input.isInternal ? 'separate' : 'in-reply',
      at: ctx.now(),
      slaInForce: withSla,
    });
    await queueCommentOutbox(trx, rows, id, applied.ratingRequestId);
    // The rules on a client's reply (server/domain/rules/), queued with it when an enabled one waits for replies.
    if (input.role === 'client' && !input.isInternal)
      await queueRuleRun(trx, { ticketId: ticket.id, trigger: 'client.replied', marker: applied.version, chain: [] });
    await input.alsoWrite?.(trx, id);
    return { id, applied };
  });
  // Committed: open admin screens hear of it (staff see replies and notes alike), with the status it moved.
  publishTicketChange(ctx, ticket.id, applied, actorId, { id, isNote: input.isInternal === true });
  const statusChanged = applied.fields.includes('status');
  if (status !== undefined) return { id, movedTo: statusChanged ? status : null };
  if (!filtered || target === undefined) return { id, movedTo: null };

  // After the commit: the filter may read the comment (its meta, say) through the database.
  const isClient = input.role === 'client';
  if ((await ctx.hooks.applyFilters(TRANSITION_FILTER, true, ticket, isClient, id)) !== true) return { id, movedTo: null };
  if (!(await movesTicket(ctx, ticket, target))) return { id, movedTo: null };
  const moved = await changeTicketAlone(ctx, ticket.id, { status: target }, { actorId, settings, automatic: true });
  return { id, movedTo: moved.fields.includes('status') ? target : null };
}

const TRANSITION_FILTER = 'helpdesk_auto_status_transition_on_comment';

/**
 * The status a public comment moves the ticket to (spec §3: a client's to Waiting, anyone else's to In Progress)
 * when "Change ticket status" is on and the comment sets no status of its own; else undefined. The filter is the
 * caller's.
 */
function automaticTarget(input: AddCommentInput, settings: CoreSettings): string | undefined {
  // A note is between agents: it never moves the status the client sees, so the filter is not asked either.
  if (input.status !== undefined || input.suppressTransition || input.isInternal || !settings.tickets.change_status) return undefined;
  return input.role === 'client' ? TRANSITION.client : TRANSITION.agent;
}

/** Whether moving the ticket to `target` changes it: it is elsewhere, and the status exists. */
async function movesTicket(ctx: DomainContext, ticket: Ticket, target: string): Promise<boolean> {
  return ticket.ticketStatus !== target && (await readTicketTerms(ctx)).find('ticket_status', target) !== undefined;
}
