import { Type } from '@sinclair/typebox';
import { GROUPINGS, METRIC_NAMES } from '../../../domain/reports/metric-definitions.js';
import { problemResponses } from '../shared.schema.js';

const DATE = 'A day (YYYY-MM-DD) in the report’s time zone';

// The parameters are checked by the domain (checkReportQuery) so that each mistake is named in plain words; the
// schema states them for the OpenAPI document and keeps out what is not a string at all.
const RangeQuery = {
  from: Type.Optional(Type.String({ description: `${DATE}: the first day counted (default: 29 days before \`to\`)` })),
  to: Type.Optional(Type.String({ description: `${DATE}: the last day counted, included (default: today)` })),
  tz: Type.Optional(
    Type.String({ description: 'IANA time zone the days are counted in (default: the site’s)', examples: ['Europe/Berlin'] }),
  ),
};

export const ReportParams = Type.Object({
  metric: Type.String({ description: `One of: ${METRIC_NAMES.join(', ')}` }),
});

export const ReportQuery = Type.Object(
  {
    ...RangeQuery,
    group_by: Type.Optional(
      Type.String({
        description:
          `One of: ${GROUPINGS.join(', ')} (default day). agent: the assignee, for admins unless the setting allows agents; ` +
          'tag: a ticket with several tags counts in each',
      }),
    ),
    hours: Type.Optional(Type.String({ description: 'business or calendar (default calendar)' })),
    format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('csv')], { description: 'csv: the same buckets, cell for cell' })),
  },
  { additionalProperties: false },
);

export const ReportBucket = Type.Object({
  key: Type.String({ description: 'The period (2026-12-07; a week by its Monday; 2026-12) or the dimension’s id; none: without one' }),
  label: Type.Union([Type.String(), Type.Null()], { description: 'The dimension’s name (agent, tag, product, …); null for periods' }),
  n: Type.Integer({ description: 'How many: tickets, replies, answers or targets' }),
  median_s: Type.Union([Type.Integer(), Type.Null()], { description: 'Median in seconds (nearest rank); null for counts' }),
  p90_s: Type.Union([Type.Integer(), Type.Null()], { description: '90th percentile in seconds (nearest rank)' }),
  mean_s: Type.Union([Type.Integer(), Type.Null()], { description: 'Mean in seconds, rounded' }),
  yes: Type.Union([Type.Integer(), Type.Null()], { description: 'Satisfaction: the yes answers; service levels: the targets met in time' }),
  share: Type.Union([Type.Number(), Type.Null()], { description: 'yes ÷ n, to four decimals; null when n is 0' }),
});

export const Report = Type.Object({
  metric: Type.String(),
  definition: Type.String({ description: 'What the metric counts, in the reader’s language' }),
  statistics: Type.Union([Type.String(), Type.Null()], { description: 'How times are summed up (for time metrics)' }),
  from: Type.String(),
  to: Type.String(),
  tz: Type.String(),
  group_by: Type.String(),
  hours: Type.String(),
  buckets: Type.Array(ReportBucket),
});

export const reportResponse = {
  200: {
    description: 'The metric’s buckets (JSON), or the same as CSV with ?format=csv',
    content: {
      'application/json': { schema: Report },
      'text/csv': { schema: { type: 'string' } },
    },
  },
  ...problemResponses(400, 401, 403, 404),
};

export const TicketsCsvQuery = Type.Object({ ...RangeQuery }, { additionalProperties: false });

export const ticketsCsvResponse = {
  200: {
    description:
      'One line per ticket filed in the range, oldest first: number, link, client, channel, assignee, tags, status, created, ' +
      'first reply and resolution (calendar and business seconds), reopen count, latest rating, breached targets, custom fields',
    content: { 'text/csv': { schema: { type: 'string' } } },
  },
  ...problemResponses(400, 401, 403),
};

export const reportIndexResponse = {
  200: Type.Object({
    metrics: Type.Array(
      Type.Object({
        name: Type.String(),
        kind: Type.String({ description: 'count, time, share or backlog' }),
        definition: Type.String({ description: 'What the metric counts, in the reader’s language' }),
      }),
    ),
    groupings: Type.Array(Type.String(), { description: 'What this reader may group by: agent only for admins unless the setting allows' }),
  }),
  ...problemResponses(401, 403),
};

export const BucketTicketsQuery = Type.Object(
  {
    ...RangeQuery,
    group_by: ReportQuery.properties.group_by,
    hours: ReportQuery.properties.hours,
    key: Type.String({ description: 'The bucket’s key as the report gave it (a period, a dimension’s id, or none)' }),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  },
  { additionalProperties: false },
);

export const BucketTicket = Type.Object({
  ticket_id: Type.Integer(),
  number: Type.Union([Type.Integer(), Type.Null()]),
  subject: Type.String(),
  status_slug: Type.Union([Type.String(), Type.Null()]),
  status_name: Type.Union([Type.String(), Type.Null()]),
  at: Type.String({
    description: 'When it counted (filed, resolved, replied, rated, met or breached; for the backlog the moment counted)',
  }),
  value_s: Type.Union([Type.Integer(), Type.Null()], { description: 'Times: the seconds counted' }),
  ok: Type.Union([Type.Boolean(), Type.Null()], { description: 'Satisfaction: a yes that held; service levels: met in time' }),
});

export const bucketTicketsResponse = {
  200: Type.Object({
    metric: Type.String(),
    key: Type.String(),
    definition: Type.String(),
    from: Type.String({ description: 'The bucket’s first instant (ISO, UTC)' }),
    to: Type.String({ description: 'The instant after its last (ISO, UTC); for the backlog the moment counted' }),
    n: Type.Integer({ description: 'How many lines: the bucket’s n in the report, exactly' }),
    page: Type.Integer(),
    per_page: Type.Integer(),
    tickets: Type.Array(BucketTicket),
  }),
  ...problemResponses(400, 401, 403, 404),
};
