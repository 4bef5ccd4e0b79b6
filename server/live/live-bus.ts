import type { LiveEvent } from './live-event.js';
import { PRESENCE_TTL_MS, PresenceBoard } from './presence-board.js';

/** What a subscriber hears: an event, or `resync` when events may have been missed (a lost connection). */
export type LiveMessage = LiveEvent | { kind: 'resync' };

/** Carries events to the other instances (PostgreSQL LISTEN/NOTIFY: listen-live-events.ts). */
export interface LiveTransport {
  send(event: LiveEvent): void;
}

/**
 * The event bus of one instance. `publish` is called after a change committed: the event reaches this
 * instance's subscribers at once and, through the transport when there is one, every other instance.
 * Without a transport (SQLite: one instance) it is in-process only. Publishing never throws and never
 * waits: live events are hints to refetch, and a failure to tell must not fail the change itself.
 */
export class LiveBus {
  readonly presence: PresenceBoard;
  private readonly subscribers = new Set<(message: LiveMessage) => void>();
  private transport: LiveTransport | null = null;

  constructor(options: { presenceTtlMs?: number } = {}) {
    this.presence = new PresenceBoard((event) => this.notify(event), options.presenceTtlMs ?? PRESENCE_TTL_MS);
  }

  publish(event: LiveEvent): void {
    this.deliver(event);
    this.transport?.send(event);
  }

  /** An event from another instance (or a resync): to this instance's subscribers only. */
  deliver(message: LiveMessage): void {
    if (message.kind === 'presence') this.presence.apply(message);
    this.notify(message);
  }

  /** Calls `listener` for every message from now on; returns the function that stops it. */
  subscribe(listener: (message: LiveMessage) => void): () => void {
    this.subscribers.add(listener);
    return () => this.subscribers.delete(listener);
  }

  useTransport(transport: LiveTransport | null): void {
    this.transport = transport;
  }

  private notify(message: LiveMessage): void {
    for (const listener of this.subscribers) {
      try {
        listener(message);
      } catch {
        // One broken stream must not keep the event from the others.
      }
    }
  }
}
