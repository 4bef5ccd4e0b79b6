import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// The weekly report mail (server/domain/reports/send-weekly-reports.ts): one row per admin and week, written in the
// transaction that queues the mail. The primary key is the claim: a second instance (or a restart) that gets there
// later inserts nothing and queues nothing, so each admin gets one mail a week.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('weekly_report_mails')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // The Monday (YYYY-MM-DD, in the recipient's zone) of the week the mail reports on.
    .addColumn('week', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('weekly_report_mails_pk', ['user_id', 'week'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('weekly_report_mails').ifExists().execute();
}
