import type { Comment, TicketDetail, TicketEvent } from '../api/api.js';

/**
 * The comments with the field changes, ratings and service-level warnings and breaches between them (replies and
 * notes are already comments), by time.
 */
export function threadOf(ticket: Pick<TicketDetail, 'comments' | 'events'>): Array<Comment | TicketEvent> {
  const fieldEvents = ticket.events.filter((e) => e.kind === 'field' || e.kind === 'rating' || e.kind === 'sla');
  return [...ticket.comments, ...fieldEvents].sort((a, b) => a.created.localeCompare(b.created));
}
