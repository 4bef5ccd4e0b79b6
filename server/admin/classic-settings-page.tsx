import type { ReactNode } from 'react';
import type { Translator } from '../../common/i18n/translator.js';
import type { SettingsField, SettingsSchema, SettingsValues } from '../settings/schema-types.js';
import { SiteTranslator } from '../site/shared/site-translator.js';

export interface ClassicSettingsProps {
  /** The reader's language (siteTranslator). */
  t: Translator;
  homeUrl: string;
  action: string;
  csrf: string;
  schema: SettingsSchema;
  tab: string;
  values: SettingsValues;
  /** Raw text of fields that failed, so the form shows what was typed. */
  typed: Record<string, string>;
  errors: Record<string, string>;
  saved: boolean;
  user: { name: string } | null;
  signInError?: string;
}

/** The classic settings screen: plain HTML forms over the same filtered schema, no JavaScript. */
export function ClassicSettingsPage(props: ClassicSettingsProps) {
  const { homeUrl, schema, tab, t } = props;
  const current = schema[tab];
  const title = current ? t.t('site.classic.titleOfTab', { tab: current.label }) : t.t('site.classic.title');
  return (
    <html lang={t.language} dir={t.dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{title}</title>
        <link rel="stylesheet" href={`${homeUrl}/content/theme/style.css`} />
      </head>
      <body>
        <header className="site-header">
          <a className="site-name" href={`${homeUrl}/admin/`}>
            {t.t('site.classic.brand')}
          </a>
          <nav className="site-nav" aria-label={t.t('site.layout.nav')}>
            <a href={`${homeUrl}/admin/`}>{t.t('site.classic.inbox')}</a>
            <a href={`${homeUrl}/admin/settings`}>{t.t('site.classic.settings')}</a>
          </nav>
        </header>
        <SiteTranslator.Provider value={t}>
          <main className="site-main">
            <h1>{t.t('site.classic.settings')}</h1>
            {props.user ? <SettingsForm {...props} /> : <SignInForm {...props} />}
          </main>
        </SiteTranslator.Provider>
      </body>
    </html>
  );
}

function SignInForm({ action, csrf, signInError, t }: ClassicSettingsProps) {
  return (
    <form method="post" action={`${action}sign-in`} className="panel">
      <h2>{t.t('site.classic.signInHeading')}</h2>
      {signInError && (
        <p className="error-box" role="alert">
          {signInError}
        </p>
      )}
      <input type="hidden" name="_csrf" value={csrf} />
      <div className="field">
        <label htmlFor="email">{t.t('site.form.email')}</label>
        <input id="email" name="email" type="email" autoComplete="username" required />
      </div>
      <div className="field">
        <label htmlFor="password">{t.t('site.form.password')}</label>
        <input id="password" name="password" type="password" autoComplete="current-password" required />
      </div>
      <button type="submit">{t.t('site.layout.signIn')}</button>
    </form>
  );
}

function SettingsForm({ action, csrf, schema, tab, values, typed, errors, saved, t: translator }: ClassicSettingsProps) {
  const current = schema[tab];
  if (!current) return null;
  return (
    <>
      <nav aria-label={translator.t('site.classic.tabs')} className="site-nav">
        {Object.entries(schema).map(([slug, t]) => (
          <a key={slug} href={`${action}?tab=${encodeURIComponent(slug)}`} aria-current={slug === tab ? 'page' : undefined}>
            {t.label}
          </a>
        ))}
      </nav>
      {saved && (
        <p className="notice" role="status">
          {translator.t('site.classic.saved')}
        </p>
      )}
      {Object.keys(errors).length > 0 && (
        <p className="error-box" role="alert">
          {translator.t('site.classic.errors')}
        </p>
      )}
      <form method="post" action={`${action}?tab=${encodeURIComponent(tab)}`}>
        <input type="hidden" name="_csrf" value={csrf} />
        <input type="hidden" name="_tab" value={tab} />
        {Object.entries(current.sections).map(([sectionKey, section]) => (
          <fieldset key={sectionKey} className="panel">
            <legend>
              <strong>{section.label}</strong>
            </legend>
            {section.desc && <p className="hint">{section.desc}</p>}
            {Object.entries(section.fields).map(([key, field]) => (
              <ClassicField
                key={key}
                name={`${tab}.${key}`}
                field={field}
                value={values[tab]?.[key]}
                typed={typed[`${tab}.${key}`]}
                error={errors[`${tab}.${key}`]}
              />
            ))}
          </fieldset>
        ))}
        <button type="submit">{translator.t('site.classic.save', { tab: current.label })}</button>
      </form>
    </>
  );
}

function ClassicField({
  name,
  field,
  value,
  typed,
  error,
}: {
  name: string;
  field: SettingsField;
  value: unknown;
  typed?: string;
  error?: string;
}) {
  const id = `f-${name.replace(/\W/g, '-')}`;
  const describedBy = [field.desc ? `${id}-desc` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const hint = (
    <>
      {field.desc && (
        <p className="hint" id={`${id}-desc`}>
          {field.desc}
        </p>
      )}
      {error && (
        <p className="error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </>
  );
  if (field.type === 'checkbox') {
    return (
      <div className="field">
        <label className="checkbox-label" htmlFor={id}>
          <input type="checkbox" id={id} name={name} value="1" defaultChecked={value === true} aria-describedby={describedBy} />{' '}
          {field.label}
        </label>
        {hint}
      </div>
    );
  }
  let control: ReactNode;
  const text =
    typed ??
    (value === undefined || value === null
      ? ''
      : typeof value === 'string'
        ? value
        : field.type === 'number'
          ? String(value)
          : JSON.stringify(value, null, 2));
  if (field.type === 'select') {
    control = (
      <select id={id} name={name} defaultValue={text} aria-describedby={describedBy}>
        {(field.options ?? []).map((o) => (
          <option key={o.value} value={o.value} lang={o.lang}>
            {o.label}
          </option>
        ))}
      </select>
    );
  } else if (field.type === 'textarea' || field.type === 'form_fields' || field.type === 'per_language') {
    control = (
      <textarea id={id} name={name} defaultValue={text} rows={field.type === 'form_fields' ? 14 : 6} aria-describedby={describedBy} />
    );
  } else {
    const type =
      field.type === 'number'
        ? 'number'
        : field.type === 'email'
          ? 'email'
          : field.type === 'url'
            ? 'url'
            : field.type === 'secret'
              ? 'password'
              : 'text';
    control = (
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={text}
        min={field.min}
        max={field.max}
        aria-describedby={describedBy}
        autoComplete="off"
      />
    );
  }
  return (
    <div className="field">
      <label htmlFor={id}>
        {field.label}
        {field.type === 'form_fields' || field.type === 'per_language' ? ' (JSON)' : ''}
      </label>
      {control}
      {hint}
    </div>
  );
}
