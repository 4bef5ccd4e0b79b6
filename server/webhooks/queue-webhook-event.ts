import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { enqueueJobs } from '../jobs/queue.js';
import { enabledSubscriptionsExist } from './subscriptions-exist.js';
import type { DeliveredEvent } from './webhook-events.js';

export const WEBHOOK_DELIVERY_JOB = 'webhook_delivery';

/** A message id for the `webhook-id` header: unique, the same on every attempt and replay. */
export function newMessageId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`;
}

export interface EnabledSubscription {
  id: number;
  events: string[];
}

/**
 * The enabled subscriptions and their events: read once by a caller that may queue several events. With none
 * (`enabledSubscriptionsExist`, cached), nothing is read.
 */
export async function enabledSubscriptions(trx: Kysely<Database>): Promise<EnabledSubscription[]> {
  if (!(await enabledSubscriptionsExist(trx))) return [];
  const rows = await trx.selectFrom('webhook_subscriptions').select(['id', 'events']).where('enabled', '=', 1).execute();
  return rows.map((row) => ({ id: row.id, events: JSON.parse(row.events) as string[] }));
}

/**
 * The outbox: a delivery (and the job that sends it) for every enabled subscription to `type`, written through the
 * transaction of the change itself, so a change that commits is sent at least once and one that rolls back never.
 * Nothing read when no subscription is enabled (cached), one small read when none wants the event; nothing written then.
 */
export async function queueWebhookEvent(
  trx: Kysely<Database>,
  type: DeliveredEvent,
  data: object,
  at: Date,
  subscriptions?: EnabledSubscription[],
): Promise<void> {
  const wanting = (subscriptions ?? (await enabledSubscriptions(trx))).filter((s) => s.events.includes(type));
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

/** The `client.created` event of an account just made, through the transaction that made it (or its outbox job's). */
export async function queueClientCreated(trx: Kysely<Database>, userId: number, subscriptions?: EnabledSubscription[]): Promise<void> {
  const wanted = subscriptions ?? (await enabledSubscriptions(trx));
  if (!wanted.some((s) => s.events.includes('client.created'))) return;
  const client = await trx
    .selectFrom('users')
    .select(['id', 'email', 'name', 'language', 'created_at as created'])
    .where('id', '=', userId)
    .where('role', '=', 'client')
    .executeTakeFirst();
  if (client) await queueWebhookEvent(trx, 'client.created', { client }, new Date(client.created), wanted);
}
