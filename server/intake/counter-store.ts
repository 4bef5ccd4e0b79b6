import type { RawBuilder } from 'kysely';

/** One fixed-window counter after a hit: how many hits the window holds and when it ends. */
export interface CounterHit {
  count: number;
  resetInMs: number;
}

/** A key to count once, in its window. */
export interface CounterKey {
  key: string;
  windowMs: number;
  /**
   * Hit by nearly every request (the site-wide counter): a store whose writers queue on a row lock may
   * keep it in several rows and answer their sum. The sum may then miss a hit made at the same moment,
   * which a site-wide daily cap can afford.
   */
  spread?: boolean;
}

/**
 * Hits written by a statement on another table's behalf (PostgreSQL): CTEs that end in
 * `counted(key, count, reset_at)`, one row per hit, the count being the key's total after it (a spread
 * key's rows summed). `read` turns those rows back into the hits, in the order asked.
 */
export interface CountingCtes {
  ctes: RawBuilder<unknown>;
  /** Each hit's row in `counted`, in the order asked (a spread key's is one of its rows). */
  rowKeys: string[];
  read(rows: ReadonlyArray<{ key: string; count: number | string; reset_at: number | string }>): CounterHit[];
}

/** Where intake counters live: memory for one instance, Redis when several share the work. */
export interface CounterStore {
  /** Counts one hit (or `amount`: bytes, say) in the current window of `key` (created with `windowMs` if new). */
  hit(key: string, windowMs: number, amount?: number): Promise<CounterHit>;
  /**
   * Counts one hit on each of several distinct keys, answering as hit() on each would, in one round
   * trip where the store can (the database: one statement, one commit, one pooled connection).
   */
  hitAll?(hits: ReadonlyArray<CounterKey>): Promise<CounterHit[]>;
  /**
   * The database store on PostgreSQL: the same hits as CTEs that a statement on `db` carries, so a
   * filing counts and writes in one round trip (its inserts gated on the counts). Absent elsewhere.
   */
  inStatement?: { db: object; count(hits: ReadonlyArray<CounterKey>): CountingCtes };
  /** The current count of `key`, without counting (0 when the window has ended). */
  peek(key: string): Promise<number>;
  close(): Promise<void>;
}

/** Counters in this process's memory: right for one instance, lost on restart. */
export function createMemoryCounterStore(now: () => number = Date.now, maxKeys = 100_000): CounterStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  // A flood of distinct keys (one per forged address) must not grow memory without bound: past the
  // cap, ended windows go first, then the oldest (a Map iterates in insertion order).
  const makeRoom = (time: number) => {
    for (const [key, window] of windows) if (window.resetAt <= time) windows.delete(key);
    for (const key of windows.keys()) {
      if (windows.size <= maxKeys / 2) break;
      windows.delete(key);
    }
  };
  return {
    async hit(key, windowMs, amount = 1) {
      const time = now();
      let window = windows.get(key);
      if (!window || window.resetAt <= time) {
        if (!window && windows.size >= maxKeys) makeRoom(time);
        window = { count: 0, resetAt: time + windowMs };
        windows.set(key, window);
      }
      window.count += amount;
      return { count: window.count, resetInMs: window.resetAt - time };
    },
    async peek(key) {
      const window = windows.get(key);
      return window && window.resetAt > now() ? window.count : 0;
    },
    async close() {
      windows.clear();
    },
  };
}
