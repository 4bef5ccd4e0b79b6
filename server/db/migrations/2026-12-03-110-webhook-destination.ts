import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Issue 39 part 5: where a webhook subscription's deliveries go. `standard` POSTs the signed Standard Webhooks
// envelope; `slack` POSTs a Slack incoming-webhook message ({text, blocks}) built from it, unsigned.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('webhook_subscriptions')
    .addColumn('destination', 'text', (c) => c.notNull().defaultTo('standard'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('webhook_subscriptions').dropColumn('destination').execute();
}
