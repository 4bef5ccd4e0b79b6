import type { Kysely } from 'kysely';
import { COMMENT_TEXT_MAX } from '../../../common/limits.js';
import type { Database } from '../../db/tables.js';
import { AppError, fieldError, invalidField } from '../../errors.js';
import { enqueueJob } from '../../jobs/queue.js';
import { assertMayComment, hiddenTicket } from '../../policies/ticket-policy.js';
import { getCoreSettings } from '../../settings/core-settings.js';
import { findTermId } from '../content/find-term-id.js';
import { type Actor, type DomainContext, now } from '../context.js';
import { isMultiLineText, MULTI_LINE_RULE } from '../text-rules.js';
import { findTicket } from '../tickets/find-ticket.js';
import { RESOLVED_SLUG, requestRating } from '../tickets/request-rating.js';
import { type ExpectedVersion, recordTicketChanges, type TicketChange } from '../tickets/ticket-activity.js';
import { currentTicketTerm, setTicketTerm } from '../tickets/ticket-term-row.js';

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
 * replies). Writes the comment, its `is_internal` meta and the `comment_added` job in one transaction,
 * then applies the automatic status change (spec §3) to a public comment when "Change ticket status" is on and
 * `helpdesk_auto_status_transition_on_comment(true, ticket, isClient, commentId)` allows it.
 * A client may comment only on their own ticket; anyone else's is NOT_FOUND, as if it did not exist.
 */
export async function addComment(ctx: DomainContext, input: AddCommentInput, actor: Actor | null): Promise<AddedComment> {
  const text = input.text.replace(/\r\n/g, '\n').trim();
  if (!text) throw new AppError('VALIDATION_FAILED', 'Write a reply before sending it.');
  if (text.length > COMMENT_TEXT_MAX) throw new AppError('VALIDATION_FAILED', 'The reply is too long (at most 50,000 characters).');
  if (!isMultiLineText(text)) throw invalidField('text', MULTI_LINE_RULE);
  const ticket = await findTicket(ctx, input.ticketId);
  assertMayComment(actor, { role: input.role, isInternal: input.isInternal === true }, ticket);
  if (!ticket) throw hiddenTicket();
  if (input.status !== undefined && input.role !== 'agent')
    throw new AppError('FORBIDDEN', 'Only agents and admins can set the status with a reply.', [
      fieldError('status', 'leave it out: only agents and admins set a status'),
    ]);

  const time = now();
  // Read before the transaction, never inside it: on SQLite the transaction holds the one connection, and
  // settings whose cache has expired are read through it, which waited for the transaction forever.
  const asksRating = input.status === RESOLVED_SLUG && (await getCoreSettings(ctx)).emails.ask_rating_when_resolved;
  const { id, version, statusChanged } = await ctx.db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('comments')
      .values({ post_id: ticket.id, author_id: actor?.id ?? null, author_role: input.role, content: text, created_at: time })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('comment_meta')
      .values({ comment_id: id, meta_key: 'is_internal', meta_value: input.isInternal ? '1' : '0' })
      .execute();
    await trx
      .updateTable('posts')
      // A public message decides who spoke last ("Needs reply"); a note does not.
      .set(input.isInternal ? { updated_at: time } : { updated_at: time, client_spoke_last: input.role === 'client' ? 1 : 0 })
      .where('id', '=', ticket.id)
      .execute();
    const statusChange = input.status === undefined ? undefined : await setTicketStatus(trx, ticket.id, input.status);
    const version = await recordTicketChanges(
      trx,
      ticket.id,
      actor?.id ?? null,
      [{ kind: input.isInternal ? 'note' : 'reply', commentId: id }, ...(statusChange ? [statusChange] : [])],
      input.expectedVersion,
    );
    // "Send and set Resolved" resolves the ticket as a status change does: the client is asked whether it
    // solved it, in the reply's own mail (one mail: the question cannot overtake the answer it is about). A
    // note reaches no client, so with one the question goes as its own mail.
    const ratingRequestId =
      asksRating && statusChange
        ? await requestRating(
            trx,
            { id: ticket.id, author_id: ticket.authorId },
            actor?.id ?? null,
            input.isInternal ? 'separate' : 'in-reply',
          )
        : undefined;
    // The ticket first: a separate rating mail finds a reply still being fanned out by it (rating-waits-for-reply.ts).
    await enqueueJob(trx, 'comment_added', {
      ticketId: ticket.id,
      commentId: id,
      ...(ratingRequestId !== undefined && !input.isInternal && { ratingRequestId }),
    });
    await input.alsoWrite?.(trx, id);
    return { id, version, statusChanged: statusChange !== undefined };
  });
  // Committed: open admin screens hear of it (staff see replies and notes alike).
  ctx.live.publish({
    kind: 'comment.added',
    ticketId: ticket.id,
    version,
    commentId: id,
    isNote: input.isInternal === true,
    by: actor?.id ?? null,
  });
  if (statusChanged) ctx.live.publish({ kind: 'ticket.updated', ticketId: ticket.id, version, fields: ['status'], by: actor?.id ?? null });
  // The agent chose the status: it is final, no automatic move after it.
  if (input.status !== undefined) return { id, movedTo: statusChanged ? input.status : null };

  // After the commit: the filter may read the comment (its meta, say) through the database.
  let movedTo: string | null = null;
  // A note is between agents: it never moves the status the client sees, so the filter is not asked either.
  if (!input.suppressTransition && !input.isInternal) {
    const isClient = input.role === 'client';
    const target = isClient ? TRANSITION.client : TRANSITION.agent;
    const settings = await getCoreSettings(ctx);
    if (
      settings.tickets.change_status &&
      (await ctx.hooks.applyFilters('helpdesk_auto_status_transition_on_comment', true, ticket, isClient, id)) === true
    ) {
      const statuses = await ctx.db
        .selectFrom('terms')
        .select(['id', 'slug', 'name'])
        .where('taxonomy', '=', 'ticket_status')
        .where('slug', 'in', [target, ticket.ticketStatus || target])
        .execute();
      const term = statuses.find((s) => s.slug === target);
      if (term && ticket.ticketStatus !== term.slug) {
        const from = statuses.find((s) => s.slug === ticket.ticketStatus)?.name ?? null;
        const moved = await ctx.db.transaction().execute(async (trx) => {
          await setTicketTerm(trx, ticket.id, 'ticket_status', term.id);
          const change = { kind: 'field', field: 'status', oldValue: from, newValue: term.name, automatic: true } as const;
          return recordTicketChanges(trx, ticket.id, actor?.id ?? null, [change]);
        });
        ctx.live.publish({ kind: 'ticket.updated', ticketId: ticket.id, version: moved, fields: ['status'], by: actor?.id ?? null });
        movedTo = term.slug;
      }
    }
  }
  return { id, movedTo };
}

/** Sets the ticket's status inside the comment's transaction; the change to record, or none when it already had it. */
async function setTicketStatus(trx: Kysely<Database>, ticketId: number, slug: string): Promise<TicketChange | undefined> {
  const termId = await findTermId(trx, 'ticket_status', slug);
  if (termId === undefined) throw invalidField('status', `there is no status "${slug}"; use a slug from GET /statuses/`);
  const before = await currentTicketTerm(trx, ticketId, 'ticket_status');
  if (before?.id === termId) return undefined;
  await setTicketTerm(trx, ticketId, 'ticket_status', termId);
  const after = await trx.selectFrom('terms').select('name').where('id', '=', termId).executeTakeFirstOrThrow();
  return { kind: 'field', field: 'status', oldValue: before?.name ?? null, newValue: after.name };
}
