import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { MetricName } from './metric-definitions.js';
import { type ReportBucket, runReport } from './run-report.js';

/** The figures of the weekly mail, in this order: counts, median times (calendar hours), and shares with their count. */
export const WEEKLY_REPORT_METRICS = [
  'created',
  'resolved',
  'backlog',
  'first_reply',
  'resolution',
  'satisfaction',
  'sla_first_reply',
  'sla_resolution',
] as const satisfies readonly MetricName[];

export type WeeklyReportMetric = (typeof WEEKLY_REPORT_METRICS)[number];

/** One metric's bucket for last week and for the week before. */
export type WeeklyFigures = Record<WeeklyReportMetric, { last: ReportBucket; before: ReportBucket }>;

/**
 * Last week against the week before, by the reports' own function (run-report.ts) grouped by week in the reader's
 * zone: the mail's figures are the Reports page's (`GET …/reports/{metric}?group_by=week&hours=calendar`) to the
 * digit. `previousFromDay` is the Monday of the week before, `toDay` last week's Sunday (local days since 1970).
 */
export async function weeklyReportFigures(
  db: Kysely<Database>,
  timeZone: string,
  previousFromDay: number,
  toDay: number,
): Promise<WeeklyFigures> {
  const entries = await Promise.all(
    WEEKLY_REPORT_METRICS.map(async (metric) => {
      const buckets = await runReport(db, {
        metric,
        fromDay: previousFromDay,
        toDay,
        timeZone,
        groupBy: 'week',
        hours: 'calendar',
      });
      // Two whole weeks from a Monday: two buckets, the earlier first.
      return [metric, { before: buckets[0] as ReportBucket, last: buckets[1] as ReportBucket }] as const;
    }),
  );
  return Object.fromEntries(entries) as WeeklyFigures;
}
