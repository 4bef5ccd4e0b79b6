import { apiRoot } from '../api/api.js';
import { SESSION_CHANNEL } from '../api/session-channel.js';
import { type LiveEvent, openLiveStream } from './live-stream.js';
import workerUrl from './live-worker.ts?worker&url';
import type { FromLiveWorker, ToLiveWorker } from './live-worker-messages.js';
import type { PresenceMap } from './presence-map.js';

export interface LiveConnectionListener {
  /** The stream is open: `resync` when events may have been missed; `presence`: who is present, as far as known. */
  open(resync: boolean, presence: PresenceMap): void;
  event(event: LiveEvent): void;
}

/**
 * Connects this tab to the live updates of `account`: through the browser's one shared worker for that
 * account (one stream however many tabs are open), or, where there are no shared workers (Chrome on
 * Android) or the worker fails to start, through a stream of the tab's own. Returns `close`.
 */
export function connectLive(account: number, on: LiveConnectionListener): () => void {
  const url = `${apiRoot}/events`;
  const ownStream = () => openLiveStream(url, { open: (missed) => on.open(missed, new Map()), lost() {}, event: on.event });
  if (typeof SharedWorker === 'undefined') return ownStream();

  let worker: SharedWorker;
  try {
    // Same script and name: the same worker for every tab of this account; another account gets its own.
    worker = new SharedWorker(workerUrl, { name: `helpdesk live updates for account ${account}` });
  } catch {
    return ownStream();
  }
  let fallback: (() => void) | null = null;
  worker.onerror = () => {
    fallback ??= ownStream();
  };
  const { port } = worker;
  port.onmessage = ({ data }: MessageEvent<FromLiveWorker>) => {
    if (data.type === 'open') on.open(data.resync, new Map(data.presence));
    else on.event(data.event);
  };
  const send = (message: ToLiveWorker) => port.postMessage(message);
  send({ type: 'join', url, account, sessionChannel: SESSION_CHANNEL });
  return () => {
    fallback?.();
    send({ type: 'leave' });
    port.close();
  };
}
