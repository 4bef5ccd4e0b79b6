import { useT } from '../i18n/i18n.js';
import { Link } from '../shared/router.js';
import { timeText } from '../shared/time-text.js';
import { eventKey, type Webhook } from './webhook-types.js';

/** The subscriptions, one card each: address, description, events, state in words, and what can be done with it. */
export function WebhookList({
  webhooks,
  onEdit,
  onToggle,
  onRotate,
  onDelete,
}: {
  webhooks: Webhook[];
  onEdit: (w: Webhook) => void;
  onToggle: (w: Webhook) => void;
  onRotate: (w: Webhook) => void;
  onDelete: (w: Webhook) => void;
}) {
  const { t } = useT();
  const state = (w: Webhook) => {
    if (w.enabled) return t('webhooks.on');
    if (w.disabled_reason === 'gone') return t('webhooks.off_gone');
    if (w.disabled_reason === 'failing') return t('webhooks.off_failing', { when: timeText(w.failing_since) });
    return t('webhooks.off');
  };
  return (
    <ul className="webhook-list">
      {webhooks.map((w) => (
        <li key={w.id} className="card">
          <h2 className="webhook-url">
            <bdi dir="ltr">{w.url}</bdi>
          </h2>
          <p>
            <span className={`pill ${w.enabled ? 'webhook-state-delivered' : 'webhook-state-failed'}`}>{state(w)}</span>
            {w.destination === 'slack' && <span className="pill webhook-slack">{t('webhooks.slack')}</span>}
          </p>
          {w.description && <p>{w.description}</p>}
          <p className="hint">{w.events.map((e) => t(eventKey(e))).join(' · ')}</p>
          {w.enabled && w.failing_since && <p className="hint">{t('webhooks.failing_since', { when: timeText(w.failing_since) })}</p>}
          {w.previous_secret_until && <p className="hint">{t('webhooks.previous_until', { when: timeText(w.previous_secret_until) })}</p>}
          <div className="webhook-actions">
            <Link to={`webhooks/${w.id}`}>
              {t('webhooks.log')}
              <span className="visually-hidden"> {w.url}</span>
            </Link>
            <button type="button" className="button-quiet" onClick={() => onEdit(w)}>
              {t('webhooks.edit')}
              <span className="visually-hidden"> {w.url}</span>
            </button>
            <button type="button" className="button-quiet" onClick={() => onToggle(w)}>
              {w.enabled ? t('webhooks.turn_off') : t('webhooks.turn_on')}
              <span className="visually-hidden"> {w.url}</span>
            </button>
            {w.destination === 'standard' && (
              <button type="button" className="button-quiet" onClick={() => onRotate(w)}>
                {t('webhooks.rotate')}
                <span className="visually-hidden"> {w.url}</span>
              </button>
            )}
            <button type="button" className="button-quiet danger" onClick={() => onDelete(w)}>
              {t('webhooks.delete')}
              <span className="visually-hidden"> {w.url}</span>
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
