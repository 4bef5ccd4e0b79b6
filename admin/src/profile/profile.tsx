import { type FormEvent, useId, useMemo, useState } from 'react';
import { LANGUAGE_NAMES, SHIPPED_LANGUAGES } from '../../../common/i18n/languages.js';
import { type Me, saveOwnPreferences } from '../api/api.js';
import { problemText } from '../api/problem-text.js';
import { useT } from '../i18n/i18n.js';
import { getSiteTimeZone } from '../shared/time-text.js';
import { useDocumentTitle } from '../shared/use-document-title.js';

type User = NonNullable<Me['user']>;

/** Every IANA zone the browser knows, for the zone list (an older browser: the person's and the site's). */
function knownZones(...kept: Array<string | null>): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...all, ...kept.filter((zone): zone is string => !!zone)])].sort();
}

/** "My profile": the language this agent reads the app and their mails in, and the zone of every time shown. */
export function ProfileScreen({ me, onSaved }: { me: User; onSaved: (user: User) => void }) {
  const { t } = useT();
  useDocumentTitle(t('admin.profile.title'));
  const id = useId();
  const [language, setLanguage] = useState(me.language ?? '');
  const [zone, setZone] = useState(me.time_zone ?? '');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const [failed, setFailed] = useState('');
  const zones = useMemo(() => knownZones(me.time_zone, getSiteTimeZone()), [me.time_zone]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setStatus('');
    setFailed('');
    try {
      const saved = await saveOwnPreferences({ language: language || null, time_zone: zone || null });
      onSaved({ ...me, language: saved.language, time_zone: saved.time_zone });
      setStatus('saved');
    } catch (error) {
      setFailed(problemText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={`${id}-title`}>
      <div className="page-head">
        <h1 id={`${id}-title`}>{t('admin.profile.title')}</h1>
      </div>
      <p className="muted">{t('admin.profile.intro', { name: me.name, email: me.email })}</p>
      {failed && (
        <p role="alert" className="alert">
          {failed}
        </p>
      )}
      <form className="card profile-form" onSubmit={save}>
        <label htmlFor={`${id}-language`}>{t('admin.profile.language')}</label>
        <select id={`${id}-language`} value={language} onChange={(event) => setLanguage(event.target.value)}>
          <option value="">{t('admin.profile.siteLanguage')}</option>
          {SHIPPED_LANGUAGES.map((code) => (
            // i18n-exempt: each language by its own name, in its own language and direction
            <option key={code} value={code} lang={code}>
              {LANGUAGE_NAMES[code]}
            </option>
          ))}
        </select>
        <p className="hint">{t('admin.profile.languageHint')}</p>
        <label htmlFor={`${id}-zone`}>{t('admin.profile.timeZone')}</label>
        <select id={`${id}-zone`} value={zone} onChange={(event) => setZone(event.target.value)} dir="ltr">
          <option value="">{t('admin.profile.siteTimeZone', { zone: getSiteTimeZone() })}</option>
          {zones.map((name) => (
            // A zone by its IANA name, the same in every language.
            <option key={name} value={name} translate="no">
              {name}
            </option>
          ))}
        </select>
        <p className="hint">{t('admin.profile.timeZoneHint')}</p>
        <div className="form-actions">
          <button type="submit" disabled={busy}>
            {busy ? t('admin.profile.saving') : t('admin.profile.save')}
          </button>
        </div>
      </form>
      <p role="status" className="saved">
        {status && t('admin.profile.saved')}
      </p>
    </section>
  );
}
