import type { Comment, TicketDetail, TicketEvent } from '../api/api.js';

/** The comments with the field changes between them (replies and notes are already comments), by time. */
export function threadOf(ticket: Pick<TicketDetail, 'comments' | 'events'>): Array<Comment | TicketEvent> {
  const fieldEvents = ticket.events.filter((e) => e.kind === 'field' || e.kind === 'rating');
  return [...ticket.comments, ...fieldEvents].sort((a, b) => a.created.localeCompare(b.created));
}
