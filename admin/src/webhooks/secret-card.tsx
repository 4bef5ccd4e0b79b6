import { useState } from 'react';
import { useT } from '../i18n/i18n.js';

/** A signing secret shown this once, after adding a webhook or rotating its secret, with a copy button. */
export function SecretCard({ secret, url, rotated, onDone }: { secret: string; url: string; rotated: boolean; onDone: () => void }) {
  const { t } = useT();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(secret);
    setCopied(true);
  };
  return (
    <section className="card webhook-secret" aria-labelledby="webhook-secret-title">
      <h2 id="webhook-secret-title">{t('webhooks.secret.title')}</h2>
      <p>
        <bdi>{url}</bdi>
      </p>
      <p className="webhook-warning">{t('webhooks.secret.once')}</p>
      {rotated && <p>{t('webhooks.secret.both')}</p>}
      <label htmlFor="webhook-secret">{t('webhooks.secret.label')}</label>
      <div className="webhook-secret-row">
        <input id="webhook-secret" readOnly dir="ltr" value={secret} onFocus={(e) => e.currentTarget.select()} />
        <button type="button" onClick={copy}>
          {t('webhooks.secret.copy')}
        </button>
      </div>
      <p role="status" className="hint">
        {copied ? t('webhooks.secret.copied') : ''}
      </p>
      <button type="button" className="button-quiet" onClick={onDone}>
        {t('webhooks.secret.done')}
      </button>
    </section>
  );
}
