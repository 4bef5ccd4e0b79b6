import { lazy, Suspense, useEffect, useState } from 'react';
import type { Lookups, Me, TicketDetail } from '../api/api.js';
import { useApi } from '../api/use-api.js';
import { useT } from '../i18n/i18n.js';
import { useReportPresence } from '../live/report-presence.js';
import { navigate } from '../shared/router.js';
import { useTicketShortcuts } from '../shared/use-ticket-shortcuts.js';
import { ClientPanel } from './client-panel.js';
import { Composer } from './composer.js';
import { ParticipantsPanel } from './participants-panel.js';
import { PresenceLine } from './presence-line.js';
import { SplitForm } from './split-form.js';
import { TicketControls } from './ticket-controls.js';
import { TicketHeader } from './ticket-header.js';
import { TicketLinks } from './ticket-links.js';
import { TicketThread } from './ticket-thread.js';
import { useTicket } from './use-ticket.js';

// Its own chunk, loaded when an agent opens it: the first screen's budget stays for the screens everyone uses.
const MergeDialog = lazy(() => import('./merge-dialog.js'));

/**
 * The ticket people call #<number> (`/admin/tickets/12`; the API's routes take its id, so it is found by
 * its number first, in the one request that also reads it), then shown by TicketScreen.
 */
export function TicketView({ number, lookups, me }: { number: number; lookups: Lookups; me: NonNullable<Me['user']> }) {
  const { t } = useT();
  const { data: found, error } = useApi<TicketDetail>(`/tickets/by-number/${number}`);
  // A merged ticket's address leads to the ticket its conversation went on in.
  const mergedInto = found?.links?.merged_into?.number;
  useEffect(() => {
    if (mergedInto !== undefined) navigate(`tickets/${mergedInto}`, { replace: true });
  }, [mergedInto]);
  if (error)
    return (
      <p className="alert" role="alert">
        {error}
      </p>
    );
  if (!found || mergedInto !== undefined) return <p aria-busy="true">{t('admin.app.loading')}</p>;
  return <TicketScreen key={found.id} initial={found} lookups={lookups} me={me} />;
}

/** One ticket: the thread, the reply / internal-note composer, the ticket's controls, the client and the people copied in. */
function TicketScreen({ initial, lookups, me }: { initial: TicketDetail; lookups: Lookups; me: NonNullable<Me['user']> }) {
  const { ticket, error, notice, conflict, reviewConflict, change, showTicket, reload, knownTags, reloadTags } = useTicket(initial, me);
  const { t } = useT();
  const [drafting, setDrafting] = useState(false);
  const [merging, setMerging] = useState(false);
  const [picked, setPicked] = useState<Set<number> | null>(null);
  const [done, setDone] = useState('');
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
        <TicketLinks ticket={ticket} />
        <p className="ticket-tools">
          <button type="button" className="button-secondary" onClick={() => setMerging(true)} data-testid="merge-open">
            {t('admin.merge.button')}
          </button>{' '}
          <button
            type="button"
            className="button-secondary"
            aria-pressed={picked !== null}
            disabled={ticket.comments.length === 0}
            onClick={() => setPicked(picked ? null : new Set())}
            data-testid="split-open"
          >
            {t('admin.split.button')}
          </button>
        </p>
        <p className="visually-hidden" role="status">
          {done}
        </p>
        {merging && (
          <Suspense fallback={null}>
            <MergeDialog
              ids={[ticket.id]}
              onClose={() => setMerging(false)}
              onDone={(stays, count) => {
                setMerging(false);
                setDone(t('admin.merge.done', { count, number: stays.number }));
                if (stays.id === ticket.id) void reload();
                else navigate(`tickets/${stays.number}`);
              }}
            />
          </Suspense>
        )}
        {picked && (
          <SplitForm
            ticketId={ticket.id}
            title={ticket.title}
            selected={[...picked]}
            onCancel={() => setPicked(null)}
            onDone={(made) => {
              setPicked(null);
              setDone(t('admin.split.done', { number: made.number }));
              void reload();
            }}
          />
        )}
        <PresenceLine ticketId={ticket.id} me={me.id} />
        <TicketThread
          ticket={ticket}
          picking={
            picked
              ? {
                  selected: picked,
                  toggle: (id) =>
                    setPicked((now) => {
                      const next = new Set(now);
                      if (!next.delete(id)) next.add(id);
                      return next;
                    }),
                }
              : undefined
          }
        />
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
        <ParticipantsPanel ticketId={ticket.id} version={ticket.version} staff={lookups.staff} me={me} />
      </aside>
    </div>
  );
}
