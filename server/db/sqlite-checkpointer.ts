import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the thread copies the write-ahead log into the database (ms). */
export const CHECKPOINT_INTERVAL_MS = 250;

// The thread's code: a connection of its own that checkpoints PASSIVE (it never waits for, nor blocks,
// the service's readers and writers), with the fsyncs of the log and the database that come with it.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.betterSqlite3);
const db = new SQLite(workerData.path);
db.pragma('busy_timeout = 0');
const checkpoint = db.prepare('pragma wal_checkpoint(PASSIVE)');
const timer = setInterval(() => {
  try { checkpoint.all(); } catch {}
}, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  try { checkpoint.all(); } catch {}
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  stop(): Promise<void>;
}

/**
 * Checkpoints the SQLite database at `path` from a thread of its own, every CHECKPOINT_INTERVAL_MS; the
 * service's connection then runs with `wal_autocheckpoint = 0`. SQLite's own checkpoint runs inside the
 * COMMIT that crosses 1000 pages of log, fsyncs and all, on the event loop. When the thread cannot start
 * or fails, `onFailure` is called (the caller turns SQLite's own checkpoints back on).
 */
export function startCheckpointer(path: string, onFailure: () => void): Checkpointer {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { path, intervalMs: CHECKPOINT_INTERVAL_MS, betterSqlite3: createRequire(import.meta.url).resolve('better-sqlite3') },
    // Small heap: it holds one connection and one statement.
    resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 2 },
  });
  worker.unref();
  let stopped = false;
  const ended = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.once('exit', () => {
    if (!stopped) onFailure();
  });
  // An error ends the thread: 'exit' follows.
  worker.on('error', () => {});
  return {
    async stop() {
      stopped = true;
      worker.postMessage('stop');
      await ended;
    },
  };
}
