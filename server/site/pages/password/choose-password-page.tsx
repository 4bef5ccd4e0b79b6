import type { ReactNode } from 'react';
import type { MessageKey } from '../../../../common/i18n/message-keys.js';
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

const TEXT: Record<PasswordLinkKind, Record<'titleKey' | 'lead' | 'button' | 'again', MessageKey>> = {
  confirm: {
    titleKey: 'site.password.confirmTitle',
    lead: 'site.password.confirmLead',
    button: 'site.password.confirmButton',
    again: 'site.password.confirmAgain',
  },
  reset: {
    titleKey: 'site.password.resetTitle',
    lead: 'site.password.resetLead',
    button: 'site.password.resetButton',
    again: 'site.password.resetAgain',
  },
  // Someone who never had a password: nothing old stops working, and nobody else is signed out.
  welcome: {
    titleKey: 'site.password.welcomeTitle',
    lead: 'site.password.welcomeLead',
    button: 'site.password.welcomeButton',
    again: 'site.password.welcomeAgain',
  },
};

/**
 * The page behind a sign-up's or a reset mail's link. Opening it changes nothing (mail scanners
 * prefetch links); the form's POST uses the link once and sets the password.
 */
export function ChoosePasswordPage(props: ChoosePasswordPageProps) {
  const { siteName, homeUrl, kind, state, token, csrf, error, t } = props;
  const text = { title: t.t(TEXT[kind].titleKey), lead: t.t(TEXT[kind].lead), button: t.t(TEXT[kind].button) };
  const againHref = kind === 'confirm' ? `${homeUrl}/login/#signup` : `${homeUrl}/login/forgot/`;
  if (state !== 'valid' && kind === 'welcome') return <DeadInvitation {...siteFrame(props)} state={state} />;
  if (state !== 'valid') {
    const heading = t.t(
      state === 'unknown' ? 'site.link.invalidHeading' : state === 'used' ? 'site.link.usedHeading' : 'site.link.expiredHeading',
    );
    return (
      <Layout {...siteFrame(props)} title={heading}>
        <h1>{heading}</h1>
        <p>
          {t.t('site.password.deadText')} <a href={againHref}>{t.t(TEXT[kind].again)}</a>
        </p>
      </Layout>
    );
  }
  return (
    <Layout {...siteFrame(props)} title={text.title}>
      <h1>{text.title}</h1>
      <p>
        {kind === 'welcome' && (
          <>{t.rich<ReactNode>('site.password.welcome', { site: siteName, bdi: (chunks) => <bdi key="site">{chunks}</bdi> })} </>
        )}
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
          <label htmlFor="new-password">{t.t('site.password.newLabel')}</label>
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
  const { homeUrl, state, t } = props;
  const heading = t.t(
    state === 'unknown'
      ? 'site.link.invalidHeading'
      : state === 'used'
        ? 'site.password.invitationUsed'
        : 'site.password.invitationExpired',
  );
  return (
    <Layout {...siteFrame(props)} title={heading}>
      <h1>{heading}</h1>
      <p>{t.t('site.password.invitationText', { days: INVITATION_LINK_DAYS })}</p>
      <p>{t.rich<ReactNode>('site.password.invitationSignIn', { link: (chunks) => <a href={`${homeUrl}/admin/`}>{chunks}</a> })}</p>
    </Layout>
  );
}
