import { type Kysely, sql } from 'kysely';
import type { Database } from './tables.js';

/** A table is refreshed once it has had at least this many changes since its statistics were taken… */
const MIN_CHANGES = 1000;

/**
 * Takes new statistics (PostgreSQL `ANALYZE`) of every table changed more since its last statistics than it
 * then held (or by MIN_CHANGES when smaller): the tables whose statistics are far behind. Returns their names.
 *
 * PostgreSQL plans each query by those statistics, and autovacuum refreshes them only when it gets round to a
 * table (a minute apart at best) or never (a server with autovacuum off). A fresh install flooded with tickets
 * kept the statistics of its first two: the inbox's page was then planned as a read of every ticket and a
 * sort (125–210 ms at 6,000 tickets) instead of a walk of the index in activity order. Doubling as the
 * trigger keeps this to a few refreshes while a table grows from nothing and none once it is large, which
 * autovacuum looks after.
 * `skip_locked`: a table another instance (or autovacuum) is analyzing is left to it.
 */
export async function refreshStaleStatistics(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ table: string }>`select s.relname as table from pg_stat_user_tables s
    join pg_class c on c.oid = s.relid
    where s.n_mod_since_analyze >= greatest(${MIN_CHANGES}, c.reltuples)
    order by s.relname`.execute(db);
  for (const { table } of rows) await sql`analyze (skip_locked) ${sql.table(table)}`.execute(db);
  return rows.map((row) => row.table);
}
