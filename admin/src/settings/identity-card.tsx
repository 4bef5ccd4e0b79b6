import { useState } from 'react';
import { api, type ResponseOf } from '../api/api.js';
import { useT } from '../i18n/i18n.js';
import { usePanel } from '../shared/use-panel.js';
import { When } from '../shared/when.js';

type SecretState = ResponseOf<'getIdentitySecret'>;
type NewSecret = ResponseOf<'makeIdentitySecret'>;

const readSecretState = () => api<SecretState>('GET', '/settings/identity-secret');

/**
 * Settings → Tickets, below the settings: the identity secret a site signs its visitors’ tokens with.
 * Made here and shown once; a new one ends the old one at once, so it asks first; removing it refuses every token.
 */
export function IdentityCard() {
  const { t } = useT();
  const { data: state, message, setMessage, problem, run } = usePanel(readSecretState);
  const [made, setMade] = useState<NewSecret | null>(null);
  const [asking, setAsking] = useState<'rotate' | 'remove' | null>(null);
  const make = () =>
    run(async () => {
      setAsking(null);
      setMade(await api<NewSecret>('POST', '/settings/identity-secret'));
      return t('settings.identity.made');
    });
  const remove = () =>
    run(async () => {
      setAsking(null);
      await api('DELETE', '/settings/identity-secret');
      setMade(null);
      return t('settings.identity.removed');
    });
  const copy = async () => {
    if (!made) return;
    await navigator.clipboard.writeText(made.secret).then(
      () => setMessage(t('settings.identity.copied')),
      () => setMessage(t('settings.identity.copy_by_hand')),
    );
  };
  const exists = state?.created_at != null;

  return (
    <section className="card editor" aria-labelledby="identity-heading">
      <h2 id="identity-heading">{t('settings.identity.title')}</h2>
      <p className="muted">{t('settings.identity.intro')}</p>
      {state === null ? (
        !problem && <p aria-busy="true">{t('settings.loading')}</p>
      ) : state.created_at ? (
        <p>
          {t('settings.identity.since')} <When iso={state.created_at} />
        </p>
      ) : (
        <p>{t('settings.identity.none')}</p>
      )}
      {state?.unreadable && (
        <p className="alert" role="alert">
          {t('settings.identity.unreadable')}
        </p>
      )}
      {made && (
        <div>
          <label htmlFor="identity-secret">{t('settings.identity.secret_label')}</label>
          <input id="identity-secret" dir="ltr" readOnly value={made.secret} aria-describedby="identity-secret-once" />
          <p id="identity-secret-once" className="muted">
            {t('settings.identity.shown_once')}
          </p>
        </div>
      )}
      {asking && (
        <p className="alert" role="alert">
          {t(asking === 'rotate' ? 'settings.identity.rotate_warning' : 'settings.identity.remove_warning')}
        </p>
      )}
      <div className="form-actions">
        {made && (
          <button type="button" onClick={copy}>
            {t('settings.identity.copy')}
          </button>
        )}
        {asking ? (
          <>
            <button type="button" onClick={asking === 'rotate' ? make : remove}>
              {t(asking === 'rotate' ? 'settings.identity.rotate_confirm' : 'settings.identity.remove_confirm')}
            </button>
            <button type="button" className="button-secondary" onClick={() => setAsking(null)}>
              {t('settings.identity.keep')}
            </button>
          </>
        ) : (
          <>
            <button type="button" onClick={exists ? () => setAsking('rotate') : make} disabled={state === null}>
              {t(exists ? 'settings.identity.rotate' : 'settings.identity.make')}
            </button>
            {exists && (
              <button type="button" className="button-quiet danger" onClick={() => setAsking('remove')}>
                {t('settings.identity.remove')}
              </button>
            )}
          </>
        )}
      </div>
      <p role="status">{message}</p>
      {problem && (
        <p className="alert" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
