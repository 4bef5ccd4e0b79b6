import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import { type Dimension, type Grouping, isPeriodGrouping, METRICS, type MetricName } from './metric-definitions.js';
import { type Period, periodIndexOf, periodsOf, startOfLocalDay } from './report-periods.js';
import { type Hours, type ReportRow, readBacklogRows, readReportRows } from './report-rows.js';
import { summarizeTimes, type TimeSummary } from './summarize-times.js';

/** What a report is asked for: local days `fromDay` to `toDay` (both included, days since 1970) in `timeZone`. */
export interface ReportQuery {
  metric: MetricName;
  fromDay: number;
  toDay: number;
  timeZone: string;
  groupBy: Grouping;
  hours: Hours;
}

/**
 * One bar or point: its key (a period's, or a dimension's id; 'none' for tickets without one), its label, the
 * count and the times' median, 90th percentile (nearest rank) and mean; for satisfaction and the service-level
 * targets also how many were a yes (or met in time) and their share of `n`.
 */
export interface ReportBucket extends TimeSummary {
  key: string;
  label: string | null;
  yes: number | null;
  share: number | null;
}

/** A metric's buckets, from the facts kept on the tickets, in the order a chart shows them. */
export async function runReport(db: Kysely<Database>, query: ReportQuery): Promise<ReportBucket[]> {
  const { metric, timeZone, groupBy, hours } = query;
  const from = new Date(startOfLocalDay(timeZone, query.fromDay)).toISOString();
  const to = new Date(startOfLocalDay(timeZone, query.toDay + 1)).toISOString();
  const periods = isPeriodGrouping(groupBy) ? periodsOf(groupBy, timeZone, query.fromDay, query.toDay) : null;
  const dimension = isPeriodGrouping(groupBy) ? null : (groupBy as Dimension);
  const kind = METRICS[metric].kind;

  if (metric === 'backlog') {
    const rows = await readBacklogRows(db, dimension, from, to);
    if (periods) {
      const counts = backlogAt(
        rows,
        periods.map((period) => period.end),
      );
      return periods.map((period, i) => countBucket(period.key, null, counts[i] as number));
    }
    const groups = groupRows(rows, (row) => row.dim);
    const buckets = [...groups].map(([key, list]) => countBucket(key, null, backlogAt(list, [to])[0] as number)).filter((b) => b.n > 0);
    return labelled(db, dimension as Dimension, sortByCount(buckets));
  }

  const rows = await readReportRows(db, metric, hours, dimension, from, to);
  const summarize = (list: ReportRow[], key: string): ReportBucket => {
    if (kind === 'time') return { key, label: null, ...summarizeTimes(list.map((row) => row.v as number)), yes: null, share: null };
    if (kind === 'share') {
      const yes = list.filter((row) => row.ok === 1).length;
      return { ...countBucket(key, null, list.length), yes, share: list.length === 0 ? null : round4(yes / list.length) };
    }
    return countBucket(key, null, list.length);
  };
  if (periods) {
    const lists: ReportRow[][] = periods.map(() => []);
    for (const row of rows) {
      const index = periodIndexOf(periods, row.at);
      if (index >= 0) lists[index]?.push(row);
    }
    return periods.map((period: Period, i) => summarize(lists[i] as ReportRow[], period.key));
  }
  const groups = groupRows(rows, (row) => row.dim);
  return labelled(db, dimension as Dimension, sortByCount([...groups].map(([key, list]) => summarize(list, key))));
}

function countBucket(key: string, label: string | null, n: number): ReportBucket {
  return { key, label, n, median_s: null, p90_s: null, mean_s: null, yes: null, share: null };
}

function round4(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

function groupRows<T>(rows: T[], keyOf: (row: T) => number | string | null): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const value = keyOf(row);
    const key = value === null ? 'none' : String(value);
    const list = groups.get(key);
    if (list) list.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

function sortByCount(buckets: ReportBucket[]): ReportBucket[] {
  return buckets.sort((a, b) => b.n - a.n || a.key.localeCompare(b.key));
}

/** How many tickets were open at each instant: filed before it, and not at their latest resolution by then. */
function backlogAt(rows: Array<{ created_at: string; resolved_at: string | null }>, ends: string[]): number[] {
  const created = rows.map((row) => row.created_at).sort();
  const resolved = rows
    .map((row) => row.resolved_at)
    .filter((at): at is string => at !== null)
    .sort();
  return ends.map((end) => countBefore(created, end) - countBefore(resolved, end));
}

/** How many of the sorted times come before `end`. */
function countBefore(sorted: string[], end: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((sorted[mid] as string) < end) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The dimension's names beside its keys (a channel is its own name). */
async function labelled(db: Kysely<Database>, dimension: Dimension, buckets: ReportBucket[]): Promise<ReportBucket[]> {
  const ids = buckets.map((b) => Number(b.key)).filter((id) => Number.isInteger(id));
  if (dimension === 'channel') return buckets.map((b) => ({ ...b, label: b.key === 'none' ? null : b.key }));
  if (ids.length === 0) return buckets;
  const names = new Map<string, string>();
  const rows =
    dimension === 'agent'
      ? await db.selectFrom('users').select(['id', 'name']).where('id', 'in', ids).execute()
      : dimension === 'product'
        ? await db.selectFrom('posts').select(['id', 'title as name']).where('id', 'in', ids).execute()
        : dimension === 'policy'
          ? await db.selectFrom('sla_policies').select(['id', 'name']).where('id', 'in', ids).execute()
          : await db.selectFrom('terms').select(['id', 'name']).where('id', 'in', ids).execute();
  for (const row of rows) names.set(String(row.id), row.name);
  return buckets.map((b) => ({ ...b, label: names.get(b.key) ?? null }));
}
