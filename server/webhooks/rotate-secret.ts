import { AUDIT_SECRET_MASK, type AuditContext, maskUrl, recordAudit } from '../audit/record-audit.js';
import type { DomainContext } from '../domain/context.js';
import { currentSeed } from '../settings/settings.js';
import { findSubscriptionRow, subscriptionOf, type WebhookSubscription } from './subscription.js';
import { newWebhookSecret, sealWebhookSecret } from './webhook-secret.js';

/** How long the secret before a rotation still signs: both signatures go out meanwhile, so receivers can switch. */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60_000;

/** Gives a subscription a new secret (in the answer, this once); the old one signs too for 24 hours. */
export async function rotateSecret(
  ctx: DomainContext,
  id: number,
  audit?: AuditContext,
): Promise<{ subscription: WebhookSubscription; secret: string }> {
  const current = await findSubscriptionRow(ctx.db, id);
  const secret = newWebhookSecret();
  const sealed = sealWebhookSecret(await currentSeed(ctx), secret);
  const at = ctx.now();
  const row = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
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
    await recordAudit(trx, audit, {
      action: 'webhook.secret_rotated',
      targetType: 'webhook',
      targetId: id,
      targetLabel: row.description || maskUrl(row.url),
      details: { changes: { secret: { old: AUDIT_SECRET_MASK, new: AUDIT_SECRET_MASK } } },
    });
    return row;
  });
  return { subscription: subscriptionOf(row, at), secret };
}
