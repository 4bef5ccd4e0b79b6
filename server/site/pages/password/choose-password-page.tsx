import { INVITATION_LINK_DAYS } from '../../../../common/limits.js';
import { Layout, type SiteFrame, siteFrame } from '../../shared/layout.js';

/** The pages behind mailed password links: /login/confirm/, /login/reset/, /login/welcome/. */
export const PASSWORD_LINK_KINDS = ['confirm', 'reset', 'welcome'] as const;
export type PasswordLinkKind = (typeof PASSWORD_LINK_KINDS)[number];

export interface ChoosePasswordPageProps extends SiteFrame {
  /** `confirm`: a sign-up's address proof; `reset`: "Forgot password?"; `welcome`: an admin's invitation (no password yet). */
  kind: PasswordLinkKind;
  state: 'valid' | 'used' | 'expired' | 'unknown';
  token: string;
  csrf: string;
  /** A refused password, in plain words. */
  error?: string;
}

const TEXT = {
  confirm: {
    title: 'Create your account',
    lead: 'Your address is confirmed once you choose a password.',
    button: 'Create my account',
    again: 'sign up again',
  },
  reset: {
    title: 'Choose a new password',
    lead: 'Your old password stops working, and every other device is signed out.',
    button: 'Save the new password',
    again: 'ask for a new reset link',
  },
  // Someone who never had a password: nothing old stops working, and nobody else is signed out.
  welcome: {
    title: 'Choose your password',
    lead:
      'You were invited to work on its help desk. Choose a password: ' +
      'from now on you sign in with your email address and this password.',
    button: 'Save my password',
    again: 'ask for a password link',
  },
};

/**
 * The page behind a sign-up's or a reset mail's link. Opening it changes nothing (mail scanners
 * prefetch links); the form's POST uses the link once and sets the password.
 */
export function ChoosePasswordPage(props: ChoosePasswordPageProps) {
  const { siteName, homeUrl, kind, state, token, csrf, error } = props;
  const text = TEXT[kind];
  const againHref = kind === 'confirm' ? `${homeUrl}/login/#signup` : `${homeUrl}/login/forgot/`;
  if (state !== 'valid' && kind === 'welcome') return <DeadInvitation {...siteFrame(props)} state={state} />;
  if (state !== 'valid') {
    const heading =
      state === 'unknown' ? 'This link is not valid' : state === 'used' ? 'This link was already used' : 'This link has expired';
    return (
      <Layout {...siteFrame(props)} title={heading}>
        <h1>{heading}</h1>
        <p>
          Each link works once and for a limited time. Check that the whole link was copied, or <a href={againHref}>{text.again}</a>.
        </p>
      </Layout>
    );
  }
  return (
    <Layout {...siteFrame(props)} title={text.title}>
      <h1>{text.title}</h1>
      <p>
        {kind === 'welcome' && `Welcome to ${siteName}. `}
        {text.lead}
      </p>
      {error && (
        <p role="alert" className="error-box" id="password-error">
          {error}
        </p>
      )}
      <form method="post" action={`${homeUrl}/login/${kind}/`}>
        <input type="hidden" name="_csrf" value={csrf} />
        <input type="hidden" name="token" value={token} />
        <p className="field">
          <label htmlFor="new-password">Password (at least 10 characters)</label>
          <input
            id="new-password"
            name="password"
            type="password"
            required
            minLength={10}
            maxLength={200}
            autoComplete="new-password"
            aria-describedby={error ? 'password-error' : undefined}
          />
        </p>
        <button type="submit">{text.button}</button>
      </form>
    </Layout>
  );
}

/** An invitation link that no longer works: usually a newer invitation replaced it, or the week ran out. */
function DeadInvitation(props: SiteFrame & { state: ChoosePasswordPageProps['state'] }) {
  const { homeUrl, state } = props;
  const heading =
    state === 'unknown'
      ? 'This link is not valid'
      : state === 'used'
        ? 'This invitation link no longer works'
        : 'This invitation has expired';
  return (
    <Layout {...siteFrame(props)} title={heading}>
      <h1>{heading}</h1>
      <p>
        An invitation link works once, for {INVITATION_LINK_DAYS} days, and only the newest one sent to you. Use the link in the latest
        invitation mail, or ask the admin who invited you to send a new one.
      </p>
      <p>
        Chose your password already? <a href={`${homeUrl}/admin/`}>Sign in</a>.
      </p>
    </Layout>
  );
}
