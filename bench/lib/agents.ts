import { once } from 'node:events';
import { type RecordedClass, RequestClass } from './request-class.js';
import { startTypeScriptWorker } from './typescript-worker.js';

/** What the agents' worker thread is told. */
export interface AgentsPlan {
  url: string;
  token: string;
  agents: number;
  seconds: number;
  /** Each agent starts a round of its four reads this often (ms). */
  roundMs: number;
  /** The ids of tickets just filed, written by the submitters (see `recordFiled`). */
  filed: SharedArrayBuffer;
}

// A ring of the last RECENT ids filed; slot 0 counts how many were written.
const RECENT = 500;

export const recentTicketsBuffer = () => new SharedArrayBuffer((RECENT + 1) * Int32Array.BYTES_PER_ELEMENT);

/** Called by the submitters' thread for every ticket filed. */
export function recordFiled(buffer: SharedArrayBuffer, id: number): void {
  const ring = new Int32Array(buffer);
  const n = Atomics.add(ring, 0, 1);
  Atomics.store(ring, 1 + (n % RECENT), id);
}

/** One of the last tickets filed, at random; undefined before the first. */
export function recentTicketId(buffer: SharedArrayBuffer): number | undefined {
  const ring = new Int32Array(buffer);
  const n = Atomics.load(ring, 0);
  if (n === 0) return undefined;
  const back = Math.floor(Math.random() * Math.min(n, RECENT));
  return Atomics.load(ring, 1 + ((n - 1 - back) % RECENT)) || undefined;
}

/**
 * Starts the agents in their own thread; they open their connections, then wait for `go` to start
 * (so they and the submitters start together) and resolve with what they recorded.
 */
export async function startAgents(plan: AgentsPlan): Promise<{ go(start: number): void; done: Promise<RequestClass[]> }> {
  const worker = startTypeScriptWorker(new URL('./agents-worker.ts', import.meta.url), plan);
  const failed = once(worker, 'error').then(([error]) => {
    throw error;
  });
  await Promise.race([once(worker, 'message'), failed]);
  const done = Promise.race([
    once(worker, 'message').then(([message]) =>
      (message as { recorded: RecordedClass[] }).recorded.map((r) => RequestClass.fromRecorded(r)),
    ),
    failed,
  ]);
  return { go: (start) => worker.postMessage({ start }), done };
}
