import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import { enqueueMail, staffConcernedBy, withFollowers } from '../../email/mail-jobs.js';
import type { RatingClaim } from '../../email/rating-links.js';
import { getCoreSettings } from '../../settings/core-settings.js';
import { queueWebhookEvent } from '../../webhooks/queue-webhook-event.js';
import { findTermId } from '../content/find-term-id.js';
import type { DomainContext } from '../context.js';
import { now } from '../context.js';
import { type AddedNotification, addNotifications, announceNotifications } from '../notifications/add-notifications.js';
import { defaultMailPreferences, usersWantingMail } from '../notifications/notification-preferences.js';
import { slaInForce } from '../sla/sla-policies-exist.js';
import { changeTicket, publishTicketChange } from '../tickets/change-ticket.js';
import { FINISHED_STATUS_SLUGS } from '../tickets/finished-statuses.js';
import { currentTicketTerm } from '../tickets/ticket-term-row.js';

/** The status a "No, not yet" reopens a ticket to. */
export const REOPEN_STATUS_SLUG = 'open';

export type RecordRatingResult =
  /**
   * `superseded`: the ticket was reopened after the resolution this answer is about; the answer is kept for
   * the agents, changes no status and a "yes" does not count as satisfied.
   */
  | { state: 'recorded'; reopened: boolean; superseded: boolean }
  /** This mail's answer was given before (by either of its links): nothing changed. */
  | { state: 'already'; rating: 'yes' | 'no' }
  /** The ticket was deleted since. */
  | { state: 'gone' };

/**
 * Records a client's answer to "Did this solve it?" from a checked link: once per mail, in one
 * transaction with its activity event, the reopening ("No, not yet", with the setting on, while the
 * ticket is still Resolved or Closed), and the assignee's notification and mail (every agent's while
 * it has none).
 */
export async function recordRating(ctx: DomainContext, claim: RatingClaim, comment: string): Promise<RecordRatingResult> {
  const [settings, withSla] = await Promise.all([getCoreSettings(ctx), slaInForce(ctx.db)]);
  const notified: AddedNotification[] = [];
  const result = await ctx.db.transaction().execute(async (trx) => {
    const ticket = await trx
      .selectFrom('posts')
      .select(['id', 'author_id', 'assignee_id'])
      .where('id', '=', claim.ticketId)
      .where('type', '=', 'ticket')
      .executeTakeFirst();
    if (!ticket) return { state: 'gone' } as const;
    const superseded = await resolutionReopened(trx, claim);
    // The unique request id makes "once" hold under two clicks at the same moment too.
    const inserted = await trx
      .insertInto('ticket_ratings')
      .values({
        ticket_id: ticket.id,
        request_id: claim.requestId,
        rating: claim.rating,
        comment,
        created_at: now(),
        resolution_id: claim.resolutionId ?? null,
      })
      .onConflict((oc) => oc.column('request_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) {
      const earlier = await trx
        .selectFrom('ticket_ratings')
        .select('rating')
        .where('request_id', '=', claim.requestId)
        .executeTakeFirstOrThrow();
      return { state: 'already', rating: earlier.rating } as const;
    }
    // A "no" about an earlier resolution never reopens a later one.
    const reopens = claim.rating === 'no' && settings.emails.reopen_when_not_solved && !superseded && (await mayReopen(trx, ticket.id));
    // Made by the helpdesk on the client's answer, as the setting says: automatic, not the client's choice.
    const applied = await changeTicket(trx, ticket.id, reopens ? { status: REOPEN_STATUS_SLUG } : {}, {
      actorId: ticket.author_id,
      settings,
      alongWith: [{ kind: 'rating', newValue: claim.rating }],
      automatic: true,
      at: ctx.now(),
      slaInForce: withSla,
    });
    const staff = await withFollowers(trx, ticket.id, await staffConcernedBy(trx, ticket.assignee_id));
    const mailDefaults = defaultMailPreferences(settings);
    for (const id of await usersWantingMail(trx, staff, 'rating_received', mailDefaults.rating_received))
      await enqueueMail(trx, { template: 'agent_rating_received', userId: id, ticketId: ticket.id, ratingId: inserted.id });
    notified.push(...(await addNotifications(trx, 'rating_received', ticket.id, staff)));
    await queueWebhookEvent(
      trx,
      'satisfaction.rated',
      {
        ticket: { id: ticket.id },
        rating: { id: inserted.id, value: claim.rating, comment, client_id: ticket.author_id },
        reopened: applied.fields.includes('status'),
      },
      ctx.now(),
    );
    return { state: 'recorded', reopened: applied.fields.includes('status'), superseded, applied, by: ticket.author_id } as const;
  });
  if (result.state !== 'recorded') return result;
  publishTicketChange(ctx, claim.ticketId, result.applied, result.by);
  announceNotifications(ctx.live, notified);
  return { state: 'recorded', reopened: result.reopened, superseded: result.superseded };
}

/** Whether the ticket was reopened since the resolution the link asks about (never for links without one). */
export async function resolutionReopened(db: Kysely<Database>, claim: RatingClaim): Promise<boolean> {
  if (claim.resolutionId === undefined) return false;
  const row = await db
    .selectFrom('rating_requests')
    .select('reopened_at')
    .where('id', '=', claim.resolutionId)
    .where('ticket_id', '=', claim.ticketId)
    .executeTakeFirst();
  // A resolution that is gone (its ticket deleted) holds nothing either.
  return !row || row.reopened_at !== null;
}

/** Whether a "no" may reopen the ticket: it is finished (no agent reopened it already) and Open exists. */
async function mayReopen(trx: Kysely<Database>, ticketId: number): Promise<boolean> {
  const current = await currentTicketTerm(trx, ticketId, 'ticket_status');
  if (!current || !(FINISHED_STATUS_SLUGS as readonly string[]).includes(current.slug)) return false;
  return (await findTermId(trx, 'ticket_status', REOPEN_STATUS_SLUG)) !== undefined;
}
