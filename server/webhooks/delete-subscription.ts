import type { Kysely } from 'kysely';
import { type AuditContext, diffChanges, maskUrl, recordAudit } from '../audit/record-audit.js';
import type { Database } from '../db/tables.js';
import { findSubscriptionRow } from './subscription.js';
import { auditedSubscription } from './subscription-audit.js';
import { webhookSubscriptionsChanged } from './subscriptions-exist.js';

/** Deletes a subscription with its deliveries and their log; queued deliveries' jobs find nothing and end. */
export async function deleteSubscription(db: Kysely<Database>, id: number, audit?: AuditContext): Promise<void> {
  const before = await findSubscriptionRow(db, id);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('webhook_subscriptions').where('id', '=', id).execute();
    await recordAudit(trx, audit, {
      action: 'webhook.deleted',
      targetType: 'webhook',
      targetId: id,
      targetLabel: before.description || maskUrl(before.url),
      details: { changes: diffChanges(auditedSubscription(before), {}) },
    });
  });
  webhookSubscriptionsChanged(db);
}
