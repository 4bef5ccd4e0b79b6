import { sql } from 'kysely';
import type { CountingCtes } from '../../intake/counter-store.js';
import { PREPARED } from '../prepared-statements.js';
import type { CounterStorage, CounterUpsert } from '../storage.js';

/**
 * How many rows a spread key (the site-wide counter) is kept in. Every ticket hits that key, and an upsert
 * holds its row's lock until the commit is on disk: with one row, all intake queued behind one lock, one
 * commit at a time. Sixteen rows match the service's pool size.
 */
export const SPREAD_ROWS = 16;

interface CountedRow {
  key: string;
  count: number | string;
  reset_at: number | string;
}

/** Counters on PostgreSQL: the upsert's CTEs, run alone or carried by a filing's statement. */
export const postgresCounters: CounterStorage = {
  async upsert(db, hits, time) {
    const { ctes, read } = countingCtes(hits, time);
    return read((await sql<CountedRow>`${PREPARED} with ${ctes} select key, count, reset_at from counted`.execute(db)).rows);
  },
  countingCtes,
};

/**
 * The hits (distinct keys) as CTEs ending in `counted`. Rows are written in key order, so two statements
 * locking the same rows (a shared counter is in every one) always take them in the same order. Both SET
 * expressions read the row as it was before this statement, so the window restarts and its count resets
 * together. A spread key is one of SPREAD_ROWS rows `key~n`, chosen at random per hit, and its count is the sum
 * of its live rows, read in the same statement, as they were when it began.
 */
function countingCtes(hits: ReadonlyArray<CounterUpsert>, time: number): CountingCtes {
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

function randomRow(): number {
  return Math.floor(Math.random() * SPREAD_ROWS);
}

/** Every row key of the given spread keys (found through the primary key, not a scan). */
function siblingsOf(hits: ReadonlyArray<{ key: string }>): string[] {
  return hits.flatMap(({ key }) => Array.from({ length: SPREAD_ROWS }, (_, n) => `${key}~${n}`));
}
