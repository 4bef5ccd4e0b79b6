import { useState } from 'react';
import { api, type ResponseOf } from '../api/api.js';
import { problemText } from '../api/problem-text.js';
import { useT } from '../i18n/i18n.js';

type Preview = ResponseOf<'previewRetention'>;
/** The retention settings the preview counts with (Settings → Privacy), as the API's query names them. */
const DAYS = ['delete_closed_tickets_after_days', 'delete_inactive_clients_after_days', 'mail_records_after_days'] as const;

/**
 * Privacy → Retention's "Preview": what the values typed above would remove now, counted by the server
 * (`GET …/privacy/retention-preview`) before they are saved or switched on. A field left empty counts with the
 * stored value; a value out of range is refused by the server in plain words, as saving would be.
 */
export function RetentionPreview({ draft }: { draft: Record<string, unknown> }) {
  const { t } = useT();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const mode = draft.closed_tickets_mode === 'delete' ? 'delete' : 'anonymise';
  const count = async () => {
    setBusy(true);
    setProblem('');
    const params = new URLSearchParams();
    for (const key of DAYS) {
      const value = draft[key];
      if (value !== null && value !== undefined && value !== '') params.set(key, String(value));
    }
    try {
      setPreview(await api<Preview>('GET', `/privacy/retention-preview?${params}`));
    } catch (e) {
      setPreview(null);
      setProblem(problemText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="retention-preview">
      <p className="muted">{t('settings.retention.preview_hint')}</p>
      <button type="button" className="button-secondary" onClick={count} aria-busy={busy}>
        {t('settings.retention.preview')}
      </button>
      <div role="status" aria-live="polite">
        {preview && (
          <ul className="retention-counts">
            <li>{t('settings.retention.preview_tickets', { count: preview.closed_tickets, mode })}</li>
            <li>{t('settings.retention.preview_clients', { count: preview.inactive_clients })}</li>
            <li>
              {t('settings.retention.preview_mails', {
                inbound: preview.inbound_mails,
                sent: preview.sent_mails,
                webhooks: preview.webhook_deliveries,
              })}
            </li>
          </ul>
        )}
      </div>
      {problem && (
        <p className="alert" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
