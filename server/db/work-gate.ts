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

/** A gate letting `limit` units run at once (Infinity: no limit, work runs at once). */
export function createWorkGate(limit: number): WorkGate {
  let active = 0;
  const queue: Array<() => void> = [];
  const release = () => {
    const next = queue.shift();
    // The freed turn passes straight to the next in line, so a newcomer cannot jump the queue.
    if (next) next();
    else active -= 1;
  };
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (active < limit) active += 1;
      else await new Promise<void>((resolve) => queue.push(resolve));
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

/**
 * The gate for filings on a pool of `poolSize` connections; none on SQLite (one connection, synchronous, group
 * commit). The mail worker is not gated: its jobs wait on mail servers between queries, and a turn held
 * through an SMTP exchange would throttle intake, not the pool.
 */
export function hotWriteGate(dialect: 'sqlite' | 'postgres', poolSize: number): WorkGate {
  return createWorkGate(dialect === 'postgres' ? Math.max(1, poolSize - CONNECTIONS_KEPT_FOR_READS) : Number.POSITIVE_INFINITY);
}
