// The SharedWorker that holds one event stream for all of a browser's tabs signed in to one account (its
// name carries the account): over HTTP/1.1 a browser opens at most 6 connections to a host, and a stream
// per tab used them all up. Tabs join through their port and get every event, and who is present.

import { openLiveStream } from './live-stream.js';
import type { FromLiveWorker, ToLiveWorker } from './live-worker-messages.js';
import { type PresenceMap, withPresence } from './presence-map.js';

// The admin's tsconfig has the DOM's types, not a worker's: the two members used here.
const scope = self as unknown as { onconnect: ((event: MessageEvent) => void) | null };

const tabs = new Set<MessagePort>();
let closeStream: (() => void) | null = null;
let session: BroadcastChannel | null = null;
let isOpen = false;
let presence: PresenceMap = new Map();

const tell = (port: MessagePort, message: FromLiveWorker) => port.postMessage(message);
const tellAll = (message: FromLiveWorker) => {
  for (const port of tabs) tell(port, message);
};

function start(url: string): void {
  closeStream = openLiveStream(url, {
    open(missed) {
      isOpen = true;
      // The server sends who is present on every connect: start from that.
      presence = new Map();
      tellAll({ type: 'open', resync: missed, presence: [] });
    },
    lost() {
      isOpen = false;
    },
    event(event) {
      if (event.name === 'presence') presence = withPresence(presence, event.data);
      tellAll({ type: 'event', event });
    },
  });
}

/** Ends the stream: the last tab left, or the session is no longer this account's (the next one must not hear its events). */
function stop(): void {
  closeStream?.();
  closeStream = null;
  session?.close();
  session = null;
  isOpen = false;
  presence = new Map();
  tabs.clear();
}

scope.onconnect = (connection) => {
  const port = connection.ports[0];
  if (!port) return;
  port.onmessage = ({ data }: MessageEvent<ToLiveWorker>) => {
    if (data.type === 'leave') {
      tabs.delete(port);
      port.close();
      if (tabs.size === 0) stop();
      return;
    }
    tabs.add(port);
    if (!session) {
      session = new BroadcastChannel(data.sessionChannel);
      session.onmessage = ({ data: notice }: MessageEvent<{ user: number | null }>) => {
        if (notice.user !== data.account) stop();
      };
    }
    if (!closeStream) start(data.url);
    // A tab joining a stream already open gets who is present now; its screens fetch again (they loaded before it joined).
    else if (isOpen) tell(port, { type: 'open', resync: true, presence: [...presence] });
  };
};
