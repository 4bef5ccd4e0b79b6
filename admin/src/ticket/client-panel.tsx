import type { ResponseOf, TicketDetail } from '../api/api.js';
import { useApi } from '../api/use-api.js';
import { useT } from '../i18n/i18n.js';
import { termName } from '../i18n/term-name.js';
import { Link } from '../shared/router.js';
import { When } from '../shared/when.js';
import { ReadBeforeFiling } from './read-before-filing.js';

/** The side panel's client card: who wrote, the form's extra fields, and their other tickets. */
export function ClientPanel({ ticket }: { ticket: TicketDetail }) {
  const tr = useT();
  const { t } = tr;
  const meta = Object.entries(ticket.meta);
  return (
    <section className="card" aria-labelledby="client-heading">
      <h2 id="client-heading">{t('admin.table.client')}</h2>
      {ticket.client ? (
        <>
          <p className="client-name">
            <Link to={`clients/${ticket.client.id}`} aria-label={`${ticket.client.name} · ${t('admin.ticket.clientProfile')}`}>
              <bdi>{ticket.client.name}</bdi>
            </Link>
          </p>
          <p>
            <a href={`mailto:${ticket.client.email}`} dir="ltr">
              {ticket.client.email}
            </a>
          </p>
        </>
      ) : (
        <p className="muted">{t('admin.ticket.noAccount')}</p>
      )}
      {meta.length > 0 && (
        <dl className="meta">
          {meta.map(([key, value]) => (
            <div key={key}>
              {/* The label the owner gives the field now (the server's); the key only if no label came. */}
              <dt>
                {ticket.meta_labels?.[key] ??
                  (key === 'order' ? t('admin.ticket.orderId') : key.replace(/^custom_/, '').replace(/_/g, ' '))}
              </dt>
              <dd dir="auto">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {ticket.client && <ClientSummary clientId={ticket.client.id} />}
      <ReadBeforeFiling ticketId={ticket.id} />
      <h3>{t('admin.ticket.otherTickets')}</h3>
      {ticket.other_tickets.length === 0 ? (
        <p className="muted">{t('admin.ticket.noneFound')}</p>
      ) : (
        <ul className="other-tickets">
          {ticket.other_tickets.map((other) => (
            <li key={other.id}>
              <Link to={`tickets/${other.number}`} dir="auto">
                {other.title}
              </Link>
              <span className="muted">
                {' '}
                · <bdi>{other.status ? termName(tr, 'status', other.status) : ''}</bdi> · <When iso={other.modified} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The client's organisation and past ratings, from their profile (GET /clients/{id}); nothing while it loads. */
function ClientSummary({ clientId }: { clientId: number }) {
  const { t } = useT();
  const { data } = useApi<ResponseOf<'getClient'>>(`/clients/${clientId}`);
  if (!data) return null;
  const yes = data.ratings.filter((r) => r.rating === 'yes').length;
  return (
    <dl className="meta client-summary">
      {data.organisation && (
        <div>
          <dt>{t('admin.ticket.organisation')}</dt>
          <dd>
            <Link to={`organisations/${data.organisation.id}`}>
              <bdi>{data.organisation.name}</bdi>
            </Link>
          </dd>
        </div>
      )}
      {data.ratings.length > 0 && (
        <div>
          <dt>{t('admin.ticket.pastRatings')}</dt>
          <dd>{t('admin.ticket.ratingCounts', { yes, no: data.ratings.length - yes })}</dd>
        </div>
      )}
    </dl>
  );
}
