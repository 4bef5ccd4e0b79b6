import { type Kysely, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Every resolution of a ticket, not only its latest (issue 37): the backlog at the end of a past day counts a
// ticket as open unless a resolution covered that moment, so a ticket resolved on Monday, reopened on Wednesday and
// resolved again on Friday was not open at the end of Tuesday. `ticket_report_facts.resolved_at` alone (the latest
// resolution, null while reopened) could not say that.
//
// A row is written when the ticket moves to Resolved or Closed, and `reopened_at` is set when it moves back.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ticket_report_resolutions')
    .addColumn('ticket_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('resolved_at', 'text', (c) => c.notNull())
    .addColumn('reopened_at', 'text')
    .execute();
  await db.schema.createIndex('ticket_report_resolutions_ticket').on('ticket_report_resolutions').columns(['ticket_id']).execute();
  await db.schema.createIndex('ticket_report_resolutions_resolved').on('ticket_report_resolutions').columns(['resolved_at']).execute();
  await db.schema
    .createIndex('ticket_report_resolutions_reopened')
    .on('ticket_report_resolutions')
    .columns(['reopened_at'])
    .where(sql.ref('reopened_at'), 'is not', null)
    .execute();
  // The resolutions known so far: each ticket's latest (its earlier ones, before a reopening, were not kept).
  await sql`insert into ticket_report_resolutions (ticket_id, resolved_at)
    select ticket_id, resolved_at from ticket_report_facts where resolved_at is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ticket_report_resolutions').ifExists().execute();
}
