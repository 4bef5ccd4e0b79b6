/** Every event a webhook may subscribe to (issue 39); the envelope is `{type, timestamp, data}`. */
export const WEBHOOK_EVENTS = [
  'ticket.created',
  'ticket.updated',
  'comment.created',
  'ticket.sla_warning',
  'ticket.sla_breached',
  'satisfaction.rated',
  'client.created',
] as const;

export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export function isWebhookEvent(value: string): value is WebhookEvent {
  return (WEBHOOK_EVENTS as readonly string[]).includes(value);
}
