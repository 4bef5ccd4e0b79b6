import { randomBytes } from 'node:crypto';
import type { LiveEvent } from './live-event.js';
import { PRESENCE_TTL_MS, PresenceBoard } from './presence-board.js';
import { type NumberedEvent, RECENT_EVENTS_KEPT, RecentLiveEvents } from './recent-live-events.js';

/** What a subscriber hears: an event, or `resync` when events may have been missed (a lost connection). */
export type LiveMessage = LiveEvent | { kind: 'resync' };

/** Hears every message; `id` is the stream id of an event a reconnecting stream can resume after. */
export type LiveListener = (message: LiveMessage, id: string | undefined) => void;

/** Carries events to the other instances (PostgreSQL LISTEN/NOTIFY: listen-live-events.ts). */
export interface LiveTransport {
  send(event: LiveEvent, id: string | undefined): void;
}

/** An event id as a bus makes it: its origin (random per process) and a count. */
export const LIVE_EVENT_ID = /^[0-9a-f]{12}-[0-9]{1,15}$/;

/**
 * Which events a stream can resume after: what changed in the data. Presence is a state (sent whole to
 * every new stream) and a revocation is for the streams alone, so neither has an id.
 */
function isNumbered(event: LiveEvent): boolean {
  return event.kind !== 'presence' && event.kind !== 'access.revoked';
}

/**
 * The event bus of one instance. `publish` is called after a change committed: the event reaches this
 * instance's subscribers at once and, through the transport when there is one, every other instance.
 * Without a transport (SQLite: one instance) it is in-process only. Publishing never throws and never
 * waits: live events are hints to refetch, and a failure to tell must not fail the change itself.
 *
 * Each event a stream can resume after gets an id here, where it is published (`<origin>-<count>`), and
 * keeps it on every instance: PostgreSQL delivers notifications to every listener in the same order, so
 * each instance keeps the same run of recent events, and a stream that reconnects to any of them with
 * `Last-Event-ID` is sent what came after (`since`), or told to resync when that is no longer kept.
 */
export class LiveBus {
  readonly presence: PresenceBoard;
  /** Marks this process's event ids (and, on the channel, the events it sent). */
  readonly origin = randomBytes(6).toString('hex');
  private count = 0;
  private readonly recent: RecentLiveEvents;
  private readonly subscribers = new Set<LiveListener>();
  private transport: LiveTransport | null = null;

  constructor(options: { presenceTtlMs?: number; recentEventsKept?: number } = {}) {
    this.presence = new PresenceBoard((event) => this.notify(event, undefined), options.presenceTtlMs ?? PRESENCE_TTL_MS);
    this.recent = new RecentLiveEvents(options.recentEventsKept ?? RECENT_EVENTS_KEPT);
  }

  publish(event: LiveEvent): void {
    const id = isNumbered(event) ? this.nextId() : undefined;
    if (event.kind === 'presence') this.presence.apply(event);
    this.keep(event, id);
    this.transport?.send(event, id);
  }

  /**
   * An event from another instance with the id it was given there, or a resync (this instance missed
   * events): to this instance's subscribers only. A resync forgets the kept events and gets an id of its
   * own, the point a stream resumes from once it has fetched again.
   */
  deliver(message: LiveMessage, id?: string): void {
    if (message.kind === 'resync') {
      const mark = this.nextId();
      this.recent.restart(mark);
      this.notify(message, mark);
      return;
    }
    if (message.kind === 'presence') this.presence.apply(message);
    // An instance of an older version sends no id: one of ours keeps the event resumable here at least.
    this.keep(message, isNumbered(message) ? (id ?? this.nextId()) : undefined);
  }

  /** The events kept after `id`, oldest first; undefined when `id` is unknown here or older than what is kept. */
  since(id: string): NumberedEvent[] | undefined {
    return this.recent.after(id);
  }

  /** The id of the newest event kept (a mark made now when there is none): where a new stream starts. */
  position(): string {
    const newest = this.recent.newest();
    if (newest !== undefined) return newest;
    const mark = this.nextId();
    this.recent.add(mark, null);
    return mark;
  }

  /** Calls `listener` for every message from now on; returns the function that stops it. */
  subscribe(listener: LiveListener): () => void {
    this.subscribers.add(listener);
    return () => this.subscribers.delete(listener);
  }

  useTransport(transport: LiveTransport | null): void {
    this.transport = transport;
  }

  private nextId(): string {
    this.count += 1;
    return `${this.origin}-${this.count}`;
  }

  private keep(event: LiveEvent, id: string | undefined): void {
    if (id !== undefined) this.recent.add(id, event);
    this.notify(event, id);
  }

  private notify(message: LiveMessage, id: string | undefined): void {
    for (const listener of this.subscribers) {
      try {
        listener(message, id);
      } catch {
        // One broken stream must not keep the event from the others.
      }
    }
  }
}
