import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../db/create-db.js';
import { PREPARED } from '../db/prepared-statements.js';
import type { Database } from '../db/tables.js';
import type { CounterHit, CounterKey, CounterStore } from './counter-store.js';

/**
 * How many rows a spread key (the site-wide counter) is kept in on PostgreSQL. Every ticket hits that
 * key, and an upsert holds its row's lock until the commit is on disk: with one row, all intake queued
 * behind one lock, one commit at a time (issue 17). Sixteen rows match the service's pool size.
 */
export const SPREAD_ROWS = 16;

/**
 * Counters in the database's `counter_windows` table, shared by every instance on the same database
 * (PostgreSQL), with no Redis to run. A hit is one atomic upsert: the row is created, bumped, or
 * restarted when its window has ended, and the statement returns what it wrote, so two instances
 * hitting one key at once get different counts (the row lock on PostgreSQL, the single writer on
 * SQLite). An intake check's four counters are one statement (hitAll). On PostgreSQL a spread key is
 * one of SPREAD_ROWS rows `key~n`, chosen at random per hit, and its count is the sum of its live rows.
 * Ended rows are deleted by housekeeping (`deleteEndedCounterWindows`).
 */
export function createDatabaseCounterStore(db: Kysely<Database>, dialect: DialectName, now: () => number = Date.now): CounterStore {
  // One statement for any number of distinct keys. Rows are written in key order, so two statements
  // locking the same rows (a shared counter is in every one) always take them in the same order.
  const upsert = async (hits: ReadonlyArray<CounterKey & { amount?: number }>): Promise<CounterHit[]> => {
    const time = now();
    const rowKeys = hits.map(({ key, spread }) => (spread && dialect === 'postgres' ? `${key}~${randomRow()}` : key));
    const sorted = hits
      .map((hit, i) => ({ ...hit, rowKey: rowKeys[i] as string }))
      .sort((a, b) => (a.rowKey < b.rowKey ? -1 : a.rowKey > b.rowKey ? 1 : 0));
    // Both SET expressions read the row as it was before this statement (SQL semantics on both
    // dialects), so the window restarts and its count resets together.
    const written = db
      .insertInto('counter_windows')
      .values(sorted.map(({ rowKey, windowMs, amount = 1 }) => ({ key: rowKey, count: amount, reset_at: time + windowMs })))
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql<number>`case when counter_windows.reset_at <= ${time} then excluded.count else counter_windows.count + excluded.count end`,
          reset_at: sql<number>`case when counter_windows.reset_at <= ${time} then excluded.reset_at else counter_windows.reset_at end`,
        }),
      )
      .returning(['key', 'count', 'reset_at']);
    const spreadRows = sorted.filter((hit) => hit.rowKey !== hit.key);
    const rows = spreadRows.length
      ? // The other rows of a spread key, read in the same statement (as they were when it began).
        (
          await sql<{ key: string; count: number; reset_at: number; others: number }>`${PREPARED} with written as (${written})
            select written.*, coalesce((
              select sum(c.count) from counter_windows c
              where c.key = any(${siblingsOf(spreadRows)}::text[]) and c.key like split_part(written.key, '~', 1) || '~%'
                and c.key <> written.key and c.reset_at > ${time}), 0) as others
            from written`.execute(db)
        ).rows
      : (await written.execute()).map((row) => ({ ...row, others: 0 }));
    const byKey = new Map(rows.map((row) => [row.key, row]));
    return hits.map((_, i) => {
      const row = byKey.get(rowKeys[i] as string);
      if (!row) throw new Error(`The counter upsert returned no row for ${rowKeys[i]}.`);
      return { count: Number(row.count) + Number(row.others), resetInMs: Math.max(0, Number(row.reset_at) - time) };
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

function randomRow(): number {
  return Math.floor(Math.random() * SPREAD_ROWS);
}

/** Every row key of the given spread keys (found through the primary key, not a scan). */
function siblingsOf(hits: ReadonlyArray<{ key: string }>): string[] {
  return hits.flatMap(({ key }) => Array.from({ length: SPREAD_ROWS }, (_, n) => `${key}~${n}`));
}

/** Deletes the counter rows whose window ended before `atMs` (housekeeping). */
export async function deleteEndedCounterWindows(db: Kysely<Database>, atMs: number = Date.now()): Promise<void> {
  await db.deleteFrom('counter_windows').where('reset_at', '<=', atMs).execute();
}
