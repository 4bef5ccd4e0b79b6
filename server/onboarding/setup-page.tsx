import { Layout } from '../site/shared/layout.js';
import type { NewVisitorAccess } from './read-new-visitor-access.js';
import type { SetupValues } from './setup-values.js';

export interface SetupPageProps {
  siteName: string;
  /** The logo uploaded so far, if any. */
  logoUrl?: string;
  brandColor?: string;
  homeUrl: string;
  csrf: string;
  values: SetupValues;
  /** What decides who may file, in force now (the choice below is one of three things that do). */
  access: NewVisitorAccess;
  errors: Record<string, string>;
  /** Where mail goes while no SMTP server is set (null once one is). */
  mailNotice: string | null;
  /** Shown once, right after the first-admin link was used: for scripts; the admin app needs none. */
  apiToken?: string;
}

function FieldError({ errors, name }: { errors: Record<string, string>; name: string }) {
  return errors[name] ? (
    <span className="field-error" id={`${name}-error`}>
      {errors[name]}
    </span>
  ) : null;
}

const described = (errors: Record<string, string>, name: string, hint?: string) =>
  [errors[name] && `${name}-error`, hint].filter(Boolean).join(' ') || undefined;

/** /admin/setup/: the short setup after the first administrator (and any time later). Works without JavaScript. */
export function SetupPage({ siteName, logoUrl, brandColor, homeUrl, csrf, values, access, errors, mailNotice, apiToken }: SetupPageProps) {
  return (
    <Layout siteName={siteName} logoUrl={logoUrl} brandColor={brandColor} homeUrl={homeUrl} title="Set up your help desk">
      <h1>Set up your help desk</h1>
      {apiToken && <p className="notice">You are the administrator. Four choices and your help desk is ready for visitors.</p>}
      {Object.keys(errors).length > 0 && (
        <p role="alert" className="error">
          Some answers need another look; see the notes below.
        </p>
      )}
      <form method="post" action={`${homeUrl}/admin/setup/`} className="panel" noValidate>
        <input type="hidden" name="_csrf" value={csrf} />
        <p className="field">
          <label htmlFor="site_name">Site name</label>
          <input
            id="site_name"
            name="site_name"
            required
            maxLength={100}
            defaultValue={values.siteName}
            aria-describedby={described(errors, 'site_name', 'site_name-hint')}
          />
          <span className="hint" id="site_name-hint">
            Shown on the help site, in the widget and in every mail.
          </span>
          <FieldError errors={errors} name="site_name" />
        </p>
        <p className="field">
          <label htmlFor="from_name">Sender name</label>
          <input
            id="from_name"
            name="from_name"
            maxLength={100}
            defaultValue={values.fromName}
            aria-describedby={described(errors, 'from_name', 'from_name-hint')}
          />
          <span className="hint" id="from_name-hint">
            The name clients see on mails; empty uses the site name.
          </span>
          <FieldError errors={errors} name="from_name" />
        </p>
        <p className="field">
          <label htmlFor="from_address">Sender address</label>
          <input
            id="from_address"
            name="from_address"
            type="email"
            maxLength={254}
            defaultValue={values.fromAddress}
            aria-describedby={described(errors, 'from_address', 'from_address-hint')}
          />
          <span className="hint" id="from_address-hint">
            The address mails come from and replies go to, such as support@example.com.
          </span>
          <FieldError errors={errors} name="from_address" />
        </p>
        {mailNotice && <p className="notice">{mailNotice}</p>}
        <p className="field">
          <label htmlFor="brand_color">Brand colour</label>
          <input
            id="brand_color"
            name="brand_color"
            type="color"
            defaultValue={values.brandColor}
            aria-describedby={described(errors, 'brand_color')}
          />
          <FieldError errors={errors} name="brand_color" />
        </p>
        {/* No name: the image goes to the API as soon as it is chosen (logo-upload.js), not with this form. */}
        <div className="field" hidden>
          <label htmlFor="logo">Logo (optional)</label>
          {logoUrl && <img className="logo-preview" src={logoUrl} alt="Your logo" />}
          <input
            id="logo"
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            data-logo-upload={`${homeUrl}/api/site/v1/logo`}
            data-csrf={csrf}
            aria-describedby="logo-hint logo-status"
          />
          <span className="hint" id="logo-hint">
            PNG, JPEG, GIF or WebP, at most 256 KB; saved as soon as you choose it. You can also add it later in Settings → General.
          </span>
          <span className="logo-status" id="logo-status" role="status" />
        </div>
        <fieldset className="field">
          <legend>Who may file tickets?</legend>
          <label className="choice" htmlFor="who-anyone">
            <input id="who-anyone" type="radio" name="who_may_file" value="anyone" defaultChecked={values.whoMayFile === 'anyone'} />
            <span>
              <strong>Anyone.</strong> An account is made for each new email address, so every visitor can ask for help through the widget
              and read the answer through the link in their mail.
            </span>
          </label>
          <label className="choice" htmlFor="who-existing">
            <input id="who-existing" type="radio" name="who_may_file" value="existing" defaultChecked={values.whoMayFile === 'existing'} />
            <span>
              <strong>Only people who already have an account.</strong> The widget refuses other addresses; you make accounts yourself.
            </span>
          </label>
          <WhoMayFileNotes access={access} homeUrl={homeUrl} />
        </fieldset>
        <button type="submit">Save and continue</button>
      </form>
      {apiToken && (
        <details className="panel">
          <summary>For scripts: your API token (shown only once)</summary>
          <p>The admin app does not need it. Send it as a Bearer token to the management API.</p>
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
  const notes = [];
  if (!access.widgetOn)
    notes.push(
      <>
        The widget is turned off at present: it takes no tickets from anyone, whatever you choose here. Turn it on again in{' '}
        <a href={`${homeUrl}/admin/settings/tickets`}>Settings → Tickets</a> (“Accept tickets from the widget”).
      </>,
    );
  if (access.decidedByPlugin)
    notes.push(
      <>
        A plugin on this site decides who may file (the <code>helpdesk_can_register_users</code> filter):{' '}
        {access.newVisitors
          ? 'at present new visitors can file tickets'
          : 'at present only people who already have an account can file tickets'}
        , whatever you choose here.
      </>,
    );
  else if (access.anyoneCanRegister)
    notes.push(
      <>
        “Anyone can register” is on in <a href={`${homeUrl}/admin/settings/general`}>Settings → General</a>, so new visitors can file
        tickets whichever you choose here. To accept only people who already have an account, turn it off there too.
      </>,
    );
  else if (!access.newVisitors)
    notes.push(<>At present the widget refuses new visitors: only people who already have an account can file tickets.</>);
  return notes.map((note, i) => (
    <p key={i} className="notice warning">
      {note}
    </p>
  ));
}
