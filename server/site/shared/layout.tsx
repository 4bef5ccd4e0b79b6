import type { ReactNode } from 'react';
import { brandStylesheetUrl } from '../brand-stylesheet.js';

export interface LayoutProps {
  siteName: string;
  homeUrl: string;
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

/** What a page's header shows of the site: its name and address, the owner's logo and colour. */
export type SiteFrame = Pick<LayoutProps, 'siteName' | 'homeUrl' | 'logoUrl' | 'brandColor'>;

/** The site's part of a page's props, for its Layout (a page's other props never reach the header). */
export const siteFrame = ({ siteName, homeUrl, logoUrl, brandColor }: SiteFrame): SiteFrame => ({ siteName, homeUrl, logoUrl, brandColor });

/** The one theme every help-site page renders inside: header with the site name, navigation, main. */
export function Layout({ siteName, homeUrl, title, children, account, description, logoUrl, brandColor }: LayoutProps) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title === siteName ? siteName : `${title} · ${siteName}`}</title>
        <meta
          name="description"
          content={description ?? `${title === siteName ? siteName : `${title} · ${siteName}`}: help and support.`}
        />
        <link rel="icon" href={`${homeUrl}/content/theme/favicon.svg`} type="image/svg+xml" />
        <link rel="stylesheet" href={`${homeUrl}/content/theme/style.css`} />
        <link rel="stylesheet" href={brandStylesheetUrl(homeUrl, brandColor)} />
      </head>
      <body>
        <header className="site-header">
          <a className="site-name" href={`${homeUrl}/`}>
            {logoUrl && <img className="site-logo" src={logoUrl} alt="" />}
            {siteName}
          </a>
          <nav className="site-nav" aria-label="Main">
            <a href={`${homeUrl}/tickets/`}>My tickets</a>
            <a href={`${homeUrl}/tickets/new/`}>New ticket</a>
            {account?.isStaff && <a href={`${homeUrl}/admin/`}>Admin</a>}
            {account ? (
              <form method="post" action={`${homeUrl}/logout/`} className="inline-form">
                <input type="hidden" name="_csrf" value={account.csrf} />
                <button type="submit" className="link-button">
                  Sign out ({account.name})
                </button>
              </form>
            ) : (
              <a href={`${homeUrl}/login/`}>Sign in</a>
            )}
          </nav>
        </header>
        <main className="site-main">{children}</main>
      </body>
    </html>
  );
}
