import type { LiveEvent } from '../../../common/contract/api-types.js';

export type { LiveEvent } from '../../../common/contract/api-types.js';

const EVENT_NAMES: Array<LiveEvent['name']> = [
  'ticket.created',
  'ticket.updated',
  'comment.added',
  'ticket.sla',
  'presence',
  'notification.added',
  'notifications.read',
  'tag.changed',
  'resync',
];
// After a refusal (signed out, too many streams) the browser gives up; we ask again later.
const REOPEN_AFTER_MS = 30_000;

export interface LiveStreamListener {
  /** The stream is open; `missed`: it is a new EventSource (the first, or one after a refusal), so events may have been missed. */
  open(missed: boolean): void;
  /** The connection dropped (the browser reconnects by itself, or we do after a refusal). */
  lost(): void;
  event(event: LiveEvent): void;
}

/**
 * One EventSource on `url`, used by a tab on its own or by the shared worker for all of a browser's tabs.
 * After a dropped connection the browser reconnects by itself (the server's `retry:`) with `Last-Event-ID`:
 * the server sends the events of the gap, or `resync`. After a refusal the browser gives up, so a new
 * EventSource is opened later; it has no id to resume from, which `open(true)` says. Returns `close`.
 */
export function openLiveStream(url: string, on: LiveStreamListener): () => void {
  let source: EventSource | null = null;
  let reopen: ReturnType<typeof setTimeout> | undefined;
  let missed = true;
  const open = () => {
    source = new EventSource(url);
    source.onopen = () => {
      on.open(missed);
      missed = false;
    };
    source.onerror = () => {
      on.lost();
      // Still CONNECTING: the browser resumes with Last-Event-ID and the server covers the gap (or resyncs).
      if (source?.readyState !== EventSource.CLOSED) return;
      missed = true;
      reopen = setTimeout(open, REOPEN_AFTER_MS);
    };
    for (const name of EVENT_NAMES)
      source.addEventListener(name, (message) => on.event({ name, data: JSON.parse((message as MessageEvent<string>).data) }));
  };
  open();
  return () => {
    clearTimeout(reopen);
    source?.close();
  };
}
