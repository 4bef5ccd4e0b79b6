import { Layout, type SiteFrame, siteFrame } from '../../shared/layout.js';

interface Props extends SiteFrame {
  token?: string;
  error?: string;
}

/** The page behind the one-time link printed at first start: becomes the first administrator (then the setup). */
export function FirstAdminPage(props: Props) {
  const { homeUrl, token, error, t } = props;
  if (!token) {
    return (
      <Layout {...siteFrame(props)} title={t.t('site.link.expiredTitle')}>
        <h1>{t.t('site.firstAdmin.deadHeading')}</h1>
        <p>
          {error ?? t.t('site.firstAdmin.usedOrExpired')} {t.t('site.firstAdmin.restart')}
        </p>
      </Layout>
    );
  }
  return (
    <Layout {...siteFrame(props)} title={t.t('site.firstAdmin.title')}>
      <h1>{t.t('site.firstAdmin.title')}</h1>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <form method="post" action={`${homeUrl}/login/first-admin/`}>
        <input type="hidden" name="token" value={token} />
        <p>
          <label htmlFor="name">{t.t('site.form.yourName')}</label>
          <input id="name" name="name" required maxLength={200} autoComplete="name" />
        </p>
        <p>
          <label htmlFor="email">{t.t('site.firstAdmin.email')}</label>
          <input id="email" name="email" type="email" required maxLength={254} autoComplete="email" />
        </p>
        <p>
          <label htmlFor="password">{t.t('site.firstAdmin.password')}</label>
          <input id="password" name="password" type="password" required minLength={10} maxLength={200} autoComplete="new-password" />
        </p>
        <button type="submit">{t.t('site.firstAdmin.button')}</button>
      </form>
    </Layout>
  );
}
