import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { enqueueJobs } from '../jobs/queue.js';
import type { WebhookEvent } from './webhook-events.js';

export const WEBHOOK_DELIVERY_JOB = 'webhook_delivery';

/** A message id for the `webhook-id` header: unique, the same on every attempt and replay. */
export function newMessageId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`;
}

/**
 * The outbox: a delivery (and the job that sends it) for every enabled subscription to `type`, written through the
 * transaction of the change itself, so a change that commits is sent at least once and one that rolls back never.
 * One small read when no subscription wants the event; nothing written then.
 */
export async function queueWebhookEvent(trx: Kysely<Database>, type: WebhookEvent, data: object, at: Date): Promise<void> {
  const subscriptions = await trx.selectFrom('webhook_subscriptions').select(['id', 'events']).where('enabled', '=', 1).execute();
  const wanting = subscriptions.filter((s) => (JSON.parse(s.events) as string[]).includes(type));
  if (wanting.length === 0) return;
  const time = at.toISOString();
  const body = JSON.stringify({ type, timestamp: time, data });
  const rows = await trx
    .insertInto('webhook_deliveries')
    .values(
      wanting.map((s) => ({
        subscription_id: s.id,
        message_id: newMessageId(),
        event_type: type,
        body,
        state: 'pending' as const,
        attempts: 0,
        next_delay_ms: null,
        created_at: time,
        updated_at: time,
      })),
    )
    .returning('id')
    .execute();
  await enqueueJobs(
    trx,
    WEBHOOK_DELIVERY_JOB,
    rows.map((row) => ({ deliveryId: row.id })),
  );
}
