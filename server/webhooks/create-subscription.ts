import type { DomainContext } from '../domain/context.js';
import { currentSeed } from '../settings/settings.js';
import { subscriptionOf, type WebhookSubscription } from './subscription.js';
import { checkSubscriptionInput, type SubscriptionInput } from './subscription-input.js';
import { newWebhookSecret, sealWebhookSecret } from './webhook-secret.js';

/** Adds a subscription with a new secret; the secret is in the answer, this once (it is stored encrypted). */
export async function createSubscription(
  ctx: DomainContext,
  input: SubscriptionInput,
): Promise<{ subscription: WebhookSubscription; secret: string }> {
  const checked = await checkSubscriptionInput(ctx, input);
  const secret = newWebhookSecret();
  const sealed = sealWebhookSecret(await currentSeed(ctx), secret);
  const at = ctx.now();
  const row = await ctx.db
    .insertInto('webhook_subscriptions')
    .values({
      url: checked.url,
      description: checked.description,
      events: JSON.stringify(checked.events),
      enabled: input.enabled === false ? 0 : 1,
      disabled_reason: null,
      secret: sealed,
      previous_secret: null,
      previous_secret_until: null,
      created_at: at.toISOString(),
      updated_at: at.toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { subscription: subscriptionOf(row, at), secret };
}
