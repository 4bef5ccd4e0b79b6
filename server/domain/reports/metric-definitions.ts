import type { MessageKey } from '../../../common/i18n/message-keys.js';

// Every metric the reports know, each with the one written definition shown beside its chart and in the API
// (`definition`, in the reader's language: the catalogue keys `common.reports.metric.*`).

/** What a metric's buckets hold: a count (`n`), times (median, p90, mean of `n` tickets), or a share of yes. */
export type MetricKind = 'count' | 'time' | 'share' | 'backlog';

export const METRIC_NAMES = [
  'created',
  'resolved',
  'reopened',
  'backlog',
  'first_reply',
  'next_reply',
  'resolution',
  'client_wait',
  'satisfaction',
  'sla_first_reply',
  'sla_next_reply',
  'sla_resolution',
] as const;

export type MetricName = (typeof METRIC_NAMES)[number];

export interface MetricDefinition {
  name: MetricName;
  kind: MetricKind;
  /** The definition, in the catalogue. */
  text: MessageKey;
}

export const METRICS: Readonly<Record<MetricName, MetricDefinition>> = {
  created: { name: 'created', kind: 'count', text: 'common.reports.metric.created' },
  resolved: { name: 'resolved', kind: 'count', text: 'common.reports.metric.resolved' },
  reopened: { name: 'reopened', kind: 'count', text: 'common.reports.metric.reopened' },
  backlog: { name: 'backlog', kind: 'backlog', text: 'common.reports.metric.backlog' },
  first_reply: { name: 'first_reply', kind: 'time', text: 'common.reports.metric.first_reply' },
  next_reply: { name: 'next_reply', kind: 'time', text: 'common.reports.metric.next_reply' },
  resolution: { name: 'resolution', kind: 'time', text: 'common.reports.metric.resolution' },
  client_wait: { name: 'client_wait', kind: 'time', text: 'common.reports.metric.client_wait' },
  satisfaction: { name: 'satisfaction', kind: 'share', text: 'common.reports.metric.satisfaction' },
  sla_first_reply: { name: 'sla_first_reply', kind: 'share', text: 'common.reports.metric.sla_first_reply' },
  sla_next_reply: { name: 'sla_next_reply', kind: 'share', text: 'common.reports.metric.sla_next_reply' },
  sla_resolution: { name: 'sla_resolution', kind: 'share', text: 'common.reports.metric.sla_resolution' },
};

/** How every time is summed up (nearest-rank percentiles) and what business hours mean, shown with each definition. */
export const STATISTICS_TEXT: MessageKey = 'common.reports.statistics';

export function isMetricName(name: string): name is MetricName {
  return (METRIC_NAMES as readonly string[]).includes(name);
}

/** The groupings: periods in the report's zone, or one dimension of the tickets. */
export const GROUPINGS = ['day', 'week', 'month', 'agent', 'tag', 'product', 'reason', 'urgency', 'channel', 'policy'] as const;
export type Grouping = (typeof GROUPINGS)[number];
export type Dimension = Exclude<Grouping, 'day' | 'week' | 'month'>;

export function isPeriodGrouping(grouping: Grouping): grouping is 'day' | 'week' | 'month' {
  return grouping === 'day' || grouping === 'week' || grouping === 'month';
}
