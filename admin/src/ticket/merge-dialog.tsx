import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError, api, type ResponseOf, type TicketDetail } from '../api/api.js';
import { problemText } from '../api/problem-text.js';
import { useT } from '../i18n/i18n.js';

/** A ticket offered for the merge, with what would move: its messages (the description too) and files. */
interface Candidate {
  id: number;
  number: number;
  title: string;
  client: string;
  clientId: number | null;
  messages: number;
  files: number;
}

function candidateOf(ticket: TicketDetail): Candidate {
  const files = ticket.attachments.length + ticket.comments.reduce((n, c) => n + c.attachments.length, 0);
  return {
    id: ticket.id,
    number: ticket.number ?? ticket.id,
    title: ticket.title,
    client: ticket.client?.name || ticket.client?.email || '—',
    clientId: ticket.client?.id ?? null,
    // A ticket made by a split has no description: its messages are all comments.
    messages: (ticket.description || ticket.attachments.length > 0 ? 1 : 0) + ticket.comments.length,
    files,
  };
}

/**
 * Merge tickets (from the inbox's selection, or from one ticket with more added by number): each ticket with its
 * message and file counts, the one that stays chosen, and a question first when they belong to different clients.
 * Its own chunk: loaded when an agent opens it.
 */
export default function MergeDialog({
  ids,
  onDone,
  onClose,
}: {
  /** The tickets to merge (ids); the first is the one that stays unless the agent chooses another. */
  ids: number[];
  onDone: (stays: { id: number; number: number }, merged: number) => void;
  onClose: () => void;
}) {
  const { t } = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const [candidates, setCandidates] = useState<Candidate[] | null>(null);
  const [stays, setStays] = useState<number | null>(ids[0] ?? null);
  const [adding, setAdding] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  useEffect(() => {
    const box = dialog.current;
    if (box && !box.open) box.showModal();
    return () => box?.close();
  }, []);
  useEffect(() => {
    let live = true;
    Promise.all(ids.map((id) => api<TicketDetail>('GET', `/tickets/${id}`)))
      .then((tickets) => live && setCandidates(tickets.map(candidateOf)))
      .catch((e) => live && setError(problemText(e)));
    return () => {
      live = false;
    };
  }, [ids]);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const number = Number(adding.replace(/^#/, '').trim());
    if (!Number.isSafeInteger(number) || number < 1) return setError(t('admin.merge.notFound', { number: adding }));
    try {
      const ticket = await api<TicketDetail>('GET', `/tickets/by-number/${number}`);
      setCandidates((list) => (list && !list.some((c) => c.id === ticket.id) ? [...list, candidateOf(ticket)] : list));
      setAdding('');
      setError('');
    } catch (e) {
      setError(e instanceof ApiError && e.problem.status === 404 ? t('admin.merge.notFound', { number }) : problemText(e));
    }
  };

  const list = candidates ?? [];
  const kept = list.find((c) => c.id === stays) ?? list[0];
  const sources = list.filter((c) => c.id !== kept?.id);
  const differentClients = !!kept && sources.some((c) => c.clientId !== kept.clientId);

  const merge = async () => {
    if (!kept || sources.length === 0) return;
    setBusy(true);
    setError('');
    try {
      const result = await api<ResponseOf<'mergeTickets'>>('POST', `/tickets/${kept.id}/merge`, {
        source_ids: sources.map((c) => c.id),
        ...(differentClients && { confirm_different_clients: confirmed }),
      });
      onDone({ id: result.ticket.id, number: result.ticket.number }, result.merged.length);
    } catch (e) {
      setError(problemText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog ref={dialog} className="merge-dialog" aria-labelledby="merge-heading" onClose={onClose} data-testid="merge-dialog">
      <h2 id="merge-heading">{t('admin.merge.title')}</h2>
      <p className="muted">{t('admin.merge.intro')}</p>
      {!candidates && !error && <p aria-busy="true">{t('admin.app.loading')}</p>}
      {candidates && (
        <fieldset>
          <legend>{t('admin.merge.stays')}</legend>
          {list.map((c) => (
            <label key={c.id} className="merge-choice">
              <input type="radio" name="stays" value={c.id} checked={c.id === kept?.id} onChange={() => setStays(c.id)} />
              <span>
                <bdi className="ticket-id">#{c.number}</bdi> <bdi>{c.title}</bdi>
                <br />
                <span className="muted">
                  <bdi>{c.client}</bdi> · {t('admin.merge.counts', { messages: c.messages, files: c.files })}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <form className="merge-add" onSubmit={add}>
        <label htmlFor="merge-add-number">{t('admin.merge.addNumber')}</label>
        <input id="merge-add-number" inputMode="numeric" value={adding} onChange={(e) => setAdding(e.target.value)} />
        <button type="submit" className="button-secondary">
          {t('admin.merge.add')}
        </button>
      </form>
      {differentClients && (
        <p className="merge-confirm" role="status">
          <label>
            <input type="checkbox" checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} />{' '}
            {t('admin.merge.differentClients')}
          </label>
        </p>
      )}
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      <div className="form-actions">
        <button
          type="button"
          onClick={() => void merge()}
          disabled={busy || !kept || sources.length === 0 || (differentClients && !confirmed)}
          data-testid="merge-submit"
        >
          {t('admin.merge.submit', { number: kept?.number ?? '' })}
        </button>
        <button type="button" className="button-quiet" onClick={onClose}>
          {t('admin.common.cancel')}
        </button>
      </div>
    </dialog>
  );
}
