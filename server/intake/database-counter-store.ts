import type { Kysely } from 'kysely';
import type { Storage } from '../db/storage.js';
import type { Database } from '../db/tables.js';
import type { CounterHit, CounterKey, CounterStore } from './counter-store.js';

/**
 * Counters in the database's `counter_windows` table, shared by every instance on the same database
 * (PostgreSQL), with no Redis to run. A hit is one atomic upsert (storage.counters.upsert): the row is created,
 * bumped, or restarted when its window has ended, and the statement returns what it wrote, so two instances
 * hitting one key at once get different counts (the row lock on PostgreSQL, the single writer on SQLite). An
 * intake check's four counters are one statement (hitAll); where a statement can carry them (PostgreSQL,
 * `storage.counters.countingCtes`), a filing counts them in its own statement (`inStatement`, see
 * insert-ticket-rows.ts). On PostgreSQL a spread key is one of several rows (server/db/postgres/counters.ts),
 * and its count is the sum of its live rows. Ended rows are deleted by housekeeping (`deleteEndedCounterWindows`).
 */
export function createDatabaseCounterStore(db: Kysely<Database>, storage: Storage, now: () => number = Date.now): CounterStore {
  const { countingCtes } = storage.counters;
  const upsert = (hits: ReadonlyArray<CounterKey & { amount?: number }>): Promise<CounterHit[]> => storage.counters.upsert(db, hits, now());
  return {
    async hit(key, windowMs, amount = 1) {
      const [hit] = await upsert([{ key, windowMs, amount }]);
      return hit as CounterHit;
    },
    async hitAll(hits) {
      // One statement cannot update a row twice; repeated keys count one by one.
      if (new Set(hits.map((h) => h.key)).size !== hits.length) return Promise.all(hits.map((h) => this.hit(h.key, h.windowMs)));
      return hits.length ? upsert(hits) : [];
    },
    ...(countingCtes && {
      inStatement: { db, count: (hits: ReadonlyArray<CounterKey & { amount?: number }>) => countingCtes(hits, now()) },
    }),
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
