import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { enqueueJobs } from '../jobs/queue.js';
import { webhookSubscriptionsChanged } from './subscriptions-exist.js';

/** How long every attempt to a subscription may fail before it is turned off (issue 39). */
export const FAILING_DISABLES_AFTER_MS = 5 * 86_400_000;

export const WEBHOOK_DISABLED_MAIL_JOB = 'webhook_disabled_mail';

/** How the attempt that settled a delivery went, for the subscription's failing record. */
export interface AttemptResult {
  subscriptionId: number;
  success: boolean;
  status: number | null;
  error: string | null;
}

/**
 * Keeps a subscription's `failing_since` (set by the first failure after a success, cleared by any 2xx) through the
 * transaction that logs the attempt, and turns the subscription off once a failure comes five days or more after
 * that: its waiting deliveries are failed, and each enabled admin gets one mail. Only the statement that flips
 * `enabled` from 1 queues the mails, so two instances failing at once still send one each. Returns whether this
 * attempt turned the subscription off.
 */
export async function recordAttemptResult(db: Kysely<Database>, result: AttemptResult, at: Date): Promise<boolean> {
  const time = at.toISOString();
  if (result.success) {
    await db
      .updateTable('webhook_subscriptions')
      .set({ failing_since: null })
      .where('id', '=', result.subscriptionId)
      .where('failing_since', 'is not', null)
      .execute();
    return false;
  }
  await db
    .updateTable('webhook_subscriptions')
    .set({ failing_since: time })
    .where('id', '=', result.subscriptionId)
    .where('failing_since', 'is', null)
    .execute();
  // A 410 turns it off as `gone` (deliver-webhook.ts): that reason is the truer one.
  if (result.status === 410) return false;
  const disabled = await db
    .updateTable('webhook_subscriptions')
    .set({ enabled: 0, disabled_reason: 'failing', updated_at: time })
    .where('id', '=', result.subscriptionId)
    .where('enabled', '=', 1)
    .where('failing_since', '<=', new Date(at.getTime() - FAILING_DISABLES_AFTER_MS).toISOString())
    .returning(['url', 'failing_since'])
    .executeTakeFirst();
  if (!disabled) return false;
  webhookSubscriptionsChanged(db);
  // Its jobs find them settled and end without sending.
  await db
    .updateTable('webhook_deliveries')
    .set({ state: 'failed', next_delay_ms: null, updated_at: time })
    .where('subscription_id', '=', result.subscriptionId)
    .where('state', '=', 'pending')
    .execute();
  const admins = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .where('disabled_at', 'is', null)
    .orderBy('id')
    .execute();
  await enqueueJobs(
    db,
    WEBHOOK_DISABLED_MAIL_JOB,
    admins.map((admin) => ({
      userId: admin.id,
      url: disabled.url,
      failingSince: disabled.failing_since ?? time,
      lastStatus: result.status,
      lastError: result.error,
    })),
  );
  return true;
}
