import type { LiveEvent, PresenceState } from './live-event.js';

/** How long a "viewing" or "replying" holds without renewal; the admin app renews every 10 s. */
export const PRESENCE_TTL_MS = 30_000;

type PresenceEvent = Extract<LiveEvent, { kind: 'presence' }>;

interface Entry {
  event: PresenceEvent;
  expiresAt: number;
}

/**
 * Who is on which ticket, as this instance heard it (its own agents and, over the bus, the other
 * instances'). Kept in memory only: presence is worth nothing after half a minute. Each instance
 * expires entries by its own clock from when it heard them, so clocks of instances need not agree;
 * an expired entry is announced to this instance's streams as `left`.
 */
export class PresenceBoard {
  private readonly entries = new Map<string, Entry>();
  private sweep: NodeJS.Timeout | undefined;

  constructor(
    private readonly announce: (event: PresenceEvent) => void,
    private readonly ttlMs: number = PRESENCE_TTL_MS,
  ) {}

  /** Records a presence event (renewing or ending an entry). */
  apply(event: PresenceEvent): void {
    const key = `${event.ticketId}:${event.user.id}`;
    if (event.state === 'left') this.entries.delete(key);
    else this.entries.set(key, { event, expiresAt: Date.now() + this.ttlMs });
    this.schedule();
  }

  /** Everyone present now, for a stream that just opened. */
  current(): PresenceEvent[] {
    return [...this.entries.values()].map((entry) => entry.event);
  }

  close(): void {
    clearTimeout(this.sweep);
    this.sweep = undefined;
    this.entries.clear();
  }

  private schedule(): void {
    if (this.sweep || this.entries.size === 0) return;
    const next = Math.min(...[...this.entries.values()].map((entry) => entry.expiresAt));
    this.sweep = setTimeout(() => this.expire(), Math.max(0, next - Date.now()) + 10);
    // Presence never keeps a process alive.
    this.sweep.unref();
  }

  private expire(): void {
    this.sweep = undefined;
    const time = Date.now();
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt > time) continue;
      this.entries.delete(key);
      this.announce({ ...entry.event, state: 'left' satisfies PresenceState });
    }
    this.schedule();
  }
}
