import { type FormEvent, useState } from 'react';
import { api, type ResponseOf } from '../api/api.js';
import { problemText } from '../api/problem-text.js';
import { useT } from '../i18n/i18n.js';

/**
 * The new ticket's subject and client for the messages selected in the thread, and the button that moves them
 * (POST /tickets/{id}/split): they move, they are not copied; the first message always stays.
 */
export function SplitForm({
  ticketId,
  title,
  selected,
  onDone,
  onCancel,
}: {
  ticketId: number;
  title: string;
  selected: number[];
  onDone: (made: { id: number; number: number }) => void;
  onCancel: () => void;
}) {
  const { t } = useT();
  const [subject, setSubject] = useState(title);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      const made = await api<ResponseOf<'splitTicket'>>('POST', `/tickets/${ticketId}/split`, {
        comment_ids: selected,
        ...(subject.trim() && subject.trim() !== title && { subject: subject.trim() }),
        ...(email.trim() && { client_email: email.trim() }),
      });
      onDone({ id: made.ticket.id, number: made.ticket.number });
    } catch (e) {
      setError(problemText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="split-form" onSubmit={submit} data-testid="split-form">
      <p className="muted">{t('admin.split.intro')}</p>
      <label htmlFor="split-subject">{t('admin.split.subject')}</label>
      <input id="split-subject" value={subject} maxLength={200} onChange={(e) => setSubject(e.target.value)} />
      <label htmlFor="split-client">{t('admin.split.client')}</label>
      <input id="split-client" type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" disabled={busy || selected.length === 0}>
          {t('admin.split.submit', { count: selected.length })}
        </button>
        <button type="button" className="button-quiet" onClick={onCancel}>
          {t('admin.common.cancel')}
        </button>
      </div>
    </form>
  );
}
