import type { TicketDetail } from '../api/api.js';
import { Link } from '../shared/router.js';
import { When } from '../shared/when.js';

/** The side panel's client card: who wrote, the form's extra fields, and their other tickets. */
export function ClientPanel({ ticket }: { ticket: TicketDetail }) {
  const meta = Object.entries(ticket.meta);
  return (
    <section className="card" aria-labelledby="client-heading">
      <h2 id="client-heading">Client</h2>
      {ticket.client ? (
        <>
          <p className="client-name">{ticket.client.name}</p>
          <p>
            <a href={`mailto:${ticket.client.email}`}>{ticket.client.email}</a>
          </p>
        </>
      ) : (
        <p className="muted">No account.</p>
      )}
      {meta.length > 0 && (
        <dl className="meta">
          {meta.map(([key, value]) => (
            <div key={key}>
              {/* The label the owner gives the field now (the server's); the key only if no label came. */}
              <dt>{ticket.meta_labels?.[key] ?? (key === 'order' ? 'Order ID' : key.replace(/^custom_/, '').replace(/_/g, ' '))}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      <h3>Other tickets</h3>
      {ticket.other_tickets.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <ul className="other-tickets">
          {ticket.other_tickets.map((t) => (
            <li key={t.id}>
              <Link to={`tickets/${t.number}`}>{t.title}</Link>
              <span className="muted">
                {' '}
                · {t.status?.name ?? ''} · <When iso={t.modified} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
