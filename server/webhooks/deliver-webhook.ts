import type { DomainContext } from '../domain/context.js';
import { completeJob, type JobRow, retryJob } from '../jobs/queue.js';
import { getCoreSettings } from '../settings/core-settings.js';
import { currentSeed } from '../settings/settings.js';
import { allowedHostsOf } from './address-guard.js';
import { recordAttemptResult } from './disable-failing-subscription.js';
import { type SendOutcome, sendWebhook } from './send-webhook.js';
import { slackBodyOf } from './slack-body.js';
import { webhookSubscriptionsChanged } from './subscriptions-exist.js';
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
  /** The helpdesk's public address, for the ticket links in Slack messages (the job handlers pass the config's). */
  homeUrl?: string;
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
    .select(['s.secret', 's.previous_secret', 's.previous_secret_until', 's.destination'])
    .where('d.id', '=', deliveryId)
    .executeTakeFirst();
  // Deleted with its subscription, or settled already (a replay's job found it delivered): nothing to send.
  if (found?.state !== 'pending') return ctx.transactions.write((db) => completeJob(db, job));
  const at = ctx.now();
  // Slack is sent its own message about the ticket, unsigned; null when there is none to make (a ticket deleted since).
  const slackBody = found.destination === 'slack' ? await slackBodyOf(ctx.db, options.homeUrl ?? '', found.body) : undefined;
  if (found.enabled !== 1 || slackBody === null) {
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
  const allowed = allowedHostsOf((await getCoreSettings(ctx)).tickets.webhook_allowed_hosts);
  const headers = slackBody === undefined ? await signedHeaders(ctx, found, at) : {};
  const outcome =
    headers === null ? SECRET_UNREADABLE : await sendWebhook(found.url, headers, slackBody ?? found.body, allowed, options.timeoutMs);

  const attempt = found.attempts + 1;
  const success = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
  const delay = !success && retryable(outcome) ? plannedDelay(attempt, outcome.retryAfterMs) : null;
  const settledNow = ctx.now();
  const settledAt = settledNow.toISOString();
  await ctx.transactions.write(async (db) => {
    // Five days of nothing but failures turn the subscription off (its waiting deliveries with it) and mail the admins.
    const result = { subscriptionId: found.subscriptionId, success, status: outcome.status, error: outcome.error };
    const turnedOff = await recordAttemptResult(db, result, settledNow);
    const retry = turnedOff ? null : delay;
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
        state: success ? 'delivered' : retry === null ? 'failed' : 'pending',
        attempts: attempt,
        next_delay_ms: retry,
        updated_at: settledAt,
      })
      .where('id', '=', found.id)
      .execute();
    // 410 Gone: the receiver says the endpoint is no more; nothing is sent to it until an admin enables it again.
    if (outcome.status === 410) {
      await db
        .updateTable('webhook_subscriptions')
        .set({ enabled: 0, disabled_reason: 'gone', updated_at: settledAt })
        .where('id', '=', found.subscriptionId)
        .execute();
      webhookSubscriptionsChanged(db);
    }
    if (retry === null) await completeJob(db, job);
    else await retryJob(db, job, outcome.error ?? `HTTP ${outcome.status}`, (options.retryDelay ?? ((ms) => ms))(retry));
  });
}

/**
 * An attempt not made: the subscription's secret does not open with this instance's encryption seed (the seed changed,
 * or this instance was started with another). Never sent unsigned; retried on the schedule like a network error (an
 * instance with the right seed may take it), and five days of it turn the subscription off and tell the admins.
 */
const SECRET_UNREADABLE: SendOutcome = {
  status: null,
  error: 'secret_unreadable',
  response: null,
  retryAfterMs: null,
  refused: false,
  durationMs: 0,
};

/**
 * The Standard Webhooks headers of one attempt: signed by the secret, and by the one before a rotation while it still
 * signs; null when the secret itself cannot be opened.
 */
async function signedHeaders(
  ctx: DomainContext,
  found: { message_id: string; body: string; secret: string; previous_secret: string | null; previous_secret_until: string | null },
  at: Date,
): Promise<Record<string, string> | null> {
  const seed = await currentSeed(ctx);
  const current = openWebhookSecret(seed, found.secret);
  if (current === null) return null;
  const secrets: Array<string | null> = [current];
  if (found.previous_secret && found.previous_secret_until && Date.parse(found.previous_secret_until) > at.getTime())
    secrets.push(openWebhookSecret(seed, found.previous_secret));
  // The receiver compares this with its own clock: the real time, never a test's.
  const timestamp = Math.floor(Date.now() / 1000);
  const signatures = secrets.filter((s): s is string => s !== null).map((s) => signWebhook(s, found.message_id, timestamp, found.body));
  return { 'webhook-id': found.message_id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signatures.join(' ') };
}
