import { type Db, DEFAULT_POOL_SIZE } from './create-db.js';
import { onSignedInQuiet, signedInWorkGoingOn } from './signed-in-lane.js';

/**
 * A FIFO limit on how many units of some work run at once; the rest wait their turn in order. Used on
 * PostgreSQL so that ticket intake, which has hundreds of filings ready under a flood, never holds every
 * pooled connection: staff reads then find one free instead of queueing behind them.
 */
export interface WorkGate {
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Units running now. */
  readonly active: number;
  /** Units waiting for a turn. */
  readonly waiting: number;
}

/** Calls `wake` whenever the limit may have risen; returns how to stop. */
export type LimitRises = (wake: () => void) => () => void;

/**
 * A gate letting `limit()` units run at once (Infinity: no limit, work runs at once). The limit is read at
 * each entry and exit; while units wait, `limitRises` tells when it may have risen, to start the units it
 * now has room for. The gate listens only while units wait, so a gate dropped idle leaves no listener behind.
 */
export function createWorkGate(limit: () => number, limitRises?: LimitRises): WorkGate {
  let active = 0;
  const queue: Array<() => void> = [];
  let stopListening: (() => void) | undefined;
  const next = () => {
    const start = queue.shift() as () => void;
    if (!queue.length) {
      stopListening?.();
      stopListening = undefined;
    }
    start();
  };
  const wake = () => {
    while (active < limit() && queue.length) {
      active += 1;
      next();
    }
  };
  const release = () => {
    // The freed turn passes straight to the next in line, so a newcomer cannot jump the queue.
    if (active <= limit() && queue.length) next();
    else active -= 1;
  };
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (active < limit() && !queue.length) active += 1;
      else
        await new Promise<void>((resolve) => {
          queue.push(resolve);
          stopListening ??= limitRises?.(wake);
        });
      try {
        return await work();
      } finally {
        release();
      }
    },
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
  };
}

/** Pooled connections kept out of the hot writers' reach, for everything else (staff reads, sign-ins, pages). */
export const CONNECTIONS_KEPT_FOR_READS = 4;

/** Filings let run at once on PostgreSQL while signed-in work (an agent at work) goes on. */
export const FILINGS_WHILE_SIGNED_IN = 1;

/**
 * The gate for filings on a pool of `poolSize` connections; none on SQLite (one connection, synchronous, group
 * commit). The mail worker is not gated: its jobs wait on mail servers between queries, and a turn held
 * through an SMTP exchange would throttle intake, not the pool (it runs its jobs one at a time instead while
 * signed-in work goes on, worker.ts).
 *
 * Signed-in work first: while it goes on (a request with a credential is served, or one ended less than
 * SIGNED_IN_HOLD_MS ago), filings take FILINGS_WHILE_SIGNED_IN connection at most. Its own connection (the
 * signed-in lane) is not enough under a flood: the two cores are shared with the database's backends, each
 * filing's statement keeps one busy, and every query of an agent waited for the CPU behind a dozen of them.
 * Under `npm run bench:load` on PostgreSQL the agents' p99 was 78–84 ms with two filings while a request was
 * in flight, 46–48 ms so (the flood files about a quarter fewer tickets meanwhile; docs/benchmarks-archive.md, 2026-11-29).
 */
export function hotWriteGate(dialect: 'sqlite' | 'postgres', poolSize: number, isOff = false): WorkGate {
  // Switched off (HELPDESK_PERFORMANCE_OFF=work-gate), filings take pooled connections as they come, as on SQLite.
  if (dialect !== 'postgres' || isOff) return createWorkGate(() => Number.POSITIVE_INFINITY);
  const full = Math.max(1, poolSize - CONNECTIONS_KEPT_FOR_READS);
  return createWorkGate(() => (signedInWorkGoingOn() ? Math.min(full, FILINGS_WHILE_SIGNED_IN) : full), onSignedInQuiet);
}

/** The hot-write gate of an open database (its dialect and pool size); one per database. */
export function hotWriteGateOf(db: Db): WorkGate {
  return hotWriteGate(db.dialect, db.connections ?? DEFAULT_POOL_SIZE, db.performanceOff.has('work-gate'));
}
