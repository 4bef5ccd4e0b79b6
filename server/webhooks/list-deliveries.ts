import type { Kysely } from 'kysely';
import type { Database, WebhookDeliveryState } from '../db/tables.js';
import { findSubscriptionRow } from './subscription.js';

export interface WebhookAttempt {
  status: number | null;
  error: string | null;
  response: string | null;
  durationMs: number;
  at: string;
}

export interface WebhookDelivery {
  id: number;
  messageId: string;
  eventType: string;
  state: WebhookDeliveryState;
  attempts: WebhookAttempt[];
  createdAt: string;
}

/** A subscription's deliveries, newest first, a page at a time (`before`: the last id seen), each with its attempts. */
export async function listDeliveries(
  db: Kysely<Database>,
  subscriptionId: number,
  page: { limit: number; before?: number },
): Promise<WebhookDelivery[]> {
  await findSubscriptionRow(db, subscriptionId);
  let query = db
    .selectFrom('webhook_deliveries')
    .select(['id', 'message_id', 'event_type', 'state', 'created_at'])
    .where('subscription_id', '=', subscriptionId);
  if (page.before !== undefined) query = query.where('id', '<', page.before);
  const rows = await query.orderBy('id', 'desc').limit(page.limit).execute();
  if (rows.length === 0) return [];
  const attempts = await db
    .selectFrom('webhook_attempts')
    .selectAll()
    .where(
      'delivery_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    messageId: row.message_id,
    eventType: row.event_type,
    state: row.state,
    createdAt: row.created_at,
    attempts: attempts
      .filter((a) => a.delivery_id === row.id)
      .map((a) => ({ status: a.status, error: a.error, response: a.response, durationMs: a.duration_ms, at: a.created_at })),
  }));
}
