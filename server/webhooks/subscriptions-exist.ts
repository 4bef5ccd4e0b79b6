import type { Kysely } from 'kysely';
import { keptAnswer } from '../db/kept-answer.js';
import type { Database } from '../db/tables.js';

// Asked by every change that may send an event (inside its transaction) and changed rarely, the answer is kept
// briefly (server/db/kept-answer.ts). Only "none" saves anything: with one, the subscriptions themselves are read in
// the change's transaction.
const anyEnabled = keptAnswer(
  async (db) =>
    (await db.selectFrom('webhook_subscriptions').select('id').where('enabled', '=', 1).limit(1).executeTakeFirst()) !== undefined,
);

/** Whether any subscription is enabled; false: a change queues no webhook and reads nothing more for it. */
export function enabledSubscriptionsExist(db: Kysely<Database>): Promise<boolean> {
  return anyEnabled.ask(db);
}

/** Called after a subscription is added, changed, deleted or turned off here: the next change asks the database. */
export function webhookSubscriptionsChanged(db: Kysely<Database>): void {
  anyEnabled.forget(db);
}
