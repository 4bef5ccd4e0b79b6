import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { Dimension, MetricName } from './metric-definitions.js';

/** One measured thing: when it counts (ISO, UTC), its time in seconds, whether it was a yes, and its group's key. */
export interface ReportRow {
  at: string;
  v: number | null;
  ok: number | null;
  dim: number | string | null;
}

/** Business or calendar seconds. */
export type Hours = 'business' | 'calendar';

// The dimensions, on the tickets' rows: p (posts), f (ticket_report_facts), tt (ticket_tags), s (ticket_sla).
const DIMENSION: Record<Dimension, RawBuilder<unknown>> = {
  agent: sql`p.assignee_id`,
  tag: sql`tt.term_id`,
  product: sql`p.product_id`,
  reason: sql`p.reason_term_id`,
  urgency: sql`p.urgency_term_id`,
  channel: sql`f.channel`,
  policy: sql`s.policy_id`,
};

/**
 * The rows behind a metric between two instants (`from` included, `to` not), read in one statement from the
 * facts kept on each ticket (server/domain/report-facts/): only the columns a report needs, by the indexed
 * time column. Deleted tickets never count: their facts go with them.
 */
export async function readReportRows(
  db: Kysely<Database>,
  metric: Exclude<MetricName, 'backlog'>,
  hours: Hours,
  dimension: Dimension | null,
  from: string,
  to: string,
): Promise<ReportRow[]> {
  const b = hours === 'business';
  const source = sourceOf(metric, b);
  const dim = dimension ? DIMENSION[dimension] : sql`null`;
  const joins = joinsFor(dimension);
  const result = await sql<ReportRow>`select ${source.at} as at, ${source.v} as v, ${source.ok} as ok, ${dim} as dim
    from ${source.from} ${sql.join(joins, sql` `)}
    where ${source.at} >= ${from} and ${source.at} < ${to} ${source.where ?? sql``}`.execute(db);
  return result.rows.map((row) => ({
    at: row.at,
    v: row.v === null ? null : Number(row.v),
    ok: row.ok === null ? null : Number(row.ok),
    dim: row.dim,
  }));
}

/**
 * The tables a dimension needs beside the facts. The ticket's own row only for the dimensions kept there: a
 * deleted ticket's facts are gone with it (ON DELETE CASCADE), so the facts alone never count one, and a report
 * by period or channel reads one table.
 */
function joinsFor(dimension: Dimension | null): RawBuilder<unknown>[] {
  if (dimension === 'tag') return [sql`left join ticket_tags tt on tt.ticket_id = f.ticket_id`];
  if (dimension === 'policy') return [sql`left join ticket_sla s on s.ticket_id = f.ticket_id`];
  if (dimension === 'channel' || dimension === null) return [];
  return [sql`join posts p on p.id = f.ticket_id`];
}

interface Source {
  from: RawBuilder<unknown>;
  at: RawBuilder<unknown>;
  v: RawBuilder<unknown>;
  ok: RawBuilder<unknown>;
  where?: RawBuilder<unknown>;
}

function sourceOf(metric: Exclude<MetricName, 'backlog'>, b: boolean): Source {
  const facts = sql`ticket_report_facts f`;
  const none = sql`null`;
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
  return { from: sql`ticket_report_facts f`, at, v, ok: sql`null`, where: sql`and ${v} is not null` };
}

/** The backlog's rows: every ticket filed before `to` and not at its latest resolution by `from`. */
export async function readBacklogRows(
  db: Kysely<Database>,
  dimension: Dimension | null,
  from: string,
  to: string,
): Promise<Array<{ created_at: string; resolved_at: string | null; dim: number | string | null }>> {
  const dim = dimension ? DIMENSION[dimension] : sql`null`;
  const joins = joinsFor(dimension);
  const result = await sql<{ created_at: string; resolved_at: string | null; dim: number | string | null }>`
    select f.created_at, f.resolved_at, ${dim} as dim from ticket_report_facts f ${sql.join(joins, sql` `)}
    where f.created_at < ${to} and (f.resolved_at is null or f.resolved_at >= ${from})`.execute(db);
  return result.rows;
}
