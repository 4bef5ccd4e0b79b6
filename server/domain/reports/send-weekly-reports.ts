import { enqueueJob } from '../../jobs/queue.js';
import { getSiteOptions } from '../../settings/site-options.js';
import type { DomainContext } from '../context.js';
import { adminsWantingWeeklyReport } from './weekly-report-preference.js';
import { weekToReport } from './weekly-report-week.js';

export const WEEKLY_REPORT_MAIL_JOB = 'weekly_report_mail';

/**
 * Queues the weekly report mail of every admin who asked for it and whose Monday 08:00 (their zone, else the site's)
 * has come at `ctx.now()`: one per admin and week, whatever restarts or instances sweep. Each admin's claim (a row
 * keyed by admin and week, inserted only if absent) and their mail job are one transaction: the instance whose insert
 * wins queues the mail, any other inserts nothing and queues nothing, and a failure leaves neither. A sweep after a
 * downtime still sends the week's mail (its key is the week, not the hour). Returns how many mails it queued.
 */
export async function sendWeeklyReports(ctx: DomainContext): Promise<number> {
  const now = ctx.now();
  const admins = await adminsWantingWeeklyReport(ctx.db);
  if (admins.length === 0) return 0;
  const site = await getSiteOptions(ctx.db);
  let queued = 0;
  for (const admin of admins) {
    const timeZone = admin.time_zone ?? site.time_zone;
    const week = weekToReport(timeZone, now);
    if (!week) continue;
    const claimed = await ctx.db.transaction().execute(async (trx) => {
      const result = await trx
        .insertInto('weekly_report_mails')
        .values({ user_id: admin.id, week: week.key, created_at: now.toISOString() })
        .onConflict((oc) => oc.columns(['user_id', 'week']).doNothing())
        .executeTakeFirst();
      if (Number(result.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
      await enqueueJob(trx, WEEKLY_REPORT_MAIL_JOB, { userId: admin.id, week: week.key, timeZone });
      return true;
    });
    if (claimed) queued += 1;
  }
  return queued;
}
