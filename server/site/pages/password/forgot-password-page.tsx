import { Layout, type SiteFrame, siteFrame } from '../../shared/layout.js';
import { Notice } from '../../shared/notices.js';

export interface ForgotPasswordPageProps extends SiteFrame {
  csrf: string;
  notice: string | null;
}

/** "Forgot password?": asks for the address to mail a reset link to (clients, agents and admins alike). */
export function ForgotPasswordPage(props: ForgotPasswordPageProps) {
  const { homeUrl, csrf, notice } = props;
  return (
    <Layout {...siteFrame(props)} title="Forgot password">
      <h1>Forgot your password?</h1>
      <Notice code={notice} />
      <p>Enter the email address of your account. We mail you a link to choose a new password.</p>
      <form method="post" action={`${homeUrl}/login/forgot/`}>
        <input type="hidden" name="_csrf" value={csrf} />
        <p className="field">
          <label htmlFor="forgot-email">Email</label>
          <input id="forgot-email" name="email" type="email" required maxLength={254} autoComplete="email" />
        </p>
        <button type="submit">Email me a reset link</button>
      </form>
      <p>
        <a href={`${homeUrl}/login/`}>Back to sign in</a>
      </p>
    </Layout>
  );
}
