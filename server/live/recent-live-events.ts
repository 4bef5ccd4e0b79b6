import type { LiveEvent } from './live-event.js';

/** How many recent events an instance keeps for streams that reconnect with `Last-Event-ID`. */
export const RECENT_EVENTS_KEPT = 5_000;

/** One kept event with the id its streams sent; `event` is null for a mark (a resync's id). */
export interface NumberedEvent {
  id: string;
  event: LiveEvent;
}

/**
 * The last events this instance heard, in the order it heard them, so a stream that reconnects with
 * `Last-Event-ID` is sent what it missed. A ring of fixed size: the oldest fall off, and an id no longer
 * (or never) kept answers undefined, for which the stream is told to `resync`. After a gap in what this
 * instance heard (its connection to the others was lost) everything before is forgotten: replaying
 * around a hole would hide it.
 */
export class RecentLiveEvents {
  private readonly ids: Array<string | undefined>;
  private readonly events: Array<LiveEvent | null>;
  private readonly positions = new Map<string, number>();
  /** The position the next entry takes; entries from `oldest` to `next - 1` are kept. */
  private next = 0;
  private oldest = 0;

  constructor(private readonly capacity = RECENT_EVENTS_KEPT) {
    this.ids = new Array(capacity);
    this.events = new Array(capacity);
  }

  /** Keeps an event (or a mark, `null`) under its id. */
  add(id: string, event: LiveEvent | null): void {
    const slot = this.next % this.capacity;
    const dropped = this.ids[slot];
    if (dropped !== undefined && this.positions.get(dropped) === this.next - this.capacity) this.positions.delete(dropped);
    this.ids[slot] = id;
    this.events[slot] = event;
    this.positions.set(id, this.next);
    this.next += 1;
    this.oldest = Math.max(this.oldest, this.next - this.capacity);
  }

  /** Forgets everything kept (a gap), then keeps the mark `id` as the one point to resume from. */
  restart(id: string): void {
    this.positions.clear();
    this.oldest = this.next;
    this.add(id, null);
  }

  /** The events after `id`, oldest first; undefined when `id` is not kept. */
  after(id: string): NumberedEvent[] | undefined {
    const position = this.positions.get(id);
    if (position === undefined || position < this.oldest) return undefined;
    const found: NumberedEvent[] = [];
    for (let at = position + 1; at < this.next; at++) {
      const event = this.events[at % this.capacity];
      const eventId = this.ids[at % this.capacity];
      if (event && eventId !== undefined) found.push({ id: eventId, event });
    }
    return found;
  }

  /** The newest id kept, if any. */
  newest(): string | undefined {
    return this.next > this.oldest ? this.ids[(this.next - 1) % this.capacity] : undefined;
  }
}
