import type { Lookups } from '../api/api.js';
import { useT } from '../i18n/i18n.js';
import { termName } from '../i18n/term-name.js';
import type { Kind } from './use-send-message.js';

/** The composer's last row: what happened, "Suggest a reply", send, and "Send and set <status>". */
export function ComposerActions({
  kind,
  status,
  statuses,
  busy,
  suggesting,
  onSuggest,
  setTo,
  onSetTo,
  onSendAndSet,
}: {
  kind: Kind;
  status: string;
  statuses: Lookups['statuses'];
  busy: boolean;
  suggesting: boolean;
  onSuggest: () => void;
  setTo: string;
  onSetTo: (slug: string) => void;
  onSendAndSet: () => void;
}) {
  const tr = useT();
  const { t } = tr;
  const setToStatus = statuses.find((s) => s.slug === setTo);
  const setToName = setToStatus ? termName(tr, 'status', setToStatus) : setTo;
  return (
    <div className="composer-actions">
      <span role="status" className="muted">
        {status}
      </span>
      {kind === 'reply' && (
        <button type="button" className="button-secondary" onClick={onSuggest} disabled={suggesting || busy} aria-busy={suggesting}>
          {suggesting ? t('admin.composer.suggesting') : t('admin.composer.suggest')}
        </button>
      )}
      <button type="submit" disabled={busy}>
        {busy ? t('admin.composer.sending') : kind === 'note' ? t('admin.composer.addNote') : t('admin.composer.sendReply')}
      </button>
      {statuses.length > 0 && (
        <span className="send-and-set">
          <label htmlFor="composer-set-status" className="visually-hidden">
            {t('admin.composer.afterSending')}
          </label>
          <select id="composer-set-status" value={setTo} onChange={(e) => onSetTo(e.target.value)} disabled={busy}>
            {statuses.map((s) => (
              <option key={s.slug} value={s.slug}>
                {termName(tr, 'status', s)}
              </option>
            ))}
          </select>
          <button type="button" className="button-secondary" disabled={busy || !setTo} onClick={onSendAndSet}>
            {t('admin.composer.sendAndSet', { kind, status: setToName })}
          </button>
        </span>
      )}
    </div>
  );
}
