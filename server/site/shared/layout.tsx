import type { ReactNode } from 'react';
import { LANGUAGE_NAMES, SHIPPED_LANGUAGES } from '../../../common/i18n/languages.js';
import type { Translator } from '../../../common/i18n/translator.js';
import { brandStylesheetUrl } from '../brand-stylesheet.js';
import { SiteTranslator } from './site-translator.js';

export interface LayoutProps {
  siteName: string;
  homeUrl: string;
  /** The reader's language and zone (siteTranslator): the page's words, `<html lang dir>` and its times. */
  t: Translator;
  /** The path (and query, less `lang`) of this page, for the language menu to come back to. */
  pagePath?: string;
  title: string;
  children: ReactNode;
  /** The signed-in client's name and the CSRF token of the sign-out form; absent when signed out. */
  account?: { name: string; csrf: string; isStaff?: boolean };
  /** The owner's logo, shown before the site name; absent without one. */
  logoUrl?: string;
  /** The owner's colour, naming the current brand sheet; absent, the sheet is fetched without a version (no-cache). */
  brandColor?: string;
  /** The page's meta description (search results, link previews); a default names the site. */
  description?: string;
}

/** What a page's header shows of the site: its name and address, the owner's logo and colour, the reader's language. */
export type SiteFrame = Pick<LayoutProps, 'siteName' | 'homeUrl' | 'logoUrl' | 'brandColor' | 't' | 'pagePath'>;

/** The site's part of a page's props, for its Layout (a page's other props never reach the header). */
export const siteFrame = ({ siteName, homeUrl, logoUrl, brandColor, t, pagePath }: SiteFrame): SiteFrame => ({
  siteName,
  homeUrl,
  logoUrl,
  brandColor,
  t,
  pagePath,
});

/** The one theme every help-site page renders inside: header with the site name, navigation, main. */
export function Layout({ siteName, homeUrl, t, pagePath, title, children, account, description, logoUrl, brandColor }: LayoutProps) {
  const fullTitle = title === siteName ? siteName : t.t('site.layout.title', { title, site: siteName });
  return (
    <html lang={t.language} dir={t.dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{fullTitle}</title>
        <meta name="description" content={description ?? t.t('site.layout.description', { title: fullTitle })} />
        <link rel="icon" href={`${homeUrl}/content/theme/favicon.svg`} type="image/svg+xml" />
        <link rel="stylesheet" href={`${homeUrl}/content/theme/style.css`} />
        <link rel="stylesheet" href={brandStylesheetUrl(homeUrl, brandColor)} />
      </head>
      <body>
        <SiteTranslator.Provider value={t}>
          <header className="site-header">
            <a className="site-name" href={`${homeUrl}/`}>
              {logoUrl && <img className="site-logo" src={logoUrl} alt="" />}
              <bdi>{siteName}</bdi>
            </a>
            <nav className="site-nav" aria-label={t.t('site.layout.nav')}>
              <a href={`${homeUrl}/tickets/`}>{t.t('site.layout.myTickets')}</a>
              <a href={`${homeUrl}/tickets/new/`}>{t.t('site.layout.newTicket')}</a>
              {account?.isStaff && <a href={`${homeUrl}/admin/`}>{t.t('site.layout.admin')}</a>}
              {account ? (
                <form method="post" action={`${homeUrl}/logout/`} className="inline-form">
                  <input type="hidden" name="_csrf" value={account.csrf} />
                  <button type="submit" className="link-button">
                    {t.rich('site.layout.signOut', { name: account.name, bdi: (chunks) => <bdi key="name">{chunks}</bdi> })}
                  </button>
                </form>
              ) : (
                <a href={`${homeUrl}/login/`}>{t.t('site.layout.signIn')}</a>
              )}
            </nav>
          </header>
          <main className="site-main">{children}</main>
          <footer className="site-footer">
            <LanguageMenu homeUrl={homeUrl} t={t} pagePath={pagePath} csrf={account?.csrf} />
          </footer>
        </SiteTranslator.Provider>
      </body>
    </html>
  );
}

/**
 * The language menu: a plain form, so it works without JavaScript. Signed in, it posts (with the CSRF token) and
 * the choice is saved on the account too; signed out, it is a GET that only sets the cookie. The pseudo-locale is
 * not listed: a tester asks for it by `?lang=en-XA`.
 */
function LanguageMenu({ homeUrl, t, pagePath, csrf }: { homeUrl: string; t: Translator; pagePath?: string; csrf?: string }) {
  return (
    <form method={csrf ? 'post' : 'get'} action={`${homeUrl}/language/`} className="language-menu">
      {csrf && <input type="hidden" name="_csrf" value={csrf} />}
      {pagePath && <input type="hidden" name="return_to" value={pagePath} />}
      <label htmlFor="site-language">{t.t('site.layout.language')}</label>{' '}
      <select id="site-language" name="language" defaultValue={t.language}>
        {SHIPPED_LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>{' '}
      <button type="submit" className="secondary">
        {t.t('site.layout.changeLanguage')}
      </button>
    </form>
  );
}
