import type { DomainContext } from '../domain/context.js';
import { findSubscriptionRow, subscriptionOf, type WebhookSubscription } from './subscription.js';
import { checkSubscriptionInput, type SubscriptionInput } from './subscription-input.js';

/** Replaces a subscription's URL, events, description and switch; enabling it again clears why it was disabled. */
export async function updateSubscription(ctx: DomainContext, id: number, input: SubscriptionInput): Promise<WebhookSubscription> {
  await findSubscriptionRow(ctx.db, id);
  const checked = await checkSubscriptionInput(ctx, input);
  const at = ctx.now();
  const enabled = input.enabled !== false;
  const row = await ctx.db
    .updateTable('webhook_subscriptions')
    .set({
      url: checked.url,
      description: checked.description,
      events: JSON.stringify(checked.events),
      enabled: enabled ? 1 : 0,
      ...(enabled ? { disabled_reason: null } : {}),
      updated_at: at.toISOString(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return subscriptionOf(row, at);
}
