import type { MessageKey } from '../../../common/i18n/message-keys.js';
import type { RequestOf, ResponseOf } from '../api/api.js';

export type Webhook = ResponseOf<'listWebhooks'>[number];
export type WebhookBody = RequestOf<'createWebhook'>;
export type WebhookEvent = Webhook['events'][number];
export type Destination = Webhook['destination'];
export type Delivery = ResponseOf<'listWebhookDeliveries'>[number];

/** Every event, in the order the form offers them (server/webhooks/webhook-events.ts). */
export const EVENTS: WebhookEvent[] = [
  'ticket.created',
  'ticket.updated',
  'comment.created',
  'ticket.sla_warning',
  'ticket.sla_breached',
  'satisfaction.rated',
  'client.created',
];
/** What Slack is sent (the server refuses the others for a Slack destination). */
export const SLACK_EVENTS: WebhookEvent[] = ['ticket.created', 'ticket.sla_breached'];

export const eventKey = (event: WebhookEvent) => `webhooks.event.${event.replace('.', '_')}` as MessageKey;
