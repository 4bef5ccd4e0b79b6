import { type FormEvent, useState } from 'react';
import { ApiError, api, siteApiRoot } from '../api/api.js';
import { problemText } from '../api/problem-text.js';
import { useApi } from '../api/use-api.js';
import { setSiteTimeZone } from '../shared/time-text.js';
import { EmbedCard } from './embed-card.js';
import { LogoCard } from './logo-card.js';

interface SiteOptions {
  site_name: string;
  users_can_register: boolean;
  brand_color: string;
  time_zone: string;
  logo_url: string | null;
}

const zones = (): string[] => {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  return intl.supportedValuesOf ? ['UTC', ...intl.supportedValuesOf('timeZone')] : ['UTC'];
};

/** Settings → General: the core site options (what PATCH /api/site/v1/options sets) and the embed snippet. */
export function GeneralSettings() {
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
    };
    setError('');
    setFieldErrors({});
    try {
      const saved = await api<SiteOptions>('PATCH', '/options', body, siteApiRoot);
      setOptions(saved);
      // The screens show times in the new zone from now on, without signing in again.
      setSiteTimeZone(saved.time_zone);
      setStatus('General settings saved.');
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
      setStatus(file ? 'Logo saved.' : 'Logo removed.');
    } catch (e) {
      setStatus('');
      if (!(e instanceof ApiError)) return setError(problemText(e));
      setFieldErrors({ logo: problemText(e) });
    }
  };
  if (!options) return loadError ? <p className="alert">{loadError}</p> : <p aria-busy="true">Loading…</p>;
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
        <h2 id="general-heading">General</h2>
        {error && (
          <p className="alert" role="alert">
            {error}
          </p>
        )}
        <div className="field">
          <label htmlFor="site_name">Site name</label>
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
            <input id="users_can_register" name="users_can_register" type="checkbox" defaultChecked={options.users_can_register} /> Anyone
            can register (an account is made for each new email that files a ticket or signs up)
          </label>
        </div>
        <div className="field">
          <label htmlFor="brand_color">Brand colour</label>
          <input
            id="brand_color"
            name="brand_color"
            type="color"
            defaultValue={options.brand_color}
            aria-describedby={[described('brand_color'), 'brand_color-hint'].filter(Boolean).join(' ')}
          />
          <p id="brand_color-hint" className="hint">
            On the widget, the help site’s buttons, the top bar and the mails. Text on it is black or white, whichever reads better.
          </p>
          {fieldError('brand_color')}
        </div>
        <div className="field">
          <label htmlFor="time_zone">Time zone of pages and mails</label>
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
        <button type="submit">Save</button>
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
