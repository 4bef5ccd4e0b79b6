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

/**
 * How long after the last request with a credential ends that signed-in work still counts as going on
 * (`signedInWorkGoingOn`): an agent's requests come in bursts (the inbox, then a ticket…), and the first of
 * the next one found the pool's connections and the cores taken by filings started in the gap between them
 * (under `npm run bench:load` on PostgreSQL it carried the agents' tail).
 */
export const SIGNED_IN_HOLD_MS = 1000;

let inFlight = 0;
let lastEnded = Number.NEGATIVE_INFINITY;
let quietTimer: NodeJS.Timeout | undefined;
const whenQuiet = new Set<() => void>();
// The responses counted in `inFlight`: a request leaves the count once, when it ends or settles into a stream.
const counted = new WeakSet<object>();

/**
 * Runs `work`, and everything it starts, with its queries on the signed-in connections; the request
 * counts as in flight until `response` closes (answered or abandoned) or settles into a stream.
 */
export function runInSignedInLane(response: { once(event: 'close', listener: () => void): unknown }, work: () => void): void {
  if (!inUse) {
    work();
    return;
  }
  inFlight += 1;
  counted.add(response);
  response.once('close', () => leaveSignedInWork(response));
  lane.run(true, work);
}

/**
 * The request of `response` no longer counts as signed-in work going on: it ended, or it settled into an
 * event stream (open for hours in every agent's admin app, it would otherwise hold filings back for good).
 */
export function leaveSignedInWork(response: object): void {
  if (!counted.delete(response)) return;
  inFlight -= 1;
  lastEnded = Date.now();
  if (inFlight > 0) return;
  // Pushed back by every request that ends before it fires.
  clearTimeout(quietTimer);
  quietTimer = setTimeout(() => {
    for (const listener of whenQuiet) listener();
  }, SIGNED_IN_HOLD_MS).unref();
}

/** Requests with a credential being served now (on PostgreSQL; always 0 on SQLite). */
export function signedInInFlight(): number {
  return inFlight;
}

/** A request with a credential is being served, or one ended less than SIGNED_IN_HOLD_MS ago (PostgreSQL only). */
export function signedInWorkGoingOn(): boolean {
  return inFlight > 0 || Date.now() - lastEnded < SIGNED_IN_HOLD_MS;
}

/** Calls `listener` whenever signed-in work has stopped going on (see `signedInWorkGoingOn`), until the returned function is called. */
export function onSignedInQuiet(listener: () => void): () => void {
  whenQuiet.add(listener);
  return () => whenQuiet.delete(listener);
}

/** Whether the code running now belongs to a request that carries a credential. */
export function inSignedInLane(): boolean {
  return lane.getStore() === true;
}
