import type { Translator } from '../../common/i18n/translator.js';
import { unlinkableText } from '../../common/unlinkable-text.js';
import type { Config } from '../config/config-types.js';
import type { DomainContext } from '../domain/context.js';
import { isEmailAddress } from '../domain/people/email-address.js';
import type { ReportBucket } from '../domain/reports/run-report.js';
import { WEEKLY_REPORT_METRICS, type WeeklyFigures, weeklyReportFigures } from '../domain/reports/weekly-report-figures.js';
import { getCoreSettings } from '../settings/core-settings.js';
import { getSiteOptions } from '../settings/site-options.js';
import type { OutgoingMail } from './create-transport.js';
import { recipientTranslator } from './recipient-translator.js';
import { renderMail } from './render-mail.js';
import { siteSender } from './site-sender.js';

const DAY_MS = 86_400_000;

/** What a weekly report mail job says: to whom, the week's Monday (YYYY-MM-DD) and the zone it was claimed in. */
export interface WeeklyReportMailJob {
  id: number;
  userId: number;
  week: string;
  timeZone: string;
}

/**
 * The weekly report mail of one admin: last week's figures against the week before's, in their language, computed
 * as the mail is built (by the reports' own function, so they are the Reports page's), and a button to that page.
 * Null when there is no one to send it to any more (account gone, disabled, no longer an admin, or a bad address).
 */
export async function buildWeeklyReportMail(ctx: DomainContext, config: Config, job: WeeklyReportMailJob): Promise<OutgoingMail | null> {
  const admin = await ctx.db
    .selectFrom('users')
    .select(['email', 'name', 'language', 'time_zone', 'role', 'disabled_at'])
    .where('id', '=', job.userId)
    .executeTakeFirst();
  if (admin?.role !== 'admin' || admin.disabled_at !== null || !isEmailAddress(admin.email)) return null;
  const [site, settings] = await Promise.all([getSiteOptions(ctx.db), getCoreSettings(ctx)]);
  // The zone the week was claimed in: the days reported are those the claim's key names.
  const tr = recipientTranslator({ language: admin.language, time_zone: job.timeZone }, site);
  const { from, host, brand } = siteSender(config, site, settings.emails);
  const fromDay = Date.parse(`${job.week}T00:00:00Z`) / DAY_MS;
  const figures = await weeklyReportFigures(ctx.db, job.timeZone, fromDay - 7, fromDay + 6);
  // Local days as dates: formatted on the UTC scale they are counted on, so no zone moves them.
  const day = (n: number) => tr.date(n * DAY_MS, { dateStyle: 'medium', timeZone: 'UTC' });
  const range = { from: day(fromDay), to: day(fromDay + 6) };
  const reportsLink = `${config.homeUrl}/admin/reports/`;
  const rendered = renderMail(
    tr.t('mail.weeklyReport.subject', range),
    tr.t('mail.weeklyReport.body', range),
    {
      client_name: unlinkableText(admin.name),
      site_name: site.site_name,
      reply_text: figureLines(figures, tr).join('\n'),
      ticket_link: reportsLink,
    },
    {
      translator: tr,
      linkLabel: tr.t('mail.weeklyReport.button'),
      brand,
    },
  );
  return {
    from,
    to: admin.email,
    ...rendered,
    language: tr.language,
    messageId: `<weekly-report-${job.id}.${job.userId}.${job.week}@${host}>`,
    automatic: true,
  };
}

/** One line per figure: "New tickets: 12 (9)". */
export function figureLines(figures: WeeklyFigures, tr: Translator): string[] {
  return WEEKLY_REPORT_METRICS.map((metric) => {
    const { last, before } = figures[metric];
    return tr.t('mail.weeklyReport.line', { metric, last: figure(metric, last, tr), before: figure(metric, before, tr) });
  });
}

function figure(metric: (typeof WEEKLY_REPORT_METRICS)[number], bucket: ReportBucket, tr: Translator): string {
  if (metric === 'created' || metric === 'resolved' || metric === 'backlog') return tr.number(bucket.n);
  if (metric === 'first_reply' || metric === 'resolution')
    return bucket.median_s === null ? tr.t('mail.weeklyReport.none') : duration(bucket.median_s, tr);
  if (bucket.n === 0 || bucket.share === null) return tr.t('mail.weeklyReport.none');
  // The API's share (four decimals), shown as a whole percent, with the count it is a share of.
  return tr.t('mail.weeklyReport.share', {
    percent: tr.number(bucket.share, { style: 'percent', maximumFractionDigits: 0 }),
    count: tr.number(bucket.n),
  });
}

/** Seconds as minutes, hours and minutes, or days and hours (rounded to the minute). */
export function duration(seconds: number, tr: Translator): string {
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return tr.t('mail.weeklyReport.minutes', { minutes: tr.number(minutes) });
  if (minutes < 24 * 60)
    return tr.t('mail.weeklyReport.hours', { hours: tr.number(Math.floor(minutes / 60)), minutes: tr.number(minutes % 60) });
  const hours = Math.round(minutes / 60);
  return tr.t('mail.weeklyReport.days', { days: tr.number(Math.floor(hours / 24)), hours: tr.number(hours % 24) });
}
