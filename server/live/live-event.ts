/**
 * What the helpdesk tells open admin screens, and other instances, about tickets. Each event carries
 * only ids and the ticket's version: a reader fetches the ticket itself through the API, which decides
 * what that reader may see.
 */
export type PresenceState = 'viewing' | 'replying' | 'left';

export const PRESENCE_STATES: readonly PresenceState[] = ['viewing', 'replying', 'left'];

export type LiveEvent =
  | { kind: 'ticket.created'; ticketId: number; version: number; by: number | null }
  | { kind: 'ticket.updated'; ticketId: number; version: number; fields: string[]; by: number | null }
  | { kind: 'comment.added'; ticketId: number; version: number; commentId: number; isNote: boolean; by: number | null }
  | { kind: 'presence'; ticketId: number; user: { id: number; name: string }; state: PresenceState }
  /** A line was added to one agent's notification list: only that agent's streams hear of it. */
  | { kind: 'notification.added'; ticketId: number; userId: number; notificationId: number };

export type LiveEventKind = LiveEvent['kind'];

const KINDS: ReadonlySet<string> = new Set<LiveEventKind>([
  'ticket.created',
  'ticket.updated',
  'comment.added',
  'presence',
  'notification.added',
]);

/**
 * Reads an event that came from another instance. Anything unexpected (another version of the helpdesk,
 * a stray notification on the channel) is dropped rather than passed on half-understood.
 */
export function readLiveEvent(value: unknown): LiveEvent | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const event = value as Record<string, unknown>;
  if (typeof event.kind !== 'string' || !KINDS.has(event.kind) || !Number.isSafeInteger(event.ticketId)) return undefined;
  if (event.kind === 'presence') {
    const user = event.user as Record<string, unknown> | undefined;
    if (!user || !Number.isSafeInteger(user.id) || typeof user.name !== 'string') return undefined;
    if (!PRESENCE_STATES.includes(event.state as PresenceState)) return undefined;
  } else if (event.kind === 'notification.added') {
    if (!Number.isSafeInteger(event.userId) || !Number.isSafeInteger(event.notificationId)) return undefined;
  } else if (!Number.isSafeInteger(event.version)) return undefined;
  if (event.kind === 'ticket.updated' && !Array.isArray(event.fields)) return undefined;
  return event as unknown as LiveEvent;
}
