import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/tables.js';
import type { CounterStore } from './counter-store.js';

/**
 * Counters in the database's `counter_windows` table, shared by every instance on the same database
 * (PostgreSQL), with no Redis to run. A hit is one atomic upsert: the row is created, bumped, or
 * restarted when its window has ended, and the statement returns what it wrote, so two instances
 * hitting one key at once get different counts (the row lock on PostgreSQL, the single writer on
 * SQLite). Ended rows are deleted by housekeeping (`deleteEndedCounterWindows`).
 */
export function createDatabaseCounterStore(db: Kysely<Database>, now: () => number = Date.now): CounterStore {
  return {
    async hit(key, windowMs) {
      const time = now();
      // Both SET expressions read the row as it was before this statement (SQL semantics on both
      // dialects), so the window restarts and its count resets together.
      const row = await db
        .insertInto('counter_windows')
        .values({ key, count: 1, reset_at: time + windowMs })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql<number>`case when counter_windows.reset_at <= ${time} then 1 else counter_windows.count + 1 end`,
            reset_at: sql<number>`case when counter_windows.reset_at <= ${time} then excluded.reset_at else counter_windows.reset_at end`,
          }),
        )
        .returning(['count', 'reset_at'])
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), resetInMs: Math.max(0, Number(row.reset_at) - time) };
    },
    async peek(key) {
      const row = await db
        .selectFrom('counter_windows')
        .select('count')
        .where('key', '=', key)
        .where('reset_at', '>', now())
        .executeTakeFirst();
      return row ? Number(row.count) : 0;
    },
    // The database handle belongs to the service, which closes it.
    async close() {},
  };
}

/** Deletes the counter rows whose window ended before `atMs` (housekeeping). */
export async function deleteEndedCounterWindows(db: Kysely<Database>, atMs: number = Date.now()): Promise<void> {
  await db.deleteFrom('counter_windows').where('reset_at', '<=', atMs).execute();
}
