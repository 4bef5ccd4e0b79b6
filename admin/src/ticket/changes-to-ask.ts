import type { TicketEvent } from '../api/api.js';

/** The changes others made: one's own (a status set from the sidebar while writing) are no news. */
export function othersChanges(changes: TicketEvent[], me: number): TicketEvent[] {
  return changes.filter((change) => change.by?.id !== me);
}

/**
 * Of the changes since the version a draft or a control began from (a 409's `changes`), those the agent is
 * asked about before their reply or change goes: a public reply (the client's, a colleague's, the automatic
 * responder's), a status or assignee change, and a change to the very field being saved (`saving`: a PATCH
 * field). Either could make what the agent wrote wrong or twice said. A colleague's internal note, tags,
 * product, reason, urgency and the client's rating do not: they show in the thread as they come, and the
 * change is sent again against the version the server named.
 */
export function changesToAsk(changes: TicketEvent[], me: number, saving?: string): TicketEvent[] {
  const same = saving === 'tags' ? 'tag' : saving;
  return othersChanges(changes, me).filter(
    (change) =>
      change.kind === 'reply' ||
      (change.kind === 'field' && (change.field === 'status' || change.field === 'assignee' || change.field === same)),
  );
}
