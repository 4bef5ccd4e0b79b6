import { type Kysely, type RawBuilder, sql } from 'kysely';
import { message } from '../../../common/i18n/translator.js';
import type { Database } from '../../db/tables.js';
import { invalidField } from '../../errors.js';
import { type Dimension, isPeriodGrouping } from './metric-definitions.js';
import { periodsOf, startOfLocalDay } from './report-periods.js';
import { DIMENSION, joinsFor, openAt, sourceOf } from './report-rows.js';
import type { ReportQuery } from './run-report.js';

/** Lines of a bucket's list per page. */
export const BUCKET_TICKETS_PAGE = 50;

/**
 * One line behind a bar: the ticket, and what the bar counted of it at `at` — a time (`value_s`), whether a
 * target was met or an answer a yes (`ok`), or neither for counts. A ticket appears once per thing counted: a
 * ticket with three next replies in a bar is three lines, as it is three in the bar's count.
 */
export interface BucketTicket {
  ticket_id: number;
  number: number | null;
  subject: string;
  status_slug: string | null;
  status_name: string | null;
  at: string;
  value_s: number | null;
  ok: boolean | null;
}

export interface BucketTickets {
  /** The instants the bucket covers (ISO, `from` included, `to` not); for the backlog `to` is the moment counted. */
  from: string;
  to: string;
  n: number;
  page: number;
  per_page: number;
  tickets: BucketTicket[];
}

/**
 * The exact lines behind one bucket of a report (`key` as the report named it): the same rows the report summed
 * up (report-rows.ts), so their number is the bucket's `n` by construction, oldest first, a page at a time.
 * A key the report does not have is VALIDATION_FAILED naming `key`.
 */
export async function readBucketTickets(db: Kysely<Database>, query: ReportQuery, key: string, page: number): Promise<BucketTickets> {
  const bounds = boundsOf(query, key);
  const dimension = isPeriodGrouping(query.groupBy) ? null : (query.groupBy as Dimension);
  const dimensionMatch = dimension === null ? sql`` : matchOf(dimension, key);
  const rows =
    query.metric === 'backlog'
      ? // Open at the moment counted, as readBacklogAtEnds and readBacklogByDimension count them.
        sql`select f.ticket_id, cast(${bounds.to} as varchar(40)) as at, cast(null as integer) as v, cast(null as integer) as ok
          from ticket_report_facts f ${sql.join(joinsFor(dimension), sql` `)}
          where ${openAt(bounds.to)} ${dimensionMatch}`
      : lineRows(query, dimension, bounds, dimensionMatch);
  const count = await sql<{ n: number | string }>`with x as (${rows}) select count(*) as n from x`.execute(db);
  const result = await sql<{
    ticket_id: number;
    at: string;
    v: number | string | null;
    ok: number | string | null;
    number: number | null;
    subject: string;
    status_slug: string | null;
    status_name: string | null;
  }>`with x as (${rows})
    select x.ticket_id, x.at, x.v, x.ok, pp.number, pp.title as subject, st.slug as status_slug, st.name as status_name
    from x join posts pp on pp.id = x.ticket_id left join terms st on st.id = pp.status_term_id
    order by x.at, x.ticket_id, x.v
    limit ${BUCKET_TICKETS_PAGE} offset ${(page - 1) * BUCKET_TICKETS_PAGE}`.execute(db);
  return {
    ...bounds,
    n: Number(count.rows[0]?.n ?? 0),
    page,
    per_page: BUCKET_TICKETS_PAGE,
    tickets: result.rows.map((row) => ({
      ticket_id: Number(row.ticket_id),
      number: row.number === null ? null : Number(row.number),
      subject: row.subject,
      status_slug: row.status_slug,
      status_name: row.status_name,
      at: row.at,
      value_s: row.v === null ? null : Number(row.v),
      ok: row.ok === null ? null : Number(row.ok) === 1,
    })),
  };
}

function lineRows(query: ReportQuery, dimension: Dimension | null, bounds: { from: string; to: string }, match: RawBuilder<unknown>) {
  const source = sourceOf(query.metric as Exclude<ReportQuery['metric'], 'backlog'>, query.hours === 'business');
  return sql`select f.ticket_id, ${source.at} as at, ${source.v} as v, ${source.ok} as ok
    from ${source.from} ${sql.join(joinsFor(dimension), sql` `)}
    where ${source.at} >= ${bounds.from} and ${source.at} < ${bounds.to} ${source.where ?? sql``} ${match}`;
}

/** Only the rows of the dimension's key: 'none' for those without one, a channel by name, the rest by id. */
function matchOf(dimension: Dimension, key: string): RawBuilder<unknown> {
  const column = DIMENSION[dimension];
  if (key === 'none') return sql`and ${column} is null`;
  if (dimension === 'channel') return sql`and ${column} = ${key}`;
  if (!/^[1-9]\d{0,15}$/.test(key)) throw invalidField('key', message('problems.reports.bad_key', { key }));
  return sql`and ${column} = ${Number(key)}`;
}

/** The instants of the bucket: the period named by `key` (cut to the range, as the report cuts it), or the whole range. */
function boundsOf(query: ReportQuery, key: string): { from: string; to: string } {
  const iso = (day: number) => new Date(startOfLocalDay(query.timeZone, day)).toISOString();
  if (!isPeriodGrouping(query.groupBy)) {
    const range = { from: iso(query.fromDay), to: iso(query.toDay + 1) };
    return query.metric === 'backlog' ? { from: range.to, to: range.to } : range;
  }
  const period = periodsOf(query.groupBy, query.timeZone, query.fromDay, query.toDay).find((each) => each.key === key);
  if (!period) throw invalidField('key', message('problems.reports.bad_key', { key }));
  // The backlog of a period is the count at its end.
  return query.metric === 'backlog' ? { from: period.end, to: period.end } : { from: period.start, to: period.end };
}
