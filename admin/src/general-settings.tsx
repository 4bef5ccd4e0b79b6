import { type FormEvent, useEffect, useState } from 'react';
import { ApiError, api, homeUrl, type ResponseOf, siteApiRoot } from './api.js';
import { setSiteTimeZone } from './time-text.js';

type SiteOptions = ResponseOf<'getSiteOptions'>;

const zones = (): string[] => {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  return intl.supportedValuesOf ? ['UTC', ...intl.supportedValuesOf('timeZone')] : ['UTC'];
};

/** Settings → General: the core site options (what PATCH /api/site/v1/options sets) and the embed snippet. */
export function GeneralSettings() {
  const [options, setOptions] = useState<SiteOptions | null>(null);
  const [error, setError] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState('');
  const snippet = `<script src="${homeUrl}/helpdesk/tickets/embed/" async></script>`;
  useEffect(() => {
    api<SiteOptions>('GET', '/options', undefined, siteApiRoot).then(setOptions, (e: Error) => setError(e.message));
  }, []);
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
      if (!(e instanceof ApiError)) return setError(String(e));
      setError(e.problem.detail);
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
      if (!(e instanceof ApiError)) return setError(String(e));
      setFieldErrors({ logo: e.problem.detail });
    }
  };
  const copy = async () => {
    await navigator.clipboard.writeText(snippet).then(
      () => setStatus('Snippet copied.'),
      () => setStatus('Select the snippet and copy it with Ctrl+C.'),
    );
  };
  if (!options) return error ? <p className="alert">{error}</p> : <p aria-busy="true">Loading…</p>;
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
      <section className="card editor" aria-labelledby="logo-heading">
        <h2 id="logo-heading">Logo</h2>
        {options.logo_url ? (
          <img className="logo-preview" src={options.logo_url} alt="The current logo" />
        ) : (
          <p className="muted">No logo yet: pages show the site name alone.</p>
        )}
        <div className="field">
          <label htmlFor="logo">Choose an image (PNG, JPEG, GIF or WebP, at most 256 KB)</label>
          <input
            id="logo"
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            aria-describedby={described('logo')}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = '';
              if (file) void changeLogo(file);
            }}
          />
          {fieldError('logo')}
        </div>
        {options.logo_url && (
          <button type="button" onClick={() => void changeLogo(null)}>
            Remove the logo
          </button>
        )}
      </section>
      <section className="card editor" aria-labelledby="embed-heading">
        <h2 id="embed-heading">Embed the widget</h2>
        <label htmlFor="embed-snippet">Paste this line into the pages of your site</label>
        <textarea id="embed-snippet" readOnly rows={2} value={snippet} />
        <div className="form-actions">
          <button type="button" onClick={copy}>
            Copy the snippet
          </button>
          <a href={`${homeUrl}/admin/setup/try/`}>Try the widget</a>
          <a href={`${homeUrl}/admin/setup/`}>Run the setup again</a>
        </div>
      </section>
      <p role="status" className="muted">
        {status}
      </p>
    </div>
  );
}
