import type { DomainContext } from '../domain/context.js';
import { purgeClosedTicketFiles } from '../files/purge-closed-ticket-files.js';
import { sweepAbandonedUploads } from '../files/sweep-abandoned-uploads.js';
import { deleteEndedCounterWindows } from '../intake/database-counter-store.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes what no one can use any more: expired sessions, sign-in links expired over 30 days ago
 * (until then an old link can still ask for a fresh one), expired sign-up confirmations and reset links,
 * rate-limit hits older than a day, counter windows that have ended, jobs done or skipped over 30 days ago
 * (failed ones stay for an admin), notifications read over 30 days ago (and any over 180 days old: the
 * list stays bounded for an agent who never reads it), the record of incoming mails imported or ignored
 * over 90 days ago (it only stops a message delivered twice from being imported twice, and a processed
 * message has long left the mailbox) and of rejected ones over 180 days ago (kept longer for the admin's
 * retry), what aborted uploads and deleted tickets left of their files, and (when Tickets → Attachments
 * says so) the files of tickets closed long ago.
 */
export async function cleanUpExpired(ctx: DomainContext, at = new Date()): Promise<void> {
  const iso = (ms: number) => new Date(at.getTime() - ms).toISOString();
  await ctx.db.deleteFrom('sessions').where('expires_at', '<=', iso(0)).execute();
  await ctx.db
    .deleteFrom('login_tokens')
    .where('purpose', '=', 'ticket_link')
    .where('expires_at', '<=', iso(30 * DAY_MS))
    .execute();
  // Sign-up confirmations, password resets and invitations cannot ask for a fresh link: gone once expired.
  await ctx.db.deleteFrom('address_proofs').where('expires_at', '<=', iso(0)).execute();
  await ctx.db
    .deleteFrom('login_tokens')
    .where('purpose', 'in', ['password_reset', 'staff_invitation'])
    .where('expires_at', '<=', iso(0))
    .execute();
  await ctx.db.deleteFrom('rate_limit_hits').where('created_at', '<=', iso(DAY_MS)).execute();
  await deleteEndedCounterWindows(ctx.db, at.getTime());
  await ctx.db
    .deleteFrom('jobs')
    .where('state', 'in', ['done', 'skipped'])
    .where('created_at', '<=', iso(30 * DAY_MS))
    .execute();
  await ctx.db
    .deleteFrom('notifications')
    .where('read_at', '<=', iso(30 * DAY_MS))
    .execute();
  await ctx.db
    .deleteFrom('notifications')
    .where('created_at', '<=', iso(180 * DAY_MS))
    .execute();
  await ctx.db
    .deleteFrom('inbound_mails')
    .where('outcome', 'in', ['imported', 'ignored'])
    .where('created_at', '<=', iso(90 * DAY_MS))
    .execute();
  await ctx.db
    .deleteFrom('inbound_mails')
    .where('outcome', '=', 'rejected')
    .where('created_at', '<=', iso(180 * DAY_MS))
    .execute();
  // The webhook delivery log is kept 30 days (its attempts go with it); one still being retried stays.
  await ctx.db
    .deleteFrom('webhook_deliveries')
    .where('state', 'in', ['delivered', 'failed'])
    .where('created_at', '<=', iso(30 * DAY_MS))
    .execute();
  await sweepAbandonedUploads(ctx, at.getTime());
  await purgeClosedTicketFiles(ctx, at);
}
