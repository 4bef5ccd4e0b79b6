import type { LiveEvent } from './live-stream.js';
import type { PresentAgent } from './presence-map.js';

/** A tab to the shared worker: `join` with the stream's URL, the account and the session channel's name; `leave` when done. */
export type ToLiveWorker = { type: 'join'; url: string; account: number; sessionChannel: string } | { type: 'leave' };

/**
 * The shared worker to a tab: `open` when the stream is open (to a tab that joins an open stream too), with
 * whether events may have been missed and who is present now; then each `event`.
 */
export type FromLiveWorker =
  | { type: 'open'; resync: boolean; presence: Array<[number, PresentAgent[]]> }
  | { type: 'event'; event: LiveEvent };
