import { useState } from 'react';
import type { Lookups, Me, TicketDetail } from '../api/api.js';
import { useApi } from '../api/use-api.js';
import { useT } from '../i18n/i18n.js';
import { useReportPresence } from '../live/report-presence.js';
import { useTicketShortcuts } from '../shared/use-ticket-shortcuts.js';
import { ClientPanel } from './client-panel.js';
import { Composer } from './composer.js';
import { PresenceLine } from './presence-line.js';
import { TicketControls } from './ticket-controls.js';
import { TicketHeader } from './ticket-header.js';
import { TicketThread } from './ticket-thread.js';
import { useTicket } from './use-ticket.js';

/**
 * The ticket people call #<number> (`/admin/tickets/12`; the API's routes take its id, so it is found by
 * its number first, in the one request that also reads it), then shown by TicketScreen.
 */
export function TicketView({ number, lookups, me }: { number: number; lookups: Lookups; me: NonNullable<Me['user']> }) {
  const { t } = useT();
  const { data: found, error } = useApi<TicketDetail>(`/tickets/by-number/${number}`);
  if (error)
    return (
      <p className="alert" role="alert">
        {error}
      </p>
    );
  if (!found) return <p aria-busy="true">{t('admin.app.loading')}</p>;
  return <TicketScreen key={found.id} initial={found} lookups={lookups} me={me} />;
}

/** One ticket: the thread, the reply / internal-note composer, the ticket's controls and the client sidebar. */
function TicketScreen({ initial, lookups, me }: { initial: TicketDetail; lookups: Lookups; me: NonNullable<Me['user']> }) {
  const { ticket, error, notice, conflict, reviewConflict, change, showTicket, reload, knownTags, reloadTags } = useTicket(initial, me);
  const { t } = useT();
  const [drafting, setDrafting] = useState(false);
  useReportPresence(initial.id, drafting ? 'replying' : 'viewing');
  // a, s and c (outside any field): assign to me, choose a status, close; saved as the side panel saves them.
  const statusMenu = useTicketShortcuts(lookups.statuses, {
    assignToMe: () => void change('assignee', me.id),
    setStatus: (slug) => void change('status', slug),
  });

  if (error && !ticket)
    return (
      <p className="alert" role="alert">
        {error}
      </p>
    );
  if (!ticket) return <p aria-busy="true">{t('admin.app.loading')}</p>;
  return (
    <div className="ticket-layout">
      <article className="ticket-main" aria-labelledby="ticket-title">
        <TicketHeader ticket={ticket} />
        <PresenceLine ticketId={ticket.id} me={me.id} />
        <TicketThread ticket={ticket} />
        <Composer
          ticketId={ticket.id}
          version={ticket.version}
          comments={ticket.comments}
          me={me.id}
          statuses={lookups.statuses}
          onSent={showTicket}
          onReload={reload}
          onDrafting={setDrafting}
        />
      </article>

      {statusMenu}
      <aside className="ticket-side" aria-label={t('admin.ticket.details')}>
        <TicketControls
          ticket={ticket}
          lookups={lookups}
          knownTags={knownTags}
          notice={notice}
          error={error}
          conflict={conflict}
          onReview={reviewConflict}
          change={change}
          onTagsSaved={reloadTags}
        />
        <ClientPanel ticket={ticket} />
      </aside>
    </div>
  );
}
