import type { TicketDetail, TicketEvent } from '../api/api.js';
import { When } from '../shared/when.js';
import { describeChange } from './ticket-changes.js';

/** The client's answer to "Did this solve it?" in the thread: who, which answer, when, and their comment. */
export function RatingEvent({ event, ticket }: { event: TicketEvent; ticket: TicketDetail }) {
  // The nth rating event is the nth answer (both are kept oldest first).
  const index = ticket.events.filter((e) => e.kind === 'rating').indexOf(event);
  const answer = ticket.ratings?.[index];
  return (
    <li className={`thread-event rating-event rating-${event.to === 'yes' ? 'yes' : 'no'}`} data-testid="rating-event">
      <span className="rating-answer">{describeChange(event)}</span> · <When iso={event.created} />
      {answer?.comment && <blockquote className="rating-comment">{answer.comment}</blockquote>}
    </li>
  );
}
