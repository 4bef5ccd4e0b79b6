import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { Dimension, MetricName } from './metric-definitions.js';

/** Business or calendar seconds. */
export type Hours = 'business' | 'calendar';

/**
 * One group's figures as the database summed them up: its period (index into the boundaries given; 0 without
 * periods) and dimension key, its count and, for times, their sum and the values at the median's and the 90th
 * percentile's nearest ranks; for shares the count of yes.
 */
export interface GroupFigures {
  b: number;
  d: number | string | null;
  n: number;
  total: number | null;
  median: number | null;
  p90: number | null;
  yes: number | null;
}

// The dimensions, on the tickets' rows: p (posts), f (ticket_report_facts), tt (ticket_tags), s (ticket_sla).
export const DIMENSION: Record<Dimension, RawBuilder<unknown>> = {
  agent: sql`p.assignee_id`,
  tag: sql`tt.term_id`,
  product: sql`p.product_id`,
  reason: sql`p.reason_term_id`,
  urgency: sql`p.urgency_term_id`,
  channel: sql`f.channel`,
  policy: sql`s.policy_id`,
};

/**
 * A metric's figures per period (`ends`: each period's end, ISO, in order; null: one group) and dimension between
 * two instants (`from` included, `to` not), summed up by the database in one statement from the facts kept on each
 * ticket (server/domain/report-facts/): counts by GROUP BY, times by window functions that return only the rows at
 * the nearest ranks ⌈n/2⌉ and ⌈9n/10⌉ of each group, so a report over 100,000 tickets moves a few rows, not 100,000.
 * Deleted tickets never count: their facts go with them.
 */
export async function readGroupFigures(
  db: Kysely<Database>,
  metric: Exclude<MetricName, 'backlog'>,
  kind: 'count' | 'time' | 'share',
  hours: Hours,
  dimension: Dimension | null,
  from: string,
  to: string,
  ends: readonly string[] | null,
): Promise<GroupFigures[]> {
  const source = sourceOf(metric, hours === 'business');
  const dim = dimension ? DIMENSION[dimension] : sql`null`;
  const rows = sql`select ${bucketOf(source.at, ends)} as b, ${dim} as d, ${source.v} as v, ${source.ok} as ok
    from ${source.from} ${sql.join(joinsFor(dimension), sql` `)}
    where ${source.at} >= ${from} and ${source.at} < ${to} ${source.where ?? sql``}`;
  if (kind !== 'time') {
    const result = await sql<{ b: number; d: Key; n: Num; yes: Num | null }>`
      with x as (${rows}) select b, d, count(*) as n, sum(ok) as yes from x group by b, d`.execute(db);
    return result.rows.map((r) => ({ b: Number(r.b), d: r.d, n: Number(r.n), total: null, median: null, p90: null, yes: num(r.yes) }));
  }
  // Integer division: (n + 1) / 2 is ⌈n/2⌉ and (9n + 9) / 10 is ⌈9n/10⌉ in both databases.
  const result = await sql<{ b: Num; d: Key; n: Num; total: Num; rn: Num; v: Num }>`
    with x as (${rows}),
    r as (select b, d, v, row_number() over (partition by b, d order by v) as rn, count(*) over (partition by b, d) as n,
      sum(v) over (partition by b, d) as total from x)
    select b, d, n, total, rn, v from r where rn = (n + 1) / 2 or rn = (9 * n + 9) / 10`.execute(db);
  const groups = new Map<string, GroupFigures>();
  for (const r of result.rows) {
    const key = `${r.b} ${r.d}`;
    const n = Number(r.n);
    const group = groups.get(key) ?? { b: Number(r.b), d: r.d, n, total: Number(r.total), median: null, p90: null, yes: null };
    const rank = Number(r.rn);
    if (rank === Math.floor((n + 1) / 2)) group.median = Number(r.v);
    if (rank === Math.floor((9 * n + 9) / 10)) group.p90 = Number(r.v);
    groups.set(key, group);
  }
  return [...groups.values()];
}

// PostgreSQL answers counts and sums (bigint, numeric) as text.
type Num = number | string;
type Key = number | string | null;

function num(value: Num | null): number | null {
  return value === null ? null : Number(value);
}

/** The index of the period a time falls in, by the periods' ends (as many comparisons as periods); 0 without. */
function bucketOf(at: RawBuilder<unknown>, ends: readonly string[] | null): RawBuilder<unknown> {
  if (ends === null) return sql`0`;
  const whens = ends.map((end, i) => sql`when ${at} < ${end} then ${sql.lit(i)}`);
  return sql`case ${sql.join(whens, sql` `)} else -1 end`;
}

/**
 * The tables a dimension needs beside the facts. The ticket's own row only for the dimensions kept there: a
 * deleted ticket's facts are gone with it (ON DELETE CASCADE), so the facts alone never count one, and a report
 * by period or channel reads one table.
 */
export function joinsFor(dimension: Dimension | null): RawBuilder<unknown>[] {
  if (dimension === 'tag') return [sql`left join ticket_tags tt on tt.ticket_id = f.ticket_id`];
  if (dimension === 'policy') return [sql`left join ticket_sla s on s.ticket_id = f.ticket_id`];
  if (dimension === 'channel' || dimension === null) return [];
  return [sql`join posts p on p.id = f.ticket_id`];
}

export interface Source {
  from: RawBuilder<unknown>;
  at: RawBuilder<unknown>;
  v: RawBuilder<unknown>;
  ok: RawBuilder<unknown>;
  where?: RawBuilder<unknown>;
}

export function sourceOf(metric: Exclude<MetricName, 'backlog'>, b: boolean): Source {
  const facts = sql`ticket_report_facts f`;
  const none = sql`cast(null as integer)`;
  switch (metric) {
    case 'created':
      return { from: facts, at: sql`f.created_at`, v: none, ok: none };
    case 'resolved':
      return { from: facts, at: sql`f.resolved_at`, v: none, ok: none };
    case 'reopened':
      return { from: facts, at: sql`f.created_at`, v: none, ok: none, where: sql`and f.reopen_count > 0` };
    case 'first_reply':
      return timeOf(sql`f.first_reply_at`, b ? sql`f.first_reply_bs` : sql`f.first_reply_s`);
    case 'resolution':
      return timeOf(sql`f.resolved_at`, b ? sql`f.resolution_bs` : sql`f.resolution_s`);
    case 'client_wait':
      return timeOf(sql`f.resolved_at`, b ? sql`f.client_wait_bs` : sql`f.client_wait_s`);
    case 'next_reply':
      return {
        from: sql`ticket_report_replies r join ticket_report_facts f on f.ticket_id = r.ticket_id`,
        at: sql`r.replied_at`,
        v: b ? sql`r.business_seconds` : sql`r.seconds`,
        ok: none,
      };
    case 'satisfaction':
      // As the satisfaction figure counts: a yes for a resolution reopened since did not hold.
      return {
        from: sql`ticket_ratings r join ticket_report_facts f on f.ticket_id = r.ticket_id
          left join rating_requests q on q.id = r.resolution_id`,
        at: sql`r.created_at`,
        v: none,
        ok: sql`case when r.rating = 'yes' and q.reopened_at is null then 1 else 0 end`,
      };
    case 'sla_first_reply':
    case 'sla_next_reply':
    case 'sla_resolution': {
      const kind = metric.slice('sla_'.length);
      // Decided: met (in time, or late: then its breach stays on record) or breached while it ran.
      return {
        from: sql`ticket_sla_targets t join ticket_report_facts f on f.ticket_id = t.ticket_id`,
        at: sql`(case when t.breached_at is not null then t.breached_at else t.met_at end)`,
        v: none,
        ok: sql`case when t.breached_at is null then 1 else 0 end`,
        where: sql`and t.metric = ${kind} and (t.breached_at is not null or t.status = 'met')`,
      };
    }
  }
}

function timeOf(at: RawBuilder<unknown>, v: RawBuilder<unknown>): Source {
  return { from: sql`ticket_report_facts f`, at, v, ok: sql`cast(null as integer)`, where: sql`and ${v} is not null` };
}

/**
 * The backlog: how many tickets were open at the end of each period — filed before it and in no stay in Resolved
 * or Closed at that moment (`ticket_report_resolutions`, every stay, so a ticket resolved then reopened counts as
 * it was on each day). Counted as the open count at `from` plus each period's filings less its resolutions plus its
 * reopenings, all by the database.
 */
export async function readBacklogAtEnds(db: Kysely<Database>, from: string, ends: readonly string[]): Promise<number[]> {
  const to = ends[ends.length - 1] as string;
  const before = await sql<{ filed: number | string; resolved: number | string; reopened: number | string }>`select
      (select count(*) from ticket_report_facts where created_at < ${from}) as filed,
      (select count(*) from ticket_report_resolutions where resolved_at < ${from}) as resolved,
      (select count(*) from ticket_report_resolutions where reopened_at < ${from}) as reopened`.execute(db);
  const per = async (table: RawBuilder<unknown>, column: RawBuilder<unknown>) =>
    (
      await sql<{ b: number | string; n: number | string }>`select ${bucketOf(column, ends)} as b, count(*) as n
        from ${table} where ${column} >= ${from} and ${column} < ${to} group by b`.execute(db)
    ).rows;
  const change = ends.map(() => 0);
  const add = (rows: Array<{ b: number | string; n: number | string }>, sign: number) => {
    for (const row of rows) change[Number(row.b)] = (change[Number(row.b)] ?? 0) + sign * Number(row.n);
  };
  add(await per(sql`ticket_report_facts`, sql`created_at`), 1);
  add(await per(sql`ticket_report_resolutions`, sql`resolved_at`), -1);
  add(await per(sql`ticket_report_resolutions`, sql`reopened_at`), 1);
  const first = before.rows[0];
  let open = Number(first?.filed ?? 0) - Number(first?.resolved ?? 0) + Number(first?.reopened ?? 0);
  return change.map((delta) => (open += delta));
}

/** Open at `at`: filed before it, and no stay in Resolved or Closed covering it. On the facts' row `f`. */
export function openAt(at: string): RawBuilder<unknown> {
  return sql`f.created_at < ${at} and not exists (select 1 from ticket_report_resolutions rr
    where rr.ticket_id = f.ticket_id and rr.resolved_at < ${at} and (rr.reopened_at is null or rr.reopened_at >= ${at}))`;
}

/** The backlog at `to` per dimension key: the tickets open then (openAt). */
export async function readBacklogByDimension(
  db: Kysely<Database>,
  dimension: Dimension,
  to: string,
): Promise<Array<{ d: number | string | null; n: number }>> {
  const result = await sql<{ d: number | string | null; n: number | string }>`select ${DIMENSION[dimension]} as d, count(*) as n
    from ticket_report_facts f ${sql.join(joinsFor(dimension), sql` `)}
    where ${openAt(to)}
    group by ${DIMENSION[dimension]}`.execute(db);
  return result.rows.map((r) => ({ d: r.d, n: Number(r.n) }));
}
