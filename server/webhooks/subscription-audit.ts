import { maskUrl } from '../audit/record-audit.js';
import type { WebhookSubscriptionRow } from './subscription.js';

/** What the audit log compares of a subscription: the URL masked (its path is often the secret), never the secret. */
export function auditedSubscription(row: Pick<WebhookSubscriptionRow, 'url' | 'description' | 'events' | 'destination' | 'enabled'>) {
  return {
    url: maskUrl(row.url),
    description: row.description,
    events: JSON.parse(row.events) as string[],
    destination: row.destination,
    enabled: row.enabled === 1,
  };
}
