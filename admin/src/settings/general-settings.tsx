import { type FormEvent, useState } from 'react';
import { LANGUAGE_NAMES, SHIPPED_LANGUAGES } from '../../../common/i18n/languages.js';
import { ApiError, api, type ResponseOf, siteApiRoot } from '../api/api.js';
import { problemText } from '../api/problem-text.js';
import { useApi } from '../api/use-api.js';
import { useT } from '../i18n/i18n.js';
import { setSiteTimeZone } from '../shared/time-text.js';
import { EmbedCard } from './embed-card.js';
import { LogoCard } from './logo-card.js';

// `site_language` (the site's default language, 'en'…) is in the contract from the site options route on; until
// then the screen shows English chosen and leaves the option out of what it saves.
type SiteOptions = ResponseOf<'getSiteOptions'> & { site_language?: string };

const zones = (): string[] => {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  return intl.supportedValuesOf ? ['UTC', ...intl.supportedValuesOf('timeZone')] : ['UTC'];
};

/** Settings → General: the core site options (what PATCH /api/site/v1/options sets) and the embed snippet. */
export function GeneralSettings() {
  const { t } = useT();
  const { data: options, setData: setOptions, error: loadError } = useApi<SiteOptions>('/options', { root: siteApiRoot });
  const [error, setError] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState('');
  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = {
      site_name: String(form.get('site_name') ?? ''),
      users_can_register: form.get('users_can_register') !== null,
      brand_color: String(form.get('brand_color') ?? ''),
      time_zone: String(form.get('time_zone') ?? ''),
      ...(options?.site_language !== undefined && { site_language: String(form.get('site_language') ?? 'en') }),
    };
    setError('');
    setFieldErrors({});
    try {
      const saved = await api<SiteOptions>('PATCH', '/options', body, siteApiRoot);
      setOptions(saved);
      // The screens show times in the new zone from now on, without signing in again.
      setSiteTimeZone(saved.time_zone);
      setStatus(t('settings.general.saved'));
    } catch (e) {
      setStatus('');
      setError(problemText(e));
      if (e instanceof ApiError)
        setFieldErrors(Object.fromEntries((e.problem.errors ?? []).map((f) => [f.field.replace(/^#?\//, ''), f.detail])));
    }
  };
  const changeLogo = async (file: Blob | null) => {
    setError('');
    setFieldErrors({});
    try {
      setOptions(await api<SiteOptions>(file ? 'PUT' : 'DELETE', '/logo', file ?? undefined, siteApiRoot));
      setStatus(file ? t('settings.general.logo_saved') : t('settings.general.logo_removed'));
    } catch (e) {
      setStatus('');
      if (!(e instanceof ApiError)) return setError(problemText(e));
      setFieldErrors({ logo: problemText(e) });
    }
  };
  if (!options) return loadError ? <p className="alert">{loadError}</p> : <p aria-busy="true">{t('settings.loading')}</p>;
  const described = (name: string) => (fieldErrors[name] ? `${name}-error` : undefined);
  const fieldError = (name: string) =>
    fieldErrors[name] ? (
      <p className="field-error" id={`${name}-error`}>
        {fieldErrors[name]}
      </p>
    ) : null;
  return (
    <div>
      <form className="card editor" onSubmit={save} aria-labelledby="general-heading">
        <h2 id="general-heading">{t('settings.screen.general')}</h2>
        {error && (
          <p className="alert" role="alert">
            {error}
          </p>
        )}
        <div className="field">
          <label htmlFor="site_name">{t('settings.general.site_name')}</label>
          <input
            id="site_name"
            name="site_name"
            required
            maxLength={100}
            defaultValue={options.site_name}
            aria-describedby={described('site_name')}
          />
          {fieldError('site_name')}
        </div>
        <div className="field">
          <label className="checkbox-label" htmlFor="users_can_register">
            <input id="users_can_register" name="users_can_register" type="checkbox" defaultChecked={options.users_can_register} />{' '}
            {t('settings.general.users_can_register')}
          </label>
        </div>
        <div className="field">
          <label htmlFor="brand_color">{t('settings.general.brand_color')}</label>
          <input
            id="brand_color"
            name="brand_color"
            type="color"
            defaultValue={options.brand_color}
            aria-describedby={[described('brand_color'), 'brand_color-hint'].filter(Boolean).join(' ')}
          />
          <p id="brand_color-hint" className="hint">
            {t('settings.general.brand_color_hint')}
          </p>
          {fieldError('brand_color')}
        </div>
        <div className="field">
          <label htmlFor="time_zone">{t('settings.general.time_zone')}</label>
          <input
            id="time_zone"
            name="time_zone"
            list="time-zones"
            required
            defaultValue={options.time_zone}
            aria-describedby={described('time_zone')}
          />
          <datalist id="time-zones">
            {zones().map((z) => (
              <option key={z} value={z} />
            ))}
          </datalist>
          {fieldError('time_zone')}
        </div>
        <div className="field">
          <label htmlFor="site_language">{t('settings.general.language')}</label>
          <select
            id="site_language"
            name="site_language"
            defaultValue={options.site_language ?? 'en'}
            aria-describedby={[described('site_language'), 'site_language-hint'].filter(Boolean).join(' ')}
          >
            {SHIPPED_LANGUAGES.map((language) => (
              <option key={language} value={language} lang={language}>
                {LANGUAGE_NAMES[language]}
              </option>
            ))}
          </select>
          <p id="site_language-hint" className="hint">
            {t('settings.general.language_hint')}
          </p>
          {fieldError('site_language')}
        </div>
        <button type="submit">{t('settings.save')}</button>
      </form>
      <LogoCard
        logoUrl={options.logo_url}
        describedBy={described('logo')}
        fieldError={fieldError('logo')}
        onChange={(file) => void changeLogo(file)}
      />
      <EmbedCard say={setStatus} />
      <p role="status" className="muted">
        {status}
      </p>
    </div>
  );
}
