import { type AuditContext, diffChanges, maskUrl, recordAudit } from '../audit/record-audit.js';
import type { DomainContext } from '../domain/context.js';
import { findSubscriptionRow, subscriptionOf, type WebhookSubscription } from './subscription.js';
import { auditedSubscription } from './subscription-audit.js';
import { checkSubscriptionInput, type SubscriptionInput } from './subscription-input.js';
import { webhookSubscriptionsChanged } from './subscriptions-exist.js';

/** Replaces a subscription's URL, events, description and switch; enabling it again clears why it was disabled. */
export async function updateSubscription(
  ctx: DomainContext,
  id: number,
  input: SubscriptionInput,
  audit?: AuditContext,
): Promise<WebhookSubscription> {
  const before = await findSubscriptionRow(ctx.db, id);
  const checked = await checkSubscriptionInput(ctx, input);
  const at = ctx.now();
  const enabled = input.enabled !== false;
  const row = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('webhook_subscriptions')
      .set({
        url: checked.url,
        description: checked.description,
        events: JSON.stringify(checked.events),
        destination: checked.destination,
        enabled: enabled ? 1 : 0,
        // Enabled again: why it was turned off, and since when it failed, no longer hold.
        ...(enabled ? { disabled_reason: null, failing_since: null } : {}),
        updated_at: at.toISOString(),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const changes = diffChanges(auditedSubscription(before), auditedSubscription(row));
    // The path behind the same origin changed: said without showing either.
    if (before.url !== row.url && !changes.url) changes.url = { old: maskUrl(before.url), new: maskUrl(row.url) };
    await recordAudit(trx, audit, {
      action: 'webhook.updated',
      targetType: 'webhook',
      targetId: row.id,
      targetLabel: row.description || maskUrl(row.url),
      details: { changes },
    });
    return row;
  });
  webhookSubscriptionsChanged(ctx.db);
  return subscriptionOf(row, at);
}
