import type { Comment, TicketDetail, TicketEvent } from '../api/api.js';

/**
 * The comments with the field changes, ratings, service-level warnings and breaches, rules' firings, merges and splits,
 * people copied in or following between them (replies and notes are already comments), by time.
 */
export function threadOf(ticket: Pick<TicketDetail, 'comments' | 'events'>): Array<Comment | TicketEvent> {
  const shown = ['field', 'rating', 'sla', 'rule', 'link', 'participant'];
  const fieldEvents = ticket.events.filter((e) => shown.includes(e.kind));
  return [...ticket.comments, ...fieldEvents].sort((a, b) => a.created.localeCompare(b.created));
}
