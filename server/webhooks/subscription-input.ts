import { message } from '../../common/i18n/translator.js';
import type { WebhookDestination } from '../db/tables.js';
import type { DomainContext } from '../domain/context.js';
import { invalidField } from '../errors.js';
import { getCoreSettings } from '../settings/core-settings.js';
import { allowedHostsOf, hostOf, refusesHost } from './address-guard.js';
import { isSlackEvent, isWebhookEvent, SLACK_EVENTS, WEBHOOK_EVENTS, type WebhookEvent } from './webhook-events.js';

export interface SubscriptionInput {
  url: string;
  events: string[];
  description?: string;
  enabled?: boolean;
  /** Default `standard`. */
  destination?: WebhookDestination;
}

/**
 * The URL and events checked: an absolute http(s) URL without credentials whose host is not internal; known events,
 * once each; for Slack only the events it takes.
 */
export async function checkSubscriptionInput(
  ctx: DomainContext,
  input: SubscriptionInput,
): Promise<{ url: string; events: WebhookEvent[]; description: string; destination: WebhookDestination }> {
  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    throw invalidField('url', message('problems.webhook.url_invalid'));
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password)
    throw invalidField('url', message('problems.webhook.url_invalid'));
  const allowed = allowedHostsOf((await getCoreSettings(ctx)).tickets.webhook_allowed_hosts);
  if (await refusesHost(url, allowed)) throw invalidField('url', message('problems.webhook.url_internal', { host: hostOf(url) }));
  const destination = input.destination ?? 'standard';
  const events: WebhookEvent[] = [];
  for (const [index, event] of input.events.entries()) {
    if (!isWebhookEvent(event))
      throw invalidField(`events.${index}`, message('problems.webhook.event_unknown', { event, events: WEBHOOK_EVENTS.join(', ') }));
    if (destination === 'slack' && !isSlackEvent(event))
      throw invalidField(`events.${index}`, message('problems.webhook.event_not_for_slack', { event, events: SLACK_EVENTS.join(', ') }));
    if (!events.includes(event)) events.push(event);
  }
  return { url: url.href, events, description: (input.description ?? '').trim(), destination };
}
