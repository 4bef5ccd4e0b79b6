import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { connectLive } from './live-connection.js';
import type { LiveEvent } from './live-stream.js';
import { type PresenceMap, type PresentAgent, withPresence } from './presence-map.js';

export type { LiveEvent } from './live-stream.js';
export type { PresentAgent } from './presence-map.js';

interface Live {
  subscribe(listener: (event: LiveEvent) => void): () => void;
  /** Who is on which ticket, by ticket id. */
  presence: PresenceMap;
}

const LiveContext = createContext<Live>({ subscribe: () => () => {}, presence: new Map() });

/**
 * The app's live updates: every screen subscribes here instead of opening its own stream, and the tab
 * shares one stream with the browser's other tabs of `account` (live-connection.ts). The screens loaded
 * their data before the tab was connected: what happened in between was missed, so the first open asks
 * them to fetch again with a `resync` (a new ticket's notification was lost that way), as does every
 * open after events may have been missed.
 */
export function LiveEventsProvider({ account, children }: { account: number; children: ReactNode }) {
  const listeners = useRef(new Set<(event: LiveEvent) => void>());
  const [presence, setPresence] = useState<PresenceMap>(new Map());

  useEffect(() => {
    let synced = false;
    const emit = (event: LiveEvent) => {
      for (const listener of listeners.current) listener(event);
    };
    return connectLive(account, {
      open(resync, present) {
        setPresence(present);
        if (resync || !synced) emit({ name: 'resync', data: {} });
        synced = true;
      },
      event(event) {
        if (event.name === 'presence') setPresence((current) => withPresence(current, event.data));
        emit(event);
      },
    });
  }, [account]);

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
