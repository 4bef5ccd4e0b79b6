/**
 * What the helpdesk tells open admin screens, and other instances, about tickets, tags and notifications.
 * Each event carries only ids (and the ticket's version): a reader fetches the thing itself through the
 * API, which decides what that reader may see.
 */
export type PresenceState = 'viewing' | 'replying' | 'left';

export const PRESENCE_STATES: readonly PresenceState[] = ['viewing', 'replying', 'left'];

export type TagChange = 'created' | 'updated' | 'deleted';

export const TAG_CHANGES: readonly TagChange[] = ['created', 'updated', 'deleted'];

export type SlaEventKind = 'warning' | 'breached';

export const SLA_EVENT_KINDS: readonly SlaEventKind[] = ['warning', 'breached'];

export const SLA_EVENT_METRICS: readonly string[] = ['first_reply', 'next_reply', 'resolution'];

export type LiveEvent =
  | { kind: 'ticket.created'; ticketId: number; version: number; by: number | null }
  | { kind: 'ticket.updated'; ticketId: number; version: number; fields: string[]; by: number | null }
  /** A reply or note; `fields`: the ticket's fields that changed with it, in the same version (a reply's status move). */
  | { kind: 'comment.added'; ticketId: number; version: number; commentId: number; isNote: boolean; by: number | null; fields?: string[] }
  /** A service-level target of the ticket is due soon (`warning`) or went overdue (`breached`), recorded under `version`. */
  | { kind: 'ticket.sla'; ticketId: number; version: number; metric: 'first_reply' | 'next_reply' | 'resolution'; event: SlaEventKind }
  | { kind: 'presence'; ticketId: number; user: { id: number; name: string }; state: PresenceState }
  /** A line was added to one agent's notification list: only that agent's streams hear of it. */
  | { kind: 'notification.added'; ticketId: number; userId: number; notificationId: number }
  /** Some of one agent's lines were marked read (opening their ticket, or the bell): only that agent's streams hear it. */
  | { kind: 'notifications.read'; userId: number; ticketId: number | null }
  /** A tag was added, renamed or recoloured, or deleted: chips and the tag filter show it without a reload. */
  | { kind: 'tag.changed'; tagId: number; change: TagChange; by: number | null }
  /**
   * A way this account signed in was ended (a token revoked, a session ended, the account disabled or its
   * role changed): its open streams stop and ask whether they may go on before they send anything more.
   * Never sent to a stream.
   */
  | { kind: 'access.revoked'; userId: number };

export type LiveEventKind = LiveEvent['kind'];

const isId = (value: unknown): boolean => Number.isSafeInteger(value);
const isIdOrNull = (value: unknown): boolean => value === null || isId(value);

/** Per kind, whether the rest of an event from another instance has the shape this instance expects. */
const SHAPES: Record<LiveEventKind, (event: Record<string, unknown>) => boolean> = {
  'ticket.created': (e) => isId(e.ticketId) && isId(e.version),
  'ticket.updated': (e) => isId(e.ticketId) && isId(e.version) && Array.isArray(e.fields),
  'comment.added': (e) =>
    isId(e.ticketId) &&
    isId(e.version) &&
    isId(e.commentId) &&
    typeof e.isNote === 'boolean' &&
    (e.fields === undefined || Array.isArray(e.fields)),
  'ticket.sla': (e) =>
    isId(e.ticketId) &&
    isId(e.version) &&
    SLA_EVENT_METRICS.includes(e.metric as string) &&
    SLA_EVENT_KINDS.includes(e.event as SlaEventKind),
  presence: (e) => {
    const user = e.user as Record<string, unknown> | undefined;
    return (
      isId(e.ticketId) && !!user && isId(user.id) && typeof user.name === 'string' && PRESENCE_STATES.includes(e.state as PresenceState)
    );
  },
  // A notification must say whose it is: without a user it would reach no one, or be misread.
  'notification.added': (e) => isId(e.ticketId) && isId(e.userId) && isId(e.notificationId),
  'notifications.read': (e) => isId(e.userId) && isIdOrNull(e.ticketId),
  'tag.changed': (e) => isId(e.tagId) && TAG_CHANGES.includes(e.change as TagChange) && isIdOrNull(e.by),
  'access.revoked': (e) => isId(e.userId),
};

/**
 * Reads an event that came from another instance. Anything unexpected (another version of the helpdesk,
 * a stray notification on the channel) is dropped rather than passed on half-understood.
 */
export function readLiveEvent(value: unknown): LiveEvent | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const event = value as Record<string, unknown>;
  if (typeof event.kind !== 'string' || !Object.hasOwn(SHAPES, event.kind)) return undefined;
  return SHAPES[event.kind as LiveEventKind](event) ? (event as unknown as LiveEvent) : undefined;
}
