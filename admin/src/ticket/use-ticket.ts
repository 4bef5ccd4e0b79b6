import { useEffect, useRef, useState } from 'react';
import { ApiError, api, type Me, type TicketDetail, type TicketEvent } from '../api/api.js';
import { isAbort, problemText } from '../api/problem-text.js';
import { translator, useT } from '../i18n/i18n.js';
import { useDebounced, useLiveEvents } from '../live/live-events.js';
import { useTags } from '../shared/use-tags.js';
import { changesToAsk, othersChanges } from './changes-to-ask.js';

/** A change refused because a colleague changed the ticket first: what they did, and the change to retry. */
export interface TicketConflict {
  changes: TicketEvent[];
  action: string;
  retry: () => void;
}

/**
 * One open ticket kept current: fetched again when live events say it moved, changed field by field against the
 * version shown (a colleague's change since is shown, not overwritten), with what the last change said.
 */
export function useTicket(initial: TicketDetail, me: NonNullable<Me['user']>) {
  const id = initial.id;
  const { language } = useT();
  const [ticket, setTicket] = useState<TicketDetail | null>(initial);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [conflict, setConflict] = useState<TicketConflict | null>(null);
  // Answers can come back out of order (a live refetch sent before a change, answered after it): the ticket
  // shown only moves forward, by its version, so an older answer never undoes a newer one.
  const showTicket = (next: TicketDetail) =>
    setTicket((current) => (current && current.id === next.id && current.version > next.version ? current : next));
  // Leaving the ticket cancels a refetch still on its way.
  const leaving = useRef(new AbortController());
  useEffect(() => {
    const controller = new AbortController();
    leaving.current = controller;
    return () => controller.abort();
  }, []);
  const reload = () =>
    api<TicketDetail>('GET', `/tickets/${id}`, undefined, undefined, leaving.current.signal).then(showTicket, (e: unknown) => {
      if (!isAbort(e)) setError(problemText(e));
    });
  // A colleague's reply or change shows without a reload; the draft in the composer stays as typed.
  const refetch = useDebounced(() => void reload(), 150);
  const { tags: knownTags, reloadTags } = useTags();
  useLiveEvents((event) => {
    if (event.name === 'resync' || event.name === 'tag.changed') {
      // A tag renamed, recoloured or deleted elsewhere: this ticket's chips and the tag suggestions follow.
      if (event.name === 'tag.changed') reloadTags();
      refetch();
    } else if (event.name !== 'presence' && event.data.ticket === id && (event.data.version ?? 0) > (ticket?.version ?? 0)) refetch();
  });
  useEffect(() => {
    if (ticket) document.title = translator().t('admin.ticket.pageTitle', { number: ticket.number ?? ticket.id, title: ticket.title });
  }, [ticket, language]);

  // Sends the version shown (`against`), so a colleague's change since is shown instead of overwritten. When
  // only changes that need no question came in between (changesToAsk), it goes again against the version the
  // server named, at most twice; "Save anyway" sends against the version the notice showed.
  const change = async (
    field: string,
    value: string | number | string[] | null,
    against: number | undefined = ticket?.version,
    retries = 2,
  ): Promise<void> => {
    setConflict(null);
    try {
      const body = against === undefined ? { [field]: value } : { [field]: value, version: against };
      showTicket(await api<TicketDetail>('PATCH', `/tickets/${id}`, body));
      setNotice(translator().t('admin.ticket.fieldSaved', { field }));
      setError('');
    } catch (e) {
      if (e instanceof ApiError && e.problem.code === 'TICKET_CHANGED' && e.problem.changes) {
        const current = e.problem.current_version;
        if (current !== undefined && retries > 0 && changesToAsk(e.problem.changes, me.id, field).length === 0) {
          await change(field, value, current, retries - 1);
          return;
        }
        const retry = () => void change(field, value, current);
        setConflict({
          changes: othersChanges(e.problem.changes, me.id),
          action: translator().t('admin.ticket.saveField', { field }),
          retry,
        });
        void reload();
        return;
      }
      setError(problemText(e));
    }
  };
  const reviewConflict = () => {
    setConflict(null);
    void reload();
  };
  return { ticket, error, notice, conflict, reviewConflict, change, showTicket, reload, knownTags, reloadTags };
}
