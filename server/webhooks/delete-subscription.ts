import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { findSubscriptionRow } from './subscription.js';

/** Deletes a subscription with its deliveries and their log; queued deliveries' jobs find nothing and end. */
export async function deleteSubscription(db: Kysely<Database>, id: number): Promise<void> {
  await findSubscriptionRow(db, id);
  await db.deleteFrom('webhook_subscriptions').where('id', '=', id).execute();
}
