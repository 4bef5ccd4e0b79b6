import { Type } from '@sinclair/typebox';
import { Label, problemResponses } from '../shared.schema.js';

const closed = { additionalProperties: false } as const;
const Id = Type.Integer({ minimum: 1 });
const Ids = Type.Array(Id, { minItems: 1, maxItems: 200 });
const Words = (what: string) =>
  Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { minItems: 1, maxItems: 100, description: what });
const IsOrNot = Type.Union([Type.Literal('is'), Type.Literal('is_not')]);
const Channel = Type.Union([Type.Literal('widget'), Type.Literal('mail'), Type.Literal('site'), Type.Literal('api')]);
const Trigger = Type.Union(
  [
    Type.Literal('ticket.created'),
    Type.Literal('ticket.updated'),
    Type.Literal('client.replied'),
    Type.Literal('sla.warning'),
    Type.Literal('sla.breached'),
    Type.Literal('time'),
  ],
  {
    description:
      'When the rule runs: a ticket filed, changed (status, assignee, urgency, reason, product or tags), a client’s reply, ' +
      'a service-level warning or breach; time: when a ticket has stayed in a status unchanged for the wait',
  },
);

const Condition = Type.Union(
  [
    Type.Object({ field: Type.Literal('status'), op: IsOrNot, values: Words('Status slugs') }, closed),
    Type.Object(
      { field: Type.Union([Type.Literal('urgency'), Type.Literal('reason'), Type.Literal('product')]), op: IsOrNot, values: Ids },
      closed,
    ),
    Type.Object(
      {
        field: Type.Literal('tag'),
        op: Type.Union([Type.Literal('has_any'), Type.Literal('has_all'), Type.Literal('has_none')]),
        values: Words('Tag names, in any case'),
      },
      closed,
    ),
    Type.Object({ field: Type.Literal('channel'), op: IsOrNot, values: Type.Array(Channel, { minItems: 1, maxItems: 4 }) }, closed),
    Type.Object(
      {
        field: Type.Literal('custom'),
        key: Type.String({ minLength: 1, maxLength: 100, description: 'A custom form field’s key' }),
        op: IsOrNot,
        values: Type.Array(Type.String({ maxLength: 500 }), { minItems: 1, maxItems: 100 }),
      },
      closed,
    ),
    Type.Object(
      {
        field: Type.Union([Type.Literal('subject'), Type.Literal('message')]),
        op: Type.Union([Type.Literal('contains'), Type.Literal('not_contains')]),
        values: Words('Words or phrases, any of which matches, in any case; message: the newest public message'),
      },
      closed,
    ),
    Type.Object(
      {
        field: Type.Literal('business_hours'),
        op: Type.Union([Type.Literal('inside'), Type.Literal('outside')]),
        business_hours_id: Type.Optional(Type.Union([Id, Type.Null()], { description: 'The schedule; absent or null: the default' })),
      },
      closed,
    ),
  ],
  { description: 'One condition on the ticket' },
);

const Text = (max: number) => Type.String({ minLength: 1, maxLength: max, pattern: '\\S' });
const Action = Type.Union(
  [
    Type.Object({ type: Type.Literal('assign'), mode: Type.Literal('agent'), agent_id: Id }, closed),
    Type.Object(
      { type: Type.Literal('assign'), mode: Type.Literal('fair') },
      { ...closed, description: 'To the agent whose turn it is (the fair assignment)' },
    ),
    Type.Object({ type: Type.Literal('unassign') }, closed),
    Type.Object({ type: Type.Union([Type.Literal('add_tags'), Type.Literal('remove_tags')]), tags: Words('Tag names') }, closed),
    Type.Object({ type: Type.Literal('set_status'), status: Type.String({ minLength: 1, maxLength: 200 }) }, closed),
    Type.Object({ type: Type.Literal('set_urgency'), urgency: Type.Union([Id, Type.Null()]) }, closed),
    Type.Object(
      { type: Type.Literal('saved_reply'), saved_reply_id: Id },
      { ...closed, description: 'A shared saved reply, sent to the client as a public reply with its placeholders filled' },
    ),
    Type.Object({ type: Type.Literal('note'), text: Text(20_000) }, { ...closed, description: 'An internal note (placeholders filled)' }),
    Type.Object(
      {
        type: Type.Literal('mail'),
        to: Type.Union([Type.Literal('assignee'), Type.Literal('client'), Type.Literal('agent')]),
        agent_id: Type.Optional(Id),
        subject: Type.String({ minLength: 1, maxLength: 200, pattern: '^[^\\r\\n]*\\S[^\\r\\n]*$', description: 'One line' }),
        text: Text(10_000),
      },
      { ...closed, description: 'A mail to the assignee, the client or an agent (agent_id); placeholders filled' },
    ),
    Type.Object(
      { type: Type.Literal('webhook'), webhook_id: Id },
      { ...closed, description: 'A `rule.fired` delivery to that webhook subscription, whatever events it follows' },
    ),
  ],
  { description: 'One action, done in the order listed' },
);

const Wait = Type.Object(
  {
    status: Type.String({ minLength: 1, maxLength: 200, description: 'The status slug the ticket stays in' }),
    amount: Type.Integer({ minimum: 1, maximum: 8760 }),
    unit: Type.Union([Type.Literal('hours'), Type.Literal('days')]),
    clock: Type.Union([Type.Literal('calendar'), Type.Literal('business')], {
      description: 'business: counted on business hours (a business day is the schedule’s working day)',
    }),
    business_hours_id: Type.Optional(Type.Union([Id, Type.Null()], { description: 'The schedule; absent or null: the default' })),
  },
  { ...closed, description: 'Time rules: how long the ticket stays in the status with no change but rules’ own' },
);

export const RuleBody = Type.Object(
  {
    name: Label(100),
    enabled: Type.Optional(Type.Boolean({ description: 'Default true' })),
    trigger: Trigger,
    match: Type.Optional(
      Type.Union([Type.Literal('all'), Type.Literal('any')], { description: 'all: every condition must hold (default); any: one' }),
    ),
    conditions: Type.Optional(Type.Array(Condition, { maxItems: 50 })),
    actions: Type.Array(Action, { minItems: 1, maxItems: 20 }),
    wait: Type.Optional(Type.Union([Wait, Type.Null()])),
  },
  closed,
);

export const RuleReply = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  enabled: Type.Boolean(),
  position: Type.Integer({ description: 'The order rules run in, 1 first' }),
  trigger: Trigger,
  match: Type.Union([Type.Literal('all'), Type.Literal('any')]),
  conditions: Type.Array(Condition),
  actions: Type.Array(Action),
  wait: Type.Union([Wait, Type.Null()]),
  created: Type.String(),
  updated: Type.String(),
});

export const ruleListResponse = { 200: Type.Array(RuleReply), ...problemResponses(401, 403) };
export const ruleResponse = { 200: RuleReply, ...problemResponses(401, 403, 404) };
export const createRuleResponse = { 201: RuleReply, ...problemResponses(400, 401, 403) };
export const replaceRuleResponse = { 200: RuleReply, ...problemResponses(400, 401, 403, 404) };
export const deleteRuleResponse = { 204: Type.Null(), ...problemResponses(401, 403, 404) };

export const ReorderRulesBody = Type.Object(
  { ids: Type.Array(Id, { maxItems: 1000, description: 'Every rule’s id once, the first run first' }) },
  closed,
);
export const reorderRulesResponse = { 200: Type.Array(RuleReply), ...problemResponses(400, 401, 403) };

export const RulePreviewReply = Type.Object({
  count: Type.Integer({ description: 'How many tickets the rule would touch now' }),
  scanned: Type.Integer({ description: 'How many tickets were looked at (an event rule: the newest 5,000 at most)' }),
  tickets: Type.Array(
    Type.Object({ id: Type.Integer(), number: Type.Union([Type.Integer(), Type.Null()]), subject: Type.String(), status: Type.String() }),
    { description: 'The first 50 of them, newest first' },
  ),
});
export const previewRuleResponse = { 200: RulePreviewReply, ...problemResponses(401, 403, 404) };
