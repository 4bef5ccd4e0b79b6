import type { ResponseOf } from '../api/api.js';

// The Reports screens' data shaping, apart from React so it is tested on its own: which metrics each page shows,
// what a bucket's one charted value is, the ranges of the overview's two weeks, and the API paths (JSON and CSV).

export type Report = ResponseOf<'getReport'>;
export type Bucket = Report['buckets'][number];
export type BucketTickets = ResponseOf<'listReportBucketTickets'>;
export type ReportIndex = ResponseOf<'listReportMetrics'>;

export type MetricName =
  | 'created'
  | 'resolved'
  | 'reopened'
  | 'backlog'
  | 'first_reply'
  | 'next_reply'
  | 'resolution'
  | 'client_wait'
  | 'satisfaction'
  | 'sla_first_reply'
  | 'sla_next_reply'
  | 'sla_resolution';

export const isMetricName = (name: string | null): name is MetricName => name !== null && Object.hasOwn(KIND_OF, name);

/** What a bucket's charted value is: a count, a time (the median, seconds) or a share (0…1). */
export type ValueKind = 'count' | 'time' | 'share';

export const KIND_OF: Readonly<Record<MetricName, ValueKind>> = {
  created: 'count',
  resolved: 'count',
  reopened: 'count',
  backlog: 'count',
  first_reply: 'time',
  next_reply: 'time',
  resolution: 'time',
  client_wait: 'time',
  satisfaction: 'share',
  sla_first_reply: 'share',
  sla_next_reply: 'share',
  sla_resolution: 'share',
};

/** One page per group of metrics (the slug is the path: reports/volume, …). */
export const PAGES = {
  volume: ['created', 'resolved', 'reopened', 'backlog'],
  times: ['first_reply', 'next_reply', 'resolution', 'client_wait'],
  quality: ['satisfaction', 'sla_first_reply', 'sla_next_reply', 'sla_resolution'],
} as const satisfies Record<string, readonly MetricName[]>;
export type PageSlug = keyof typeof PAGES;
export const isPageSlug = (slug: string | undefined): slug is PageSlug => slug !== undefined && slug in PAGES;

/** The overview's figures, this week against last. */
export const OVERVIEW: readonly MetricName[] = ['created', 'resolved', 'backlog', 'first_reply', 'resolution', 'satisfaction'];

export const GROUPINGS = ['day', 'week', 'month', 'agent', 'tag', 'product', 'reason', 'urgency', 'channel', 'policy'] as const;
export type Grouping = (typeof GROUPINGS)[number];

export interface ReportQuery {
  from: string;
  to: string;
  tz: string;
  group_by: Grouping;
  hours: 'calendar' | 'business';
}

/** The charted value of a bucket: null where there is nothing to show (no times, no answers). */
export function chartedValue(kind: ValueKind, bucket: Bucket): number | null {
  if (kind === 'count') return bucket.n;
  if (kind === 'time') return bucket.n > 0 ? bucket.median_s : null;
  return bucket.n > 0 ? bucket.share : null;
}

/** The query string of a report (with `format=csv` for its download). */
export function reportParams(query: ReportQuery, csv = false): string {
  const params = new URLSearchParams({ from: query.from, to: query.to, tz: query.tz, group_by: query.group_by, hours: query.hours });
  if (csv) params.set('format', 'csv');
  return params.toString();
}

export const reportPath = (metric: MetricName, query: ReportQuery, csv = false) => `/reports/${metric}?${reportParams(query, csv)}`;

/** A report's parameters from an address's query; the defaults: the 30 days up to today in `tz`, by day, calendar hours. */
export function queryFromAddress(params: URLSearchParams, tz: string, now: Date): ReportQuery {
  const to = todayIn(tz, now);
  return queryFrom(params, { from: addDays(to, -29), to, tz, group_by: 'day', hours: 'calendar' });
}

/** A report's parameters from an address's query, each one the report would take, else the default's. */
export function queryFrom(params: URLSearchParams, defaults: ReportQuery): ReportQuery {
  const day = (name: 'from' | 'to') => {
    const value = params.get(name) ?? '';
    return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : defaults[name];
  };
  const grouping = params.get('group_by') as Grouping | null;
  const hours = params.get('hours');
  return {
    from: day('from'),
    to: day('to'),
    tz: params.get('tz') || defaults.tz,
    group_by: grouping && GROUPINGS.includes(grouping) ? grouping : defaults.group_by,
    hours: hours === 'business' || hours === 'calendar' ? hours : defaults.hours,
  };
}

/** The page of the Reports area that charts a metric. */
export function pageOf(metric: MetricName): PageSlug {
  return (Object.keys(PAGES) as PageSlug[]).find((slug) => (PAGES[slug] as readonly MetricName[]).includes(metric)) ?? 'volume';
}

/** The app's address of a report page with its parameters, so going back from a bar's tickets keeps them. */
export const reportScreenPath = (slug: PageSlug, query: ReportQuery) => `reports/${slug}?${reportParams(query)}`;

/** The app's address of the tickets behind one bar (its label only for the heading). */
export function bucketScreenPath(metric: MetricName, query: ReportQuery, key: string, label: string): string {
  const params = new URLSearchParams(reportParams(query));
  params.set('metric', metric);
  params.set('key', key);
  params.set('label', label);
  return `reports/tickets?${params}`;
}

/** The API's page of the tickets behind one bar. */
export function bucketTicketsPath(metric: MetricName, query: ReportQuery, key: string, page: number): string {
  const params = new URLSearchParams(reportParams(query));
  params.set('key', key);
  params.set('page', String(page));
  return `/reports/${metric}/tickets?${params}`;
}

/** The per-ticket CSV of the same days. */
export const ticketsCsvPath = (query: Pick<ReportQuery, 'from' | 'to' | 'tz'>) =>
  `/reports/tickets.csv?${new URLSearchParams({ from: query.from, to: query.to, tz: query.tz })}`;

/** Today (YYYY-MM-DD) in `timeZone`. */
export function todayIn(timeZone: string, now: Date): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The day `days` after `day` (both YYYY-MM-DD; calendar arithmetic, no zone involved). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Last week's Monday to today: the overview's range, grouped by week, so it answers two buckets (last, this). */
export function twoWeeks(today: string): { from: string; to: string; thisWeek: string; lastWeek: string } {
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const thisWeek = addDays(today, -weekday);
  const lastWeek = addDays(thisWeek, -7);
  return { from: lastWeek, to: today, thisWeek, lastWeek };
}

export type Trend = 'up' | 'down' | 'same' | 'none';

/** This week's value against last week's; 'none' when either has nothing to compare. */
export function trendOf(current: number | null, previous: number | null): Trend {
  if (current === null || previous === null) return 'none';
  if (current > previous) return 'up';
  if (current < previous) return 'down';
  return 'same';
}

/** The overview figure of one metric: this week's value and last week's, from a report grouped by week. */
export function weekFigures(report: Report, weeks: { thisWeek: string; lastWeek: string }) {
  const kind = KIND_OF[report.metric as MetricName] ?? 'count';
  const at = (key: string) => {
    const bucket = report.buckets.find((b) => b.key === key);
    return bucket ? chartedValue(kind, bucket) : kind === 'count' ? 0 : null;
  };
  const current = at(weeks.thisWeek);
  const previous = at(weeks.lastWeek);
  return { kind, current, previous, trend: trendOf(current, previous) };
}

/** A time for people: minutes under an hour, hours under two days, else days (one decimal at most). */
export function durationParts(seconds: number): { value: number; unit: 'minute' | 'hour' | 'day' } {
  if (seconds < 3600) return { value: Math.round(seconds / 60), unit: 'minute' };
  if (seconds < 48 * 3600) return { value: Math.round(seconds / 360) / 10, unit: 'hour' };
  return { value: Math.round(seconds / 8640) / 10, unit: 'day' };
}

/**
 * A period's key in words, in the reader's language: a day or a week (by its Monday) as "4 Nov", a month as
 * "Nov 2026". The key is a calendar day, formatted at noon UTC in UTC so no zone moves it to the day before.
 */
export function periodLabel(
  key: string,
  grouping: Grouping,
  date: (value: string, style: Intl.DateTimeFormatOptions) => string,
): string | null {
  if (grouping === 'month' && /^\d{4}-\d{2}$/.test(key))
    return date(`${key}-01T12:00:00Z`, { month: 'short', year: 'numeric', timeZone: 'UTC' });
  if ((grouping === 'day' || grouping === 'week') && /^\d{4}-\d{2}-\d{2}$/.test(key))
    return date(`${key}T12:00:00Z`, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return null;
}
