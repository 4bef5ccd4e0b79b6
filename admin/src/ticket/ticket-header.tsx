import type { TicketDetail } from '../api/api.js';
import { Link } from '../shared/router.js';
import { When } from '../shared/when.js';

/** The way back to the inbox, the ticket's title and number, its status and when it was opened. */
export function TicketHeader({ ticket }: { ticket: TicketDetail }) {
  return (
    <>
      <p className="crumbs">
        <Link to="">← Inbox</Link>
      </p>
      <h1 id="ticket-title">
        {ticket.title} <span className="ticket-id">#{ticket.number ?? ticket.id}</span>
      </h1>
      <p className="muted">
        Status{' '}
        <span className={`pill status-${ticket.status?.slug ?? 'none'}`} data-testid="ticket-status">
          {ticket.status?.name ?? '—'}
        </span>
        {' · '}opened <When iso={ticket.created} />
      </p>
    </>
  );
}
