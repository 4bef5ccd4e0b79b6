import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import { type Dimension, type Grouping, isPeriodGrouping, METRICS, type MetricName } from './metric-definitions.js';
import { type Period, periodsOf, startOfLocalDay } from './report-periods.js';
import { type GroupFigures, type Hours, readBacklogAtEnds, readBacklogByDimension, readGroupFigures } from './report-rows.js';
import type { TimeSummary } from './summarize-times.js';

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
    if (periods) {
      const counts = await readBacklogAtEnds(
        db,
        from,
        periods.map((period) => period.end),
      );
      return periods.map((period, i) => countBucket(period.key, counts[i] as number));
    }
    const rows = await readBacklogByDimension(db, dimension as Dimension, to);
    const buckets = rows.filter((row) => row.n > 0).map((row) => countBucket(keyOf(row.d), row.n));
    return labelled(db, dimension as Dimension, sortByCount(buckets));
  }

  const figures = await readGroupFigures(
    db,
    metric,
    kind === 'backlog' ? 'count' : kind,
    hours,
    dimension,
    from,
    to,
    periods ? periods.map((period) => period.end) : null,
  );
  const bucketOf = (group: GroupFigures, key: string): ReportBucket => {
    if (kind === 'time')
      return {
        key,
        label: null,
        n: group.n,
        median_s: group.median,
        p90_s: group.p90,
        mean_s: group.n === 0 ? null : Math.round((group.total ?? 0) / group.n),
        yes: null,
        share: null,
      };
    const bucket = countBucket(key, group.n);
    if (kind === 'share') return { ...bucket, yes: group.yes ?? 0, share: group.n === 0 ? null : round4((group.yes ?? 0) / group.n) };
    return bucket;
  };
  if (periods) {
    const byPeriod = new Map(figures.map((group) => [group.b, group]));
    return periods.map((period: Period, i) => {
      const group = byPeriod.get(i);
      if (group) return bucketOf(group, period.key);
      const empty = countBucket(period.key, 0);
      return kind === 'time' ? { ...empty, n: 0 } : empty;
    });
  }
  return labelled(db, dimension as Dimension, sortByCount(figures.map((group) => bucketOf(group, keyOf(group.d)))));
}

function countBucket(key: string, n: number): ReportBucket {
  return { key, label: null, n, median_s: null, p90_s: null, mean_s: null, yes: null, share: null };
}

function keyOf(value: number | string | null): string {
  return value === null ? 'none' : String(value);
}

function round4(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

function sortByCount(buckets: ReportBucket[]): ReportBucket[] {
  return buckets.sort((a, b) => b.n - a.n || a.key.localeCompare(b.key));
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
