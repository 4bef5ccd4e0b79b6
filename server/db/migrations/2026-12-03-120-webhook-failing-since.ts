import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Issue 39 part 2: since when every attempt to a subscription has failed (set on the first failure after a success,
// cleared by any 2xx). Five days of it disable the subscription (server/webhooks/disable-failing-subscription.ts).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('webhook_subscriptions').addColumn('failing_since', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('webhook_subscriptions').dropColumn('failing_since').execute();
}
