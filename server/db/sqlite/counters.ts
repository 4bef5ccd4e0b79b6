import { sql } from 'kysely';
import type { CounterStorage } from '../storage.js';

/** Counters on SQLite (one writer, so no spread rows): the upsert through Kysely; no statement carries them. */
export const sqliteCounters: CounterStorage = {
  async upsert(db, hits, time) {
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
  },
};
