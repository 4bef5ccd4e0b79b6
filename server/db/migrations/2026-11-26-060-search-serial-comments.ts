import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Ticket search (issue 16) on PostgreSQL: a word in thousands of messages is a few milliseconds of one process
// (its matches from the text index, one heap visit each); the planner would split that scan across parallel
// workers, whose start costs more than they save, twice the time on a busy server. Comments are otherwise read
// per ticket through indexes: no other query of this service scans them whole. SQLite has no parallel scans.

export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`alter table comments set (parallel_workers = 0)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`alter table comments reset (parallel_workers)`.execute(db);
}
