import { Type } from '@sinclair/typebox';
import { problemResponses } from '../shared.schema.js';

const Metric = Type.Union([Type.Literal('first_reply'), Type.Literal('next_reply'), Type.Literal('resolution')]);
const Channel = Type.Union([Type.Literal('widget'), Type.Literal('mail'), Type.Literal('site'), Type.Literal('api')]);
/** A year of minutes at most. */
const Minutes = (what: string) =>
  Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 525_600 }), Type.Null()], { description: `${what}, in business minutes` }));
const Ids = (of: string) =>
  Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 200, description: `Any one of these ${of} ids` }));

const Conditions = Type.Object(
  {
    urgency: Ids('urgency'),
    reason: Ids('reason'),
    product: Ids('product'),
    tag: Ids('tag'),
    channel: Type.Optional(
      Type.Array(Channel, { maxItems: 4, description: 'How the ticket came: the widget, a mail, the help site, the API' }),
    ),
    fields: Type.Optional(
      Type.Array(
        Type.Object(
          {
            key: Type.String({ minLength: 1, maxLength: 100, description: 'A custom form field’s key' }),
            values: Type.Array(Type.String({ maxLength: 500 }), { maxItems: 100, description: 'Any one of these values' }),
          },
          { additionalProperties: false },
        ),
        { maxItems: 20 },
      ),
    ),
  },
  { additionalProperties: false, description: 'What a ticket must have; every condition given must hold, an absent one asks nothing' },
);

const Targets = Type.Object(
  {
    urgency: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], {
      description: 'The urgency id these targets are for; null: every urgency without its own row, and tickets with none',
    }),
    first_reply: Minutes('From filing to the first public reply by staff'),
    next_reply: Minutes('From a client’s message to the staff’s next public reply'),
    resolution: Minutes('From filing to Resolved or Closed'),
  },
  { additionalProperties: false },
);

export const SlaPolicyBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100, format: 'single-line' }),
    conditions: Type.Optional(Conditions),
    business_hours_id: Type.Optional(
      Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], { description: 'The schedule the clock runs on; null: around the clock' }),
    ),
    targets: Type.Array(Targets, { minItems: 1, maxItems: 50 }),
    pause_statuses: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 200 }), {
        maxItems: 50,
        description: 'Status slugs that stop the clock (a status meaning "waiting on the client"); default none',
      }),
    ),
    warn_before_minutes: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 10_080, description: 'How long before a due time to warn; default 15' }),
    ),
  },
  { additionalProperties: false },
);

export const SlaPolicyReply = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  position: Type.Integer({ description: 'The order policies are tried in, 1 first' }),
  conditions: Conditions,
  business_hours_id: Type.Union([Type.Integer(), Type.Null()]),
  targets: Type.Array(Targets),
  pause_statuses: Type.Array(Type.String()),
  warn_before_minutes: Type.Integer(),
  created: Type.String(),
  updated: Type.String(),
});

export const slaPolicyListResponse = { 200: Type.Array(SlaPolicyReply), ...problemResponses(401, 403) };
export const slaPolicyResponse = { 200: SlaPolicyReply, ...problemResponses(401, 403, 404) };
export const createSlaPolicyResponse = { 201: SlaPolicyReply, ...problemResponses(400, 401, 403) };
export const replaceSlaPolicyResponse = { 200: SlaPolicyReply, ...problemResponses(400, 401, 403, 404) };
export const deleteSlaPolicyResponse = { 204: Type.Null(), ...problemResponses(401, 403, 404) };

export const ReorderSlaPoliciesBody = Type.Object(
  { ids: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 1000, description: 'Every policy’s id once, the first tried first' }) },
  { additionalProperties: false },
);
export const reorderSlaPoliciesResponse = { 200: Type.Array(SlaPolicyReply), ...problemResponses(400, 401, 403) };

export const PreviewSlaBody = Type.Object(
  {
    ticket: Type.Object(
      {
        urgency: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
        reason: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
        product: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
        tags: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 200 })),
        channel: Type.Optional(Type.Union([Channel, Type.Null()])),
        fields: Type.Optional(Type.Record(Type.String(), Type.String(), { description: 'Custom form field values by key' })),
      },
      { additionalProperties: false, description: 'The ticket to imagine filed now' },
    ),
    policy: Type.Optional(
      Type.Object(SlaPolicyBody.properties, {
        additionalProperties: false,
        description: 'A policy being edited, to preview instead of the saved ones',
      }),
    ),
  },
  { additionalProperties: false },
);

export const PreviewSlaReply = Type.Object({
  policy: Type.Union([Type.Object({ id: Type.Union([Type.Integer(), Type.Null()]), name: Type.String() }), Type.Null()], {
    description: 'The policy that would apply (a previewed draft has id null); null: none matches',
  }),
  filed_at: Type.String(),
  targets: Type.Array(
    Type.Object({
      metric: Metric,
      minutes: Type.Integer(),
      due_at: Type.Union([Type.String(), Type.Null()], { description: 'Null for next reply: it starts with a client’s message' }),
    }),
  ),
});
export const previewSlaResponse = { 200: PreviewSlaReply, ...problemResponses(400, 401, 403) };

/** A ticket's service level, as agents read it on the ticket. */
export const TicketSlaSchema = Type.Object(
  {
    policy: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]),
    targets: Type.Array(
      Type.Object({
        metric: Metric,
        due_at: Type.Union([Type.String(), Type.Null()], {
          description: 'When it is due at the pace it runs; as it was while paused or met',
        }),
        status: Type.Union([Type.Literal('active'), Type.Literal('paused'), Type.Literal('met'), Type.Literal('breached')]),
        met_at: Type.Union([Type.String(), Type.Null()]),
        breached_at: Type.Union([Type.String(), Type.Null()], { description: 'When it became late (kept when met late)' }),
        business_seconds_used: Type.Integer(),
      }),
    ),
  },
  { description: 'Agents: the service-level policy that applies and the ticket’s targets' },
);
