import { message } from '../../common/i18n/translator.js';
import type { DomainContext } from '../domain/context.js';
import { invalidField } from '../errors.js';
import { getCoreSettings } from '../settings/core-settings.js';
import { allowedHostsOf, hostOf, refusesHost } from './address-guard.js';
import { isWebhookEvent, WEBHOOK_EVENTS, type WebhookEvent } from './webhook-events.js';

export interface SubscriptionInput {
  url: string;
  events: string[];
  description?: string;
  enabled?: boolean;
}

/** The URL and events checked: an absolute http(s) URL without credentials whose host is not internal; known events, once each. */
export async function checkSubscriptionInput(
  ctx: DomainContext,
  input: SubscriptionInput,
): Promise<{ url: string; events: WebhookEvent[]; description: string }> {
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
  const events: WebhookEvent[] = [];
  for (const [index, event] of input.events.entries()) {
    if (!isWebhookEvent(event))
      throw invalidField(`events.${index}`, message('problems.webhook.event_unknown', { event, events: WEBHOOK_EVENTS.join(', ') }));
    if (!events.includes(event)) events.push(event);
  }
  return { url: url.href, events, description: (input.description ?? '').trim() };
}
