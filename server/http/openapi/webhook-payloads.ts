import { type TSchema, Type } from '@sinclair/typebox';
import type { DeliveredEvent } from '../../webhooks/webhook-events.js';

// What each webhook delivery's body holds (server/webhooks/): the OpenAPI 3.1 `webhooks` section. The bodies are
// written by queue-webhook-event.ts and its callers; server/webhooks/webhooks.test.ts reads them back.

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const TicketRef = Type.Object({ id: Type.Integer(), number: Type.Optional(Type.Integer()), version: Type.Optional(Type.Integer()) });

const Ticket = Type.Object({
  id: Type.Integer(),
  number: Type.Integer(),
  subject: Type.String(),
  description: Type.String(),
  status: Nullable(Type.String({ description: 'The status slug' })),
  reason: Nullable(Type.String()),
  urgency: Nullable(Type.String()),
  product_id: Nullable(Type.Integer()),
  assignee_id: Nullable(Type.Integer()),
  client: Nullable(Type.Object({ id: Type.Integer(), email: Type.String(), name: Type.String() })),
  created: Type.String(),
  updated: Type.String(),
});

const DATA: Record<DeliveredEvent, TSchema> = {
  'ticket.created': Type.Object({ ticket: Ticket }),
  'ticket.updated': Type.Object({
    ticket: TicketRef,
    actor_id: Nullable(Type.Integer({ description: 'Who changed it; null for the helpdesk itself' })),
    changes: Type.Record(Type.String(), Type.Array(Nullable(Type.String()), { minItems: 2, maxItems: 2 }), {
      description: 'Each field that changed: [before, after], as people read them (a status’s name, an agent’s name)',
    }),
  }),
  'comment.created': Type.Object({
    ticket: TicketRef,
    comment: Type.Object({
      id: Type.Integer(),
      author_id: Nullable(Type.Integer()),
      author_role: Type.String({ description: 'client, agent or bot' }),
      internal: Type.Boolean({ description: 'An internal note (staff only)' }),
      text: Type.String({ description: 'Markdown' }),
      created: Type.String(),
    }),
  }),
  'ticket.sla_warning': Type.Object({ ticket: TicketRef, metric: Type.String(), due_at: Type.String() }),
  'ticket.sla_breached': Type.Object({ ticket: TicketRef, metric: Type.String(), due_at: Type.String() }),
  'satisfaction.rated': Type.Object({
    ticket: TicketRef,
    rating: Type.Object({ id: Type.Integer(), value: Type.String(), comment: Type.String(), client_id: Nullable(Type.Integer()) }),
    reopened: Type.Boolean(),
  }),
  'rule.fired': Type.Object(
    {
      rule: Type.Object({ id: Type.Integer(), name: Type.String() }),
      ticket: Type.Object({ id: Type.Integer(), number: Nullable(Type.Integer()) }),
    },
    { description: 'Sent only by a rule’s “call a webhook” action, to the subscription it names, whatever events that follows' },
  ),
  'client.created': Type.Object({
    client: Type.Object({
      id: Type.Integer(),
      email: Type.String(),
      name: Type.String(),
      language: Nullable(Type.String()),
      created: Type.String(),
    }),
  }),
};

const HEADERS = {
  'webhook-id': { description: 'The message id, the same on every retry and replay', schema: { type: 'string' } },
  'webhook-timestamp': { description: 'Seconds since 1970 when this attempt was signed', schema: { type: 'string' } },
  'webhook-signature': {
    description:
      'Space-separated v1,<base64 HMAC-SHA256 of "id.timestamp.body"> entries, keyed by the base64-decoded secret ' +
      'after whsec_; two during the 24 hours after a rotation',
    schema: { type: 'string' },
  },
};

/** The document's `webhooks`: one POST per event, its envelope `{type, timestamp, data}` and the Standard Webhooks headers. */
export function webhooksSection(): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(DATA).map(([type, data]) => [
      type,
      {
        post: {
          summary: `The ${type} event`,
          operationId: `webhook${type.replace(/(^|[._])(\w)/g, (_m, _s, c: string) => c.toUpperCase())}`,
          // Signed with the subscription's secret (the headers below), not by one of the API's schemes.
          security: [],
          parameters: Object.entries(HEADERS).map(([name, header]) => ({ name, in: 'header', required: true, ...header })),
          requestBody: {
            required: true,
            content: {
              'application/json': {
                // Plain JSON: TypeBox's symbols left out.
                schema: JSON.parse(
                  JSON.stringify(
                    Type.Object({ type: Type.Literal(type), timestamp: Type.String({ description: 'When it happened (ISO 8601)' }), data }),
                  ),
                ),
              },
            },
          },
          responses: {
            '200': { description: 'Any 2xx: delivered. 410 disables the subscription; 429 and 5xx are retried (Retry-After honoured).' },
          },
        },
      },
    ]),
  );
}
