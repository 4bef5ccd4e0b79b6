import type { LoginMethod } from '../../../auth/auth.js';
import { Layout, type SiteFrame, siteFrame } from '../../shared/layout.js';
import { Notice } from '../../shared/notices.js';

export interface LoginPageProps extends SiteFrame {
  method: LoginMethod;
  /** Whether the sign-up panel is shown (`helpdesk_can_register_users`). */
  canRegister: boolean;
  csrf: string;
  notice: string | null;
  returnTo: string;
}

/** The login form view, following the configured method, with its sign-up panel. */
export function LoginPage(props: LoginPageProps) {
  const { homeUrl, method, canRegister, csrf, notice, returnTo, t } = props;
  const hidden = (
    <>
      <input type="hidden" name="_csrf" value={csrf} />
      <input type="hidden" name="return_to" value={returnTo} />
    </>
  );
  return (
    <Layout {...siteFrame(props)} title={t.t('site.layout.signIn')}>
      <h1>{t.t('site.layout.signIn')}</h1>
      <Notice code={notice} />
      {method !== 'password' && (
        <section className="panel" aria-labelledby="link-heading">
          <h2 id="link-heading">{t.t('site.login.linkHeading')}</h2>
          <form method="post" action={`${homeUrl}/login/link/`}>
            {hidden}
            <p className="field">
              <label htmlFor="link-email">{t.t('site.form.email')}</label>
              <input id="link-email" name="email" type="email" required maxLength={254} autoComplete="email" />
            </p>
            <button type="submit">{t.t('site.login.sendLink')}</button>
          </form>
        </section>
      )}
      {method !== 'email_link' && (
        <section className="panel" aria-labelledby="password-heading">
          <h2 id="password-heading">{t.t('site.login.passwordHeading')}</h2>
          <form method="post" action={`${homeUrl}/login/`}>
            {hidden}
            <p className="field">
              <label htmlFor="login-email">{t.t('site.form.email')}</label>
              <input id="login-email" name="email" type="email" required maxLength={254} autoComplete="username" />
            </p>
            <p className="field">
              <label htmlFor="login-password">{t.t('site.form.password')}</label>
              <input id="login-password" name="password" type="password" required maxLength={200} autoComplete="current-password" />
            </p>
            <button type="submit">{t.t('site.layout.signIn')}</button>
          </form>
          <p>
            <a href={`${homeUrl}/login/forgot/`}>{t.t('site.login.forgot')}</a>
          </p>
        </section>
      )}
      {canRegister && (
        <section className="panel" aria-labelledby="signup-heading" id="signup">
          <h2 id="signup-heading">{t.t('site.login.signupHeading')}</h2>
          <form method="post" action={`${homeUrl}/signup/`}>
            {hidden}
            <p className="field">
              <label htmlFor="signup-name">{t.t('site.form.yourName')}</label>
              <input id="signup-name" name="name" required maxLength={200} autoComplete="name" />
            </p>
            <p className="field">
              <label htmlFor="signup-email">{t.t('site.form.email')}</label>
              <input id="signup-email" name="email" type="email" required maxLength={254} autoComplete="email" />
            </p>
            {method !== 'email_link' && <p>{t.t('site.login.signupHint')}</p>}
            <button type="submit">{t.t('site.login.createAccount')}</button>
          </form>
        </section>
      )}
    </Layout>
  );
}
