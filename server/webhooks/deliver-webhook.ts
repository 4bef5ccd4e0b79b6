import type { DomainContext } from '../domain/context.js';
import { completeJob, type JobRow, retryJob } from '../jobs/queue.js';
import { getCoreSettings } from '../settings/core-settings.js';
import { currentSeed } from '../settings/settings.js';
import { allowedHostsOf } from './address-guard.js';
import { type SendOutcome, sendWebhook } from './send-webhook.js';
import { openWebhookSecret, signWebhook } from './webhook-secret.js';

/** The waits before the 2nd … 8th attempts (issue 39): after the 8th failure the delivery has failed. */
export const RETRY_SCHEDULE_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000, 10 * 3_600_000];
/** A `Retry-After` longer than this is not waited for in full. */
const MAX_RETRY_AFTER_MS = 24 * 3_600_000;

export interface DeliverOptions {
  /**
   * The wait actually taken for a planned one (the log keeps the planned one). The identity in service; a test
   * passes `() => 0` to make every retry due at once, so nothing sleeps.
   */
  retryDelay?: (plannedMs: number) => number;
  timeoutMs?: number;
}

/** A planned wait with ±10 % jitter, so endpoints that failed together are not retried together. */
export function plannedDelay(attempt: number, retryAfterMs: number | null, random = Math.random): number | null {
  const scheduled = RETRY_SCHEDULE_MS[attempt - 1];
  if (scheduled === undefined) return null;
  if (retryAfterMs !== null) return Math.min(Math.max(retryAfterMs, 1000), MAX_RETRY_AFTER_MS);
  return Math.round(scheduled * (0.9 + 0.2 * random()));
}

/** Retried: a server error, 429, a timeout or a network error. A 410 disables the endpoint; anything else fails. */
function retryable(outcome: SendOutcome): boolean {
  if (outcome.refused) return false;
  if (outcome.status === null) return true;
  return outcome.status >= 500 || outcome.status === 429;
}

/**
 * Makes one attempt at a queued delivery (the job `webhook_delivery`), logs it and settles the job: done, or put back
 * for the next attempt on the schedule. The `webhook-id` is the delivery's own, the same on every attempt.
 */
export async function deliverWebhook(ctx: DomainContext, job: JobRow, deliveryId: number, options: DeliverOptions = {}): Promise<void> {
  const found = await ctx.db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_subscriptions as s', 's.id', 'd.subscription_id')
    .select(['d.id', 'd.message_id', 'd.body', 'd.state', 'd.attempts', 's.id as subscriptionId', 's.url', 's.enabled'])
    .select(['s.secret', 's.previous_secret', 's.previous_secret_until'])
    .where('d.id', '=', deliveryId)
    .executeTakeFirst();
  // Deleted with its subscription, or settled already (a replay's job found it delivered): nothing to send.
  if (found?.state !== 'pending') return ctx.transactions.write((db) => completeJob(db, job));
  const at = ctx.now();
  if (found.enabled !== 1) {
    await ctx.transactions.write(async (db) => {
      await db
        .updateTable('webhook_deliveries')
        .set({ state: 'failed', next_delay_ms: null, updated_at: at.toISOString() })
        .where('id', '=', found.id)
        .execute();
      await completeJob(db, job);
    });
    return;
  }
  const seed = await currentSeed(ctx);
  const secrets = [openWebhookSecret(seed, found.secret)];
  if (found.previous_secret && found.previous_secret_until && Date.parse(found.previous_secret_until) > at.getTime())
    secrets.push(openWebhookSecret(seed, found.previous_secret));
  // The receiver compares this with its own clock: the real time, never a test's.
  const timestamp = Math.floor(Date.now() / 1000);
  const signatures = secrets.filter((s): s is string => s !== null).map((s) => signWebhook(s, found.message_id, timestamp, found.body));
  const allowed = allowedHostsOf((await getCoreSettings(ctx)).tickets.webhook_allowed_hosts);
  const headers = { 'webhook-id': found.message_id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signatures.join(' ') };
  const outcome = await sendWebhook(found.url, headers, found.body, allowed, options.timeoutMs);

  const attempt = found.attempts + 1;
  const success = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
  const delay = !success && retryable(outcome) ? plannedDelay(attempt, outcome.retryAfterMs) : null;
  const settledAt = ctx.now().toISOString();
  await ctx.transactions.write(async (db) => {
    await db
      .insertInto('webhook_attempts')
      .values({
        delivery_id: found.id,
        status: outcome.status,
        error: outcome.error,
        response: outcome.response,
        duration_ms: outcome.durationMs,
        created_at: settledAt,
      })
      .execute();
    await db
      .updateTable('webhook_deliveries')
      .set({
        state: success ? 'delivered' : delay === null ? 'failed' : 'pending',
        attempts: attempt,
        next_delay_ms: delay,
        updated_at: settledAt,
      })
      .where('id', '=', found.id)
      .execute();
    // 410 Gone: the receiver says the endpoint is no more; nothing is sent to it until an admin enables it again.
    if (outcome.status === 410)
      await db
        .updateTable('webhook_subscriptions')
        .set({ enabled: 0, disabled_reason: 'gone', updated_at: settledAt })
        .where('id', '=', found.subscriptionId)
        .execute();
    if (delay === null) await completeJob(db, job);
    else await retryJob(db, job, outcome.error ?? `HTTP ${outcome.status}`, (options.retryDelay ?? ((ms) => ms))(delay));
  });
}
