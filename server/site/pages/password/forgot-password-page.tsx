import { Layout, type SiteFrame, siteFrame } from '../../shared/layout.js';
import { Notice } from '../../shared/notices.js';

export interface ForgotPasswordPageProps extends SiteFrame {
  csrf: string;
  notice: string | null;
}

/** "Forgot password?": asks for the address to mail a reset link to (clients, agents and admins alike). */
export function ForgotPasswordPage(props: ForgotPasswordPageProps) {
  const { homeUrl, csrf, notice, t } = props;
  return (
    <Layout {...siteFrame(props)} title={t.t('site.forgot.title')}>
      <h1>{t.t('site.forgot.heading')}</h1>
      <Notice code={notice} />
      <p>{t.t('site.forgot.text')}</p>
      <form method="post" action={`${homeUrl}/login/forgot/`}>
        <input type="hidden" name="_csrf" value={csrf} />
        <p className="field">
          <label htmlFor="forgot-email">{t.t('site.form.email')}</label>
          <input id="forgot-email" name="email" type="email" required maxLength={254} autoComplete="email" />
        </p>
        <button type="submit">{t.t('site.forgot.button')}</button>
      </form>
      <p>
        <a href={`${homeUrl}/login/`}>{t.t('site.forgot.back')}</a>
      </p>
    </Layout>
  );
}
