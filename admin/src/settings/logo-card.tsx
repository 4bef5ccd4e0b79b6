import type { ReactNode } from 'react';
import { useT } from '../i18n/i18n.js';

/** Settings → General's logo: the current one, a file to replace it, and a button to remove it. */
export function LogoCard({
  logoUrl,
  describedBy,
  fieldError,
  onChange,
}: {
  logoUrl: string | null;
  describedBy: string | undefined;
  fieldError: ReactNode;
  /** null removes the logo. */
  onChange: (file: Blob | null) => void;
}) {
  const { t } = useT();
  return (
    <section className="card editor" aria-labelledby="logo-heading">
      <h2 id="logo-heading">{t('settings.logo.title')}</h2>
      {logoUrl ? (
        <img className="logo-preview" src={logoUrl} alt={t('settings.logo.current')} />
      ) : (
        <p className="muted">{t('settings.logo.none')}</p>
      )}
      <div className="field">
        <label htmlFor="logo">{t('settings.logo.choose')}</label>
        <input
          id="logo"
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          aria-describedby={describedBy}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (file) onChange(file);
          }}
        />
        {fieldError}
      </div>
      {logoUrl && (
        <button type="button" onClick={() => onChange(null)}>
          {t('settings.logo.remove')}
        </button>
      )}
    </section>
  );
}
