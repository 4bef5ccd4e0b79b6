/** An agent on a ticket, as the event stream's `presence` events tell. */
export interface PresentAgent {
  user: { id: number; name: string };
  state: 'viewing' | 'replying';
}

/** Who is on which ticket, by ticket id. */
export type PresenceMap = ReadonlyMap<number, PresentAgent[]>;

/** `current` after one `presence` event's data (a user viewing, replying or gone from a ticket). */
export function withPresence(
  current: PresenceMap,
  data: { ticket?: number; user?: PresentAgent['user']; state?: PresentAgent['state'] | 'left' },
): PresenceMap {
  const { ticket, user, state } = data;
  if (ticket === undefined || !user || !state) return current;
  const next = new Map(current);
  const others = (current.get(ticket) ?? []).filter((present) => present.user.id !== user.id);
  const agents = state === 'left' ? others : [...others, { user, state }];
  if (agents.length) next.set(ticket, agents);
  else next.delete(ticket);
  return next;
}
