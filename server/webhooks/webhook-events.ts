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

/** Where a subscription's deliveries go: the signed Standard Webhooks envelope, or a Slack incoming webhook's message. */
export const WEBHOOK_DESTINATIONS = ['standard', 'slack'] as const;

/** The events a Slack destination may take: the ones a channel wants to hear about as they happen. */
export const SLACK_EVENTS = ['ticket.created', 'ticket.sla_breached'] as const satisfies readonly WebhookEvent[];

export function isSlackEvent(value: WebhookEvent): boolean {
  return (SLACK_EVENTS as readonly string[]).includes(value);
}

/**
 * Sent only by a rule's "call a webhook" action, to the subscription the rule names, whatever events that one
 * follows (server/domain/rules/fire-rule.ts); not offered for subscribing.
 */
export const RULE_FIRED_EVENT = 'rule.fired';

/** Every event type a delivery may carry. */
export type DeliveredEvent = WebhookEvent | typeof RULE_FIRED_EVENT;
