/**
 * What this process runs besides HTTP, for `/readyz` and `/metrics`: the service sets `mailWorker` once its
 * worker has started (start-service.ts); it stays null where the worker runs elsewhere (`--services=web`),
 * and then readiness does not wait for it.
 */
export interface ProcessHealth {
  /** Whether the mail worker's loop is running; null when this process runs no worker. */
  mailWorker: (() => boolean) | null;
  /** PostgreSQL: the main pool's connections now (for /metrics); null on SQLite. */
  poolStats?: (() => { total: number; idle: number; waiting: number }) | null;
}

export function createProcessHealth(): ProcessHealth {
  return { mailWorker: null };
}
