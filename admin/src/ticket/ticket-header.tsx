import type { ReactNode } from 'react';
import type { TicketDetail } from '../api/api.js';
import { useT } from '../i18n/i18n.js';
import { termName } from '../i18n/term-name.js';
import { Link } from '../shared/router.js';
import { When } from '../shared/when.js';

/** The way back to the inbox, the ticket's title and number, its status and when it was opened. */
export function TicketHeader({ ticket }: { ticket: TicketDetail }) {
  const tr = useT();
  const { t, rich } = tr;
  return (
    <>
      <p className="crumbs">
        <Link to="">
          <span className="dir-icon" aria-hidden="true">
            ←
          </span>{' '}
          {t('admin.nav.inbox')}
        </Link>
      </p>
      <h1 id="ticket-title">
        <bdi>{ticket.title}</bdi> <bdi className="ticket-id">#{ticket.number ?? ticket.id}</bdi>
      </h1>
      <p className="muted">
        {rich<ReactNode>('admin.ticket.headline', {
          status: ticket.status ? termName(tr, 'status', ticket.status) : '—',
          pill: (chunks) => (
            <bdi key="status" className={`pill status-${ticket.status?.slug ?? 'none'}`} data-testid="ticket-status">
              {chunks}
            </bdi>
          ),
          when: () => <When key="when" iso={ticket.created} />,
        })}
      </p>
    </>
  );
}
