import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/tables.js';
import type { CounterHit, CounterStore } from './counter-store.js';

/**
 * Counters in the database's `counter_windows` table, shared by every instance on the same database
 * (PostgreSQL), with no Redis to run. A hit is one atomic upsert: the row is created, bumped, or
 * restarted when its window has ended, and the statement returns what it wrote, so two instances
 * hitting one key at once get different counts (the row lock on PostgreSQL, the single writer on
 * SQLite). An intake check's four counters are one statement (hitAll). Ended rows are deleted by housekeeping (`deleteEndedCounterWindows`).
 */
export function createDatabaseCounterStore(db: Kysely<Database>, now: () => number = Date.now): CounterStore {
  // One statement for any number of distinct keys. Rows are written in key order, so two statements
  // locking the same rows (the site-wide counter is in every one) always take them in the same order.
  const upsert = async (hits: ReadonlyArray<{ key: string; windowMs: number; amount?: number }>): Promise<CounterHit[]> => {
    const time = now();
    const sorted = [...hits].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    // Both SET expressions read the row as it was before this statement (SQL semantics on both
    // dialects), so the window restarts and its count resets together.
    const rows = await db
      .insertInto('counter_windows')
      .values(sorted.map(({ key, windowMs, amount = 1 }) => ({ key, count: amount, reset_at: time + windowMs })))
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql<number>`case when counter_windows.reset_at <= ${time} then excluded.count else counter_windows.count + excluded.count end`,
          reset_at: sql<number>`case when counter_windows.reset_at <= ${time} then excluded.reset_at else counter_windows.reset_at end`,
        }),
      )
      .returning(['key', 'count', 'reset_at'])
      .execute();
    const byKey = new Map(rows.map((row) => [row.key, row]));
    return hits.map(({ key }) => {
      const row = byKey.get(key);
      if (!row) throw new Error(`The counter upsert returned no row for ${key}.`);
      return { count: Number(row.count), resetInMs: Math.max(0, Number(row.reset_at) - time) };
    });
  };
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
