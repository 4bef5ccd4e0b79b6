import type { Lookups } from '../api/api.js';
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
  const setToName = statuses.find((s) => s.slug === setTo)?.name ?? setTo;
  return (
    <div className="composer-actions">
      <span role="status" className="muted">
        {status}
      </span>
      {kind === 'reply' && (
        <button type="button" className="button-secondary" onClick={onSuggest} disabled={suggesting || busy} aria-busy={suggesting}>
          {suggesting ? 'Suggesting…' : 'Suggest a reply'}
        </button>
      )}
      <button type="submit" disabled={busy}>
        {busy ? 'Sending…' : kind === 'note' ? 'Add note' : 'Send reply'}
      </button>
      {statuses.length > 0 && (
        <span className="send-and-set">
          <label htmlFor="composer-set-status" className="visually-hidden">
            After sending, move the ticket to
          </label>
          <select id="composer-set-status" value={setTo} onChange={(e) => onSetTo(e.target.value)} disabled={busy}>
            {statuses.map((s) => (
              <option key={s.slug} value={s.slug}>
                {s.name}
              </option>
            ))}
          </select>
          <button type="button" className="button-secondary" disabled={busy || !setTo} onClick={onSendAndSet}>
            {kind === 'note' ? 'Note' : 'Send'} and set {setToName}
          </button>
        </span>
      )}
    </div>
  );
}
