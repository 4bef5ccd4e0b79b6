import type { ReactNode } from 'react';

export interface LayoutProps {
  siteName: string;
  homeUrl: string;
  title: string;
  children: ReactNode;
}

/** The one theme every help-site page renders inside. */
export function Layout({ siteName, homeUrl, title, children }: LayoutProps) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title === siteName ? siteName : `${title} · ${siteName}`}</title>
        <link rel="stylesheet" href={`${homeUrl}/content/theme/style.css`} />
      </head>
      <body>
        <header className="site-header">
          <a className="site-name" href={`${homeUrl}/`}>
            {siteName}
          </a>
        </header>
        <main className="site-main">{children}</main>
      </body>
    </html>
  );
}
