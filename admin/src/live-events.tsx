import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { apiRoot } from './api.js';

/** What the server's event stream (GET /events) sends; ids only: views fetch what they show. */
export interface LiveEvent {
  name:
    | 'ticket.created'
    | 'ticket.updated'
    | 'comment.added'
    | 'presence'
    | 'notification.added'
    | 'notifications.read'
    | 'tag.changed'
    | 'resync';
  data: {
    ticket?: number;
    version?: number;
    fields?: string[];
    comment?: number;
    internal?: boolean;
    by?: number | null;
    user?: { id: number; name: string };
    state?: 'viewing' | 'replying' | 'left';
    /** notification.added: the new line of your own list. */
    notification?: number;
    /** tag.changed: which tag, and what happened to it. */
    tag?: number;
    change?: 'created' | 'updated' | 'deleted';
  };
}

export interface PresentAgent {
  user: { id: number; name: string };
  state: 'viewing' | 'replying';
}

interface Live {
  subscribe(listener: (event: LiveEvent) => void): () => void;
  /** Who is on which ticket, by ticket id. */
  presence: ReadonlyMap<number, PresentAgent[]>;
}

const EVENT_NAMES: Array<LiveEvent['name']> = [
  'ticket.created',
  'ticket.updated',
  'comment.added',
  'presence',
  'notification.added',
  'notifications.read',
  'tag.changed',
  'resync',
];
// After a refusal (signed out, too many streams) the browser gives up; the app asks again later.
const REOPEN_AFTER_MS = 30_000;

const LiveContext = createContext<Live>({ subscribe: () => () => {}, presence: new Map() });

/**
 * The app's one EventSource: every screen subscribes here instead of opening its own stream. After a
 * dropped connection the browser reconnects by itself (the server's `retry:`) with `Last-Event-ID`: the
 * server sends the events of the gap, or `resync` when it no longer has them, and subscribers fetch
 * again. A new EventSource (the first, or one after the browser gave up) has no id to resume from, so
 * subscribers get a `resync` from here when it opens.
 */
export function LiveEventsProvider({ children }: { children: ReactNode }) {
  const listeners = useRef(new Set<(event: LiveEvent) => void>());
  const [presence, setPresence] = useState<ReadonlyMap<number, PresentAgent[]>>(new Map());

  useEffect(() => {
    let source: EventSource | null = null;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    // The screens loaded their data before the stream was open: what happened in between was missed too,
    // so the first open also asks them to fetch again (a new ticket's notification was lost that way).
    let missed = true;
    const emit = (event: LiveEvent) => {
      for (const listener of listeners.current) listener(event);
    };
    const open = () => {
      source = new EventSource(`${apiRoot}/events`);
      source.onopen = () => {
        // The server sends who is present on every connect: start from that.
        setPresence(new Map());
        if (missed) emit({ name: 'resync', data: {} });
        missed = false;
      };
      source.onerror = () => {
        // Still CONNECTING: the browser resumes with Last-Event-ID and the server covers the gap (or resyncs).
        if (source?.readyState !== EventSource.CLOSED) return;
        missed = true;
        reopen = setTimeout(open, REOPEN_AFTER_MS);
      };
      for (const name of EVENT_NAMES)
        source.addEventListener(name, (message) => {
          const event: LiveEvent = { name, data: JSON.parse((message as MessageEvent<string>).data) };
          if (name === 'presence') setPresence((current) => withPresence(current, event.data));
          emit(event);
        });
    };
    open();
    return () => {
      clearTimeout(reopen);
      source?.close();
    };
  }, []);

  const live = useMemo<Live>(
    () => ({
      subscribe(listener) {
        listeners.current.add(listener);
        return () => listeners.current.delete(listener);
      },
      presence,
    }),
    [presence],
  );
  return <LiveContext.Provider value={live}>{children}</LiveContext.Provider>;
}

function withPresence(current: ReadonlyMap<number, PresentAgent[]>, data: LiveEvent['data']): ReadonlyMap<number, PresentAgent[]> {
  const { ticket, user, state } = data;
  if (ticket === undefined || !user || !state) return current;
  const next = new Map(current);
  const others = (current.get(ticket) ?? []).filter((present) => present.user.id !== user.id);
  const agents = state === 'left' ? others : [...others, { user, state }];
  if (agents.length) next.set(ticket, agents);
  else next.delete(ticket);
  return next;
}

/** Calls `listener` for every live event while the component is shown (the latest listener, no resubscribing). */
export function useLiveEvents(listener: (event: LiveEvent) => void): void {
  const { subscribe } = useContext(LiveContext);
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => subscribe((event) => latest.current(event)), [subscribe]);
}

/** The agents on a ticket now, as the event stream told. */
export function usePresence(ticketId: number): PresentAgent[] {
  return useContext(LiveContext).presence.get(ticketId) ?? [];
}

/**
 * Calls `refresh` once things have settled after a burst of events (a reply and the status move it makes
 * come together; a busy inbox gets many).
 */
export function useDebounced(refresh: () => void, delayMs: number): () => void {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(refresh);
  latest.current = refresh;
  useEffect(() => () => clearTimeout(timer.current), []);
  return useMemo(
    () => () => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => latest.current(), delayMs);
    },
    [delayMs],
  );
}
