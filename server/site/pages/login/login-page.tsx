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
  const { homeUrl, method, canRegister, csrf, notice, returnTo } = props;
  const hidden = (
    <>
      <input type="hidden" name="_csrf" value={csrf} />
      <input type="hidden" name="return_to" value={returnTo} />
    </>
  );
  return (
    <Layout {...siteFrame(props)} title="Sign in">
      <h1>Sign in</h1>
      <Notice code={notice} />
      {method !== 'password' && (
        <section className="panel" aria-labelledby="link-heading">
          <h2 id="link-heading">Get a sign-in link</h2>
          <form method="post" action={`${homeUrl}/login/link/`}>
            {hidden}
            <p className="field">
              <label htmlFor="link-email">Email</label>
              <input id="link-email" name="email" type="email" required maxLength={254} autoComplete="email" />
            </p>
            <button type="submit">Email me a link</button>
          </form>
        </section>
      )}
      {method !== 'email_link' && (
        <section className="panel" aria-labelledby="password-heading">
          <h2 id="password-heading">Sign in with your password</h2>
          <form method="post" action={`${homeUrl}/login/`}>
            {hidden}
            <p className="field">
              <label htmlFor="login-email">Email</label>
              <input id="login-email" name="email" type="email" required maxLength={254} autoComplete="username" />
            </p>
            <p className="field">
              <label htmlFor="login-password">Password</label>
              <input id="login-password" name="password" type="password" required maxLength={200} autoComplete="current-password" />
            </p>
            <button type="submit">Sign in</button>
          </form>
          <p>
            <a href={`${homeUrl}/login/forgot/`}>Forgot password?</a>
          </p>
        </section>
      )}
      {canRegister && (
        <section className="panel" aria-labelledby="signup-heading" id="signup">
          <h2 id="signup-heading">New here? Create an account</h2>
          <form method="post" action={`${homeUrl}/signup/`}>
            {hidden}
            <p className="field">
              <label htmlFor="signup-name">Your name</label>
              <input id="signup-name" name="name" required maxLength={200} autoComplete="name" />
            </p>
            <p className="field">
              <label htmlFor="signup-email">Email</label>
              <input id="signup-email" name="email" type="email" required maxLength={254} autoComplete="email" />
            </p>
            {method !== 'email_link' && <p>We mail you a link to confirm the address; you choose your password there.</p>}
            <button type="submit">Create account</button>
          </form>
        </section>
      )}
    </Layout>
  );
}
