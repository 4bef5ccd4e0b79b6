import type { DomainContext } from '../domain/context.js';
import { currentSeed } from '../settings/settings.js';
import { findSubscriptionRow, subscriptionOf, type WebhookSubscription } from './subscription.js';
import { newWebhookSecret, sealWebhookSecret } from './webhook-secret.js';

/** How long the secret before a rotation still signs: both signatures go out meanwhile, so receivers can switch. */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60_000;

/** Gives a subscription a new secret (in the answer, this once); the old one signs too for 24 hours. */
export async function rotateSecret(ctx: DomainContext, id: number): Promise<{ subscription: WebhookSubscription; secret: string }> {
  const current = await findSubscriptionRow(ctx.db, id);
  const secret = newWebhookSecret();
  const sealed = sealWebhookSecret(await currentSeed(ctx), secret);
  const at = ctx.now();
  const row = await ctx.db
    .updateTable('webhook_subscriptions')
    .set({
      secret: sealed,
      previous_secret: current.secret,
      previous_secret_until: new Date(at.getTime() + ROTATION_OVERLAP_MS).toISOString(),
      updated_at: at.toISOString(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { subscription: subscriptionOf(row, at), secret };
}
