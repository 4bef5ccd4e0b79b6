import { Type } from '@sinclair/typebox';
import { SLACK_EVENTS, WEBHOOK_DESTINATIONS, WEBHOOK_EVENTS } from '../../../webhooks/webhook-events.js';
import { problemResponses } from '../shared.schema.js';

const EventType = Type.Union(
  WEBHOOK_EVENTS.map((event) => Type.Literal(event)),
  { description: 'An event a webhook is sent for' },
);

const Destination = Type.Union(
  WEBHOOK_DESTINATIONS.map((d) => Type.Literal(d)),
  {
    description:
      'standard: the signed Standard Webhooks envelope; slack: a Slack incoming-webhook message ({text, blocks}), unsigned, ' +
      `for ${SLACK_EVENTS.join(' and ')} only`,
  },
);

export const WebhookBody = Type.Object(
  {
    url: Type.String({
      minLength: 1,
      maxLength: 2000,
      description: 'Where deliveries are POSTed: http(s), never an internal address unless Tickets → Webhooks allows its host',
    }),
    events: Type.Array(EventType, { minItems: 1, maxItems: WEBHOOK_EVENTS.length * 2 }),
    description: Type.Optional(Type.String({ maxLength: 500 })),
    enabled: Type.Optional(Type.Boolean({ description: 'Default true; enabling again clears why the service disabled it' })),
    destination: Type.Optional(Destination),
  },
  { additionalProperties: false },
);

const WebhookReply = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  description: Type.String(),
  events: Type.Array(EventType),
  destination: Destination,
  enabled: Type.Boolean(),
  disabled_reason: Type.Union([Type.Literal('gone'), Type.Literal('failing'), Type.Null()], {
    description:
      'Why the service disabled it: gone (the endpoint answered 410 Gone), ' +
      'failing (every attempt failed for 5 days; the admins were mailed); null otherwise',
  }),
  failing_since: Type.Union([Type.String(), Type.Null()], {
    description:
      'Since when every attempt has failed (the first failure after a success); null after a 2xx. Five days of it disable the subscription',
  }),
  previous_secret_until: Type.Union([Type.String(), Type.Null()], {
    description: 'Until when the secret before the last rotation signs too (both signatures are sent); null: one secret signs',
  }),
  created: Type.String(),
  updated: Type.String(),
});

const WebhookWithSecret = Type.Object({
  ...WebhookReply.properties,
  secret: Type.String({
    description: 'The signing secret (whsec_ and the base64 of the key), shown this once: keep it for verifying deliveries',
  }),
});

const Attempt = Type.Object({
  status: Type.Union([Type.Integer(), Type.Null()], { description: 'The HTTP status answered; null when none came' }),
  error: Type.Union([Type.String(), Type.Null()], {
    description: 'Why no status came: timeout, internal_address (refused), network:<code>',
  }),
  response: Type.Union([Type.String(), Type.Null()], { description: 'The first 4 KB of the answer' }),
  duration_ms: Type.Integer(),
  at: Type.String(),
});

const Delivery = Type.Object({
  id: Type.Integer(),
  message_id: Type.String({ description: 'The webhook-id header, the same on every attempt and replay' }),
  type: EventType,
  state: Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')]),
  attempts: Type.Array(Attempt),
  created: Type.String(),
});

export const DeliveriesQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 25 })),
    before: Type.Optional(Type.Integer({ minimum: 1, description: 'Deliveries older than this id (the last one of the page before)' })),
  },
  { additionalProperties: false },
);

export const DeliveryParams = Type.Object({ id: Type.Integer({ minimum: 1 }), deliveryId: Type.Integer({ minimum: 1 }) });

export const webhookListResponse = { 200: Type.Array(WebhookReply), ...problemResponses(401, 403) };
export const webhookResponse = { 200: WebhookReply, ...problemResponses(401, 403, 404) };
export const createWebhookResponse = { 201: WebhookWithSecret, ...problemResponses(400, 401, 403) };
export const replaceWebhookResponse = { 200: WebhookReply, ...problemResponses(400, 401, 403, 404) };
export const deleteWebhookResponse = { 204: Type.Null(), ...problemResponses(401, 403, 404) };
export const rotateWebhookSecretResponse = { 200: WebhookWithSecret, ...problemResponses(401, 403, 404) };
export const deliveriesResponse = { 200: Type.Array(Delivery), ...problemResponses(400, 401, 403, 404) };
export const replayDeliveryResponse = { 202: Type.Null(), ...problemResponses(401, 403, 404) };
