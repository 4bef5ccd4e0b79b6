import { type Kysely, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// A status keeps its name for agents ("Waiting": waiting for an agent) and gets words for the client, who
// reads it from the other side ("Awaiting our reply"). Null: the client sees the name.

const CLIENT_LABELS: Array<[slug: string, label: string]> = [
  ['open', 'Received'],
  ['waiting', 'Awaiting our reply'],
  ['in-progress', 'We are working on it'],
  ['resolved', 'Solved'],
  ['closed', 'Closed'],
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('terms').addColumn('client_label', 'text').execute();
  for (const [slug, label] of CLIENT_LABELS) {
    await sql`update terms set client_label = ${label} where taxonomy = 'ticket_status' and slug = ${slug}`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('terms').dropColumn('client_label').execute();
}
