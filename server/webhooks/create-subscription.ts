import { type AuditContext, diffChanges, maskUrl, recordAudit } from '../audit/record-audit.js';
import type { DomainContext } from '../domain/context.js';
import { currentSeed } from '../settings/settings.js';
import { subscriptionOf, type WebhookSubscription } from './subscription.js';
import { auditedSubscription } from './subscription-audit.js';
import { checkSubscriptionInput, type SubscriptionInput } from './subscription-input.js';
import { webhookSubscriptionsChanged } from './subscriptions-exist.js';
import { newWebhookSecret, sealWebhookSecret } from './webhook-secret.js';

/** Adds a subscription with a new secret; the secret is in the answer, this once (it is stored encrypted). */
export async function createSubscription(
  ctx: DomainContext,
  input: SubscriptionInput,
  audit?: AuditContext,
): Promise<{ subscription: WebhookSubscription; secret: string }> {
  const checked = await checkSubscriptionInput(ctx, input);
  const secret = newWebhookSecret();
  const sealed = sealWebhookSecret(await currentSeed(ctx), secret);
  const at = ctx.now();
  const row = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('webhook_subscriptions')
      .values({
        url: checked.url,
        description: checked.description,
        events: JSON.stringify(checked.events),
        destination: checked.destination,
        enabled: input.enabled === false ? 0 : 1,
        disabled_reason: null,
        secret: sealed,
        previous_secret: null,
        previous_secret_until: null,
        failing_since: null,
        created_at: at.toISOString(),
        updated_at: at.toISOString(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, audit, {
      action: 'webhook.created',
      targetType: 'webhook',
      targetId: row.id,
      targetLabel: row.description || maskUrl(row.url),
      details: { changes: diffChanges({}, auditedSubscription(row)) },
    });
    return row;
  });
  webhookSubscriptionsChanged(ctx.db);
  return { subscription: subscriptionOf(row, at), secret };
}
