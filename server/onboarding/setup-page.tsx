import type { ReactNode } from 'react';
import { LANGUAGE_NAMES, SHIPPED_LANGUAGES } from '../../common/i18n/languages.js';
import type { MessageKey } from '../../common/i18n/message-keys.js';
import { Layout, type SiteFrame, siteFrame } from '../site/shared/layout.js';
import { useSiteT } from '../site/shared/site-translator.js';
import type { PublicAddressWarning } from './public-address.js';
import { PublicAddressNotice } from './public-address-notice.js';
import type { NewVisitorAccess } from './read-new-visitor-access.js';
import type { SetupValues } from './setup-values.js';

export interface SetupPageProps extends SiteFrame {
  csrf: string;
  values: SetupValues;
  /** What decides who may file, in force now (the choice below is one of three things that do). */
  access: NewVisitorAccess;
  errors: Record<string, MessageKey>;
  /** Where mail goes while no SMTP server is set (null once one is). */
  mailNotice: string | null;
  /** The public address only this machine opens, or not the one the browser used (the snippet and mails use it). */
  publicAddress?: PublicAddressWarning;
  /** Shown once, right after the first-admin link was used: for scripts; the admin app needs none. */
  apiToken?: string;
}

function FieldError({ errors, name }: { errors: Record<string, MessageKey>; name: string }) {
  const { t } = useSiteT();
  const key = errors[name];
  return key ? (
    <span className="field-error" id={`${name}-error`}>
      {t(key)}
    </span>
  ) : null;
}

const described = (errors: Record<string, MessageKey>, name: string, hint?: string) =>
  [errors[name] && `${name}-error`, hint].filter(Boolean).join(' ') || undefined;

/** /admin/setup/: the short setup after the first administrator (and any time later). Works without JavaScript. */
export function SetupPage(props: SetupPageProps) {
  const { logoUrl, homeUrl, csrf, values, access, errors, mailNotice, apiToken, publicAddress, t } = props;
  return (
    <Layout {...siteFrame(props)} title={t.t('site.setup.title')}>
      <h1>{t.t('site.setup.title')}</h1>
      {apiToken && <p className="notice">{t.t('site.setup.welcome')}</p>}
      <PublicAddressNotice warning={publicAddress ?? null} t={t} />
      {Object.keys(errors).length > 0 && (
        <p role="alert" className="error">
          {t.t('site.setup.errors')}
        </p>
      )}
      <form method="post" action={`${homeUrl}/admin/setup/`} className="panel" noValidate>
        <input type="hidden" name="_csrf" value={csrf} />
        <p className="field">
          <label htmlFor="site_name">{t.t('site.setup.siteName')}</label>
          <input
            id="site_name"
            name="site_name"
            required
            maxLength={100}
            defaultValue={values.siteName}
            aria-describedby={described(errors, 'site_name', 'site_name-hint')}
          />
          <span className="hint" id="site_name-hint">
            {t.t('site.setup.siteNameHint')}
          </span>
          <FieldError errors={errors} name="site_name" />
        </p>
        <p className="field">
          <label htmlFor="from_name">{t.t('site.setup.fromName')}</label>
          <input
            id="from_name"
            name="from_name"
            maxLength={100}
            defaultValue={values.fromName}
            aria-describedby={described(errors, 'from_name', 'from_name-hint')}
          />
          <span className="hint" id="from_name-hint">
            {t.t('site.setup.fromNameHint')}
          </span>
          <FieldError errors={errors} name="from_name" />
        </p>
        <p className="field">
          <label htmlFor="from_address">{t.t('site.setup.fromAddress')}</label>
          <input
            id="from_address"
            name="from_address"
            type="email"
            maxLength={254}
            defaultValue={values.fromAddress}
            aria-describedby={described(errors, 'from_address', 'from_address-hint')}
          />
          <span className="hint" id="from_address-hint">
            {t.t('site.setup.fromAddressHint')}
          </span>
          <FieldError errors={errors} name="from_address" />
        </p>
        {mailNotice && <p className="notice">{mailNotice}</p>}
        <p className="field">
          <label htmlFor="brand_color">{t.t('site.setup.brandColor')}</label>
          <input
            id="brand_color"
            name="brand_color"
            type="color"
            defaultValue={values.brandColor}
            aria-describedby={described(errors, 'brand_color')}
          />
          <FieldError errors={errors} name="brand_color" />
        </p>
        <p className="field">
          <label htmlFor="site_language">{t.t('site.setup.siteLanguage')}</label>
          <select
            id="site_language"
            name="site_language"
            defaultValue={values.siteLanguage}
            aria-describedby={described(errors, 'site_language', 'site_language-hint')}
          >
            {SHIPPED_LANGUAGES.map((language) => (
              <option key={language} value={language} lang={language}>
                {LANGUAGE_NAMES[language]}
              </option>
            ))}
          </select>
          <span className="hint" id="site_language-hint">
            {t.t('site.setup.siteLanguageHint')}
          </span>
          <FieldError errors={errors} name="site_language" />
        </p>
        {/* No name: the image goes to the API as soon as it is chosen (logo-upload.js), not with this form. */}
        <div className="field" hidden>
          <label htmlFor="logo">{t.t('site.setup.logo')}</label>
          {logoUrl && <img className="logo-preview" src={logoUrl} alt={t.t('site.setup.logoAlt')} />}
          <input
            id="logo"
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            data-logo-upload={`${homeUrl}/api/site/v1/logo`}
            data-csrf={csrf}
            data-texts={JSON.stringify({
              uploading: t.t('site.setup.logoUploading'),
              failed: t.t('site.setup.logoFailed'),
              saved: t.t('site.setup.logoSaved'),
              unreachable: t.t('site.setup.logoUnreachable'),
              alt: t.t('site.setup.logoAlt'),
            })}
            aria-describedby="logo-hint logo-status"
          />
          <span className="hint" id="logo-hint">
            {t.t('site.setup.logoHint')}
          </span>
          <span className="logo-status" id="logo-status" role="status" />
        </div>
        <fieldset className="field">
          <legend>{t.t('site.setup.whoMayFile')}</legend>
          <label className="choice" htmlFor="who-anyone">
            <input id="who-anyone" type="radio" name="who_may_file" value="anyone" defaultChecked={values.whoMayFile === 'anyone'} />
            <span>{t.rich<ReactNode>('site.setup.anyone', { strong: (chunks) => <strong key="choice">{chunks}</strong> })}</span>
          </label>
          <label className="choice" htmlFor="who-existing">
            <input id="who-existing" type="radio" name="who_may_file" value="existing" defaultChecked={values.whoMayFile === 'existing'} />
            <span>{t.rich<ReactNode>('site.setup.existing', { strong: (chunks) => <strong key="choice">{chunks}</strong> })}</span>
          </label>
          <WhoMayFileNotes access={access} homeUrl={homeUrl} />
        </fieldset>
        <button type="submit">{t.t('site.setup.save')}</button>
      </form>
      {apiToken && (
        <details className="panel">
          <summary>{t.t('site.setup.tokenSummary')}</summary>
          <p>{t.t('site.setup.tokenText')}</p>
          <pre className="token">{apiToken}</pre>
        </details>
      )}
      <script src={`${homeUrl}/content/theme/logo-upload.js`} defer />
    </Layout>
  );
}

/**
 * What else decides who may file, in plain words: the choice above stores one setting, and saving "only
 * existing accounts" must not look like it closed the widget when another setting or a plugin keeps it
 * open (or the other way round), nor close it without the owner reading so.
 */
function WhoMayFileNotes({ access, homeUrl }: { access: NewVisitorAccess; homeUrl: string }) {
  const { t, rich } = useSiteT();
  const notes = [];
  if (!access.widgetOn)
    notes.push(rich<ReactNode>('site.setup.widgetOff', { link: (chunks) => <a href={`${homeUrl}/admin/settings/tickets`}>{chunks}</a> }));
  if (access.decidedByPlugin)
    notes.push(
      rich<ReactNode>('site.setup.plugin', {
        open: access.newVisitors ? 'yes' : 'no',
        filter: 'helpdesk_can_register_users',
        code: (chunks) => <code key="filter">{chunks}</code>,
      }),
    );
  else if (access.anyoneCanRegister)
    notes.push(
      rich<ReactNode>('site.setup.anyoneCanRegister', { link: (chunks) => <a href={`${homeUrl}/admin/settings/general`}>{chunks}</a> }),
    );
  else if (!access.newVisitors) notes.push(t('site.setup.refusesNew'));
  return notes.map((note, i) => (
    <p key={i} className="notice warning">
      {note}
    </p>
  ));
}
