import type { DomainContext } from '../domain/context.js';
import { runRetention } from '../domain/privacy/run-retention.js';
import { purgeClosedTicketFiles } from '../files/purge-closed-ticket-files.js';
import { sweepAbandonedUploads } from '../files/sweep-abandoned-uploads.js';
import { deleteEndedCounterWindows } from '../intake/database-counter-store.js';
import { getCoreSettings } from '../settings/core-settings.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * How long the widget's events and empty searches are kept: the Deflection report's longest window (365 days, the
 * `days` maximum of GET /deflection) and a day, so every session in that window still has all of its events.
 */
export const WIDGET_EVENTS_KEPT_DAYS = 366;

/**
 * Deletes what no one can use any more: expired sessions, sign-in links expired over 30 days ago
 * (until then an old link can still ask for a fresh one), expired sign-up confirmations and reset links,
 * rate-limit hits older than a day, counter windows that have ended, jobs done or skipped over 30 days ago
 * (failed ones stay for an admin), notifications read over 30 days ago (and any over 180 days old: the
 * list stays bounded for an agent who never reads it), the record of incoming mails imported or ignored
 * over 90 days ago (it only stops a message delivered twice from being imported twice, and a processed
 * message has long left the mailbox) and of rejected ones over 180 days ago (kept longer for the admin's
 * retry), the widget's events and empty searches after `WIDGET_EVENTS_KEPT_DAYS`, what aborted uploads and
 * deleted tickets left of their files, and (when Tickets → Attachments says so) the files of tickets closed long ago.
 * With Privacy → Retention's mail records set, that setting's age replaces the built-in ones of the received-mail
 * and webhook delivery records; the retention pass (runRetention: one instance, in batches) runs last.
 */
export async function cleanUpExpired(ctx: DomainContext, at = new Date()): Promise<void> {
  const iso = (ms: number) => new Date(at.getTime() - ms).toISOString();
  await ctx.db.deleteFrom('sessions').where('expires_at', '<=', iso(0)).execute();
  await ctx.db
    .deleteFrom('login_tokens')
    .where('purpose', '=', 'ticket_link')
    .where('expires_at', '<=', iso(30 * DAY_MS))
    .execute();
  // Sign-up confirmations, password resets, invitations and data-export links cannot ask for a fresh link: gone once expired.
  await ctx.db.deleteFrom('address_proofs').where('expires_at', '<=', iso(0)).execute();
  await ctx.db
    .deleteFrom('login_tokens')
    .where('purpose', 'in', ['password_reset', 'staff_invitation', 'data_export'])
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
  const ownMailAge = (await getCoreSettings(ctx)).privacy.mail_records_after_days > 0;
  if (!ownMailAge) await deleteMailRecordsByDefault(ctx, iso);
  await ctx.db
    .deleteFrom('widget_events')
    .where('created_at', '<=', iso(WIDGET_EVENTS_KEPT_DAYS * DAY_MS))
    .execute();
  await ctx.db
    .deleteFrom('widget_empty_searches')
    .where('created_at', '<=', iso(WIDGET_EVENTS_KEPT_DAYS * DAY_MS))
    .execute();
  await sweepAbandonedUploads(ctx, at.getTime());
  await purgeClosedTicketFiles(ctx, at);
  await runRetention(ctx, at);
}

/** The built-in ages of the received-mail and webhook delivery records (Privacy → Retention's mail records at 0). */
async function deleteMailRecordsByDefault(ctx: DomainContext, iso: (ms: number) => string): Promise<void> {
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
}
