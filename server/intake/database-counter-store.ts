import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../db/create-db.js';
import { PREPARED } from '../db/prepared-statements.js';
import type { Database } from '../db/tables.js';
import type { CounterHit, CounterKey, CounterStore, CountingCtes } from './counter-store.js';

/**
 * How many rows a spread key (the site-wide counter) is kept in on PostgreSQL. Every ticket hits that
 * key, and an upsert holds its row's lock until the commit is on disk: with one row, all intake queued
 * behind one lock, one commit at a time. Sixteen rows match the service's pool size.
 */
export const SPREAD_ROWS = 16;

/**
 * Counters in the database's `counter_windows` table, shared by every instance on the same database
 * (PostgreSQL), with no Redis to run. A hit is one atomic upsert: the row is created, bumped, or
 * restarted when its window has ended, and the statement returns what it wrote, so two instances
 * hitting one key at once get different counts (the row lock on PostgreSQL, the single writer on
 * SQLite). An intake check's four counters are one statement (hitAll); on PostgreSQL a filing carries
 * them in its own statement (`inStatement`, see insert-ticket-rows.ts). On PostgreSQL a spread key is
 * one of SPREAD_ROWS rows `key~n`, chosen at random per hit, and its count is the sum of its live rows.
 * Ended rows are deleted by housekeeping (`deleteEndedCounterWindows`).
 */
export function createDatabaseCounterStore(db: Kysely<Database>, dialect: DialectName, now: () => number = Date.now): CounterStore {
  const count = (hits: ReadonlyArray<CounterKey & { amount?: number }>) => countingCtes(hits, now());
  const upsert = async (hits: ReadonlyArray<CounterKey & { amount?: number }>): Promise<CounterHit[]> => {
    if (dialect === 'sqlite') return upsertOnSqlite(db, hits, now());
    const { ctes, read } = count(hits);
    return read((await sql<CountedRow>`${PREPARED} with ${ctes} select key, count, reset_at from counted`.execute(db)).rows);
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
    ...(dialect === 'postgres' && { inStatement: { db, count } }),
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

interface CountedRow {
  key: string;
  count: number | string;
  reset_at: number | string;
}

/**
 * PostgreSQL: the hits (distinct keys) as CTEs ending in `counted`. Rows are written in key order, so
 * two statements locking the same rows (a shared counter is in every one) always take them in the same
 * order. Both SET expressions read the row as it was before this statement, so the window restarts and
 * its count resets together. A spread key's other rows are read in the same statement, as they were
 * when it began.
 */
function countingCtes(hits: ReadonlyArray<CounterKey & { amount?: number }>, time: number): CountingCtes {
  const rowKeys = hits.map(({ key, spread }) => (spread ? `${key}~${randomRow()}` : key));
  const sorted = hits
    .map((hit, i) => ({ ...hit, rowKey: rowKeys[i] as string }))
    .sort((a, b) => (a.rowKey < b.rowKey ? -1 : a.rowKey > b.rowKey ? 1 : 0));
  const values = sql.join(sorted.map(({ rowKey, windowMs, amount = 1 }) => sql`(${rowKey}, ${amount}::int, ${time + windowMs}::bigint)`));
  const spreadRows = sorted.filter((hit) => hit.rowKey !== hit.key);
  const others = spreadRows.length
    ? sql`coalesce((
        select sum(c.count) from counter_windows c
        where c.key = any(${siblingsOf(spreadRows)}::text[]) and c.key like split_part(w.key, '~', 1) || '~%'
          and c.key <> w.key and c.reset_at > ${time}::bigint), 0)`
    : sql`0`;
  const ctes = sql`counter_hits as (
      insert into counter_windows (key, count, reset_at) values ${values}
      on conflict (key) do update set
        count = case when counter_windows.reset_at <= ${time}::bigint then excluded.count else counter_windows.count + excluded.count end,
        reset_at = case when counter_windows.reset_at <= ${time}::bigint then excluded.reset_at else counter_windows.reset_at end
      returning key, count, reset_at),
    counted as (select w.key, w.count + ${others} as count, w.reset_at from counter_hits w)`;
  return {
    ctes,
    rowKeys,
    read(rows) {
      const byKey = new Map(rows.map((row) => [row.key, row]));
      return rowKeys.map((rowKey) => {
        const row = byKey.get(rowKey);
        if (!row) throw new Error(`The counter upsert returned no row for ${rowKey}.`);
        return { count: Number(row.count), resetInMs: Math.max(0, Number(row.reset_at) - time) };
      });
    },
  };
}

/** SQLite (one writer, so no spread rows): the same upsert through Kysely. */
async function upsertOnSqlite(
  db: Kysely<Database>,
  hits: ReadonlyArray<CounterKey & { amount?: number }>,
  time: number,
): Promise<CounterHit[]> {
  const windowOver = sql<boolean>`counter_windows.reset_at <= ${time}`;
  const rows = await db
    .insertInto('counter_windows')
    .values(hits.map(({ key, windowMs, amount = 1 }) => ({ key, count: amount, reset_at: time + windowMs })))
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when ${windowOver} then excluded.count else counter_windows.count + excluded.count end`,
        reset_at: sql<number>`case when ${windowOver} then excluded.reset_at else counter_windows.reset_at end`,
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
