import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * PostgreSQL connections of their own for requests that carry a credential (an API token or the
 * admin app's session cookie): agents and admins at work, and signed-in clients. An anonymous flood
 * (the intake, pages) and the mail worker hold every connection of the main pool under load, and a
 * query waits in that pool's queue behind theirs; these never go there. Kept in addition to the pool.
 */
export const SIGNED_IN_CONNECTIONS = 8;

const lane = new AsyncLocalStorage<true>();
// Node 20's AsyncLocalStorage switches async hooks on for good at its first run, and they then cost
// every promise of every request a little (~4 % of the CPU under the intake's load): only a process
// that opened a PostgreSQL pool, the one place the lane is read, pays that.
let inUse = false;

/** Called when a PostgreSQL pool is opened: from then on requests with a credential take the lane. */
export function useSignedInLane(): void {
  inUse = true;
}

let inFlight = 0;
const whenOneEnds = new Set<() => void>();

/**
 * Runs `work`, and everything it starts, with its queries on the signed-in connections; the request
 * counts as in flight until `response` closes (answered or abandoned).
 */
export function runInSignedInLane(response: { once(event: 'close', listener: () => void): unknown }, work: () => void): void {
  if (!inUse) {
    work();
    return;
  }
  inFlight += 1;
  response.once('close', () => {
    inFlight -= 1;
    for (const listener of whenOneEnds) listener();
  });
  lane.run(true, work);
}

/** Requests with a credential being served now (on PostgreSQL; always 0 on SQLite). */
export function signedInInFlight(): number {
  return inFlight;
}

/** Calls `listener` whenever a request with a credential has been answered or abandoned, until the returned function is called. */
export function onSignedInEnded(listener: () => void): () => void {
  whenOneEnds.add(listener);
  return () => whenOneEnds.delete(listener);
}

/** Whether the code running now belongs to a request that carries a credential. */
export function inSignedInLane(): boolean {
  return lane.getStore() === true;
}
