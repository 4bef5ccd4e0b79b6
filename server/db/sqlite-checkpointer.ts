import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the thread copies the write-ahead log into the database (ms). */
export const CHECKPOINT_INTERVAL_MS = 250;

/** Checkpoints in a row with nothing to copy after which the thread ends (a quiet site then holds no thread). */
export const IDLE_CHECKPOINTS = 40;

// The thread's code: a connection of its own that checkpoints PASSIVE (it never waits for, nor blocks,
// the service's readers and writers), with the fsyncs of the log and the database that come with it.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.betterSqlite3);
const db = new SQLite(workerData.path);
const checkpoint = db.prepare('pragma wal_checkpoint(PASSIVE)');
let idle = 0;
let lastLog = -1;
const end = () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
};
const timer = setInterval(() => {
  try {
    const [{ log, checkpointed }] = checkpoint.all();
    idle = log === checkpointed && log === lastLog ? idle + 1 : 0;
    lastLog = log;
  } catch {
    idle = 0;
  }
  if (idle >= workerData.idleCheckpoints) end();
}, workerData.intervalMs);
parentPort.on('message', () => {
  try { checkpoint.all(); } catch {}
  end();
});
`;

export interface Checkpointer {
  stop(): Promise<void>;
}

/**
 * Checkpoints the SQLite database at `path` from a thread of its own, every CHECKPOINT_INTERVAL_MS, while
 * the service's connection runs with `wal_autocheckpoint = 0`: SQLite's own checkpoint runs inside the
 * COMMIT that crosses 1000 pages of log, fsyncs and all, on the event loop. The thread ends after
 * IDLE_CHECKPOINTS with nothing to copy (about 10 s; its ~12 MiB go back), and when it cannot start or
 * fails; then `onEnd` is called, and the caller turns SQLite's own checkpoints back on.
 */
export function startCheckpointer(path: string, idleCheckpoints = IDLE_CHECKPOINTS, onEnd: () => void = () => {}): Checkpointer {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      path,
      intervalMs: CHECKPOINT_INTERVAL_MS,
      idleCheckpoints,
      betterSqlite3: createRequire(import.meta.url).resolve('better-sqlite3'),
    },
    // Small heap: it holds one connection and one statement.
    resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 2 },
  });
  worker.unref();
  let stopped = false;
  const ended = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.once('exit', () => {
    if (!stopped) onEnd();
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
