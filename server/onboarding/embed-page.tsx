import { Layout, type SiteFrame, siteFrame } from '../site/shared/layout.js';
import type { PublicAddressWarning } from './public-address.js';
import { PublicAddressNotice } from './public-address-notice.js';

export interface EmbedPageProps extends SiteFrame {
  snippet: string;
  saved: boolean;
  /** No account may be made for a new address: the widget turns new visitors away. */
  refusesNewVisitors?: boolean;
  /** The public address the snippet uses, when only this machine opens it or the browser came by another. */
  publicAddress?: PublicAddressWarning;
}

/** /admin/setup/embed/: the snippet to paste, a copy button, a page to try the widget, then the inbox. */
export function EmbedPage(props: EmbedPageProps) {
  const { homeUrl, snippet, saved, refusesNewVisitors, publicAddress, t } = props;
  return (
    <Layout {...siteFrame(props)} title={t.t('site.embed.title')}>
      <h1>{t.t('site.embed.title')}</h1>
      {saved && (
        <p role="status" className="notice">
          {t.t('site.embed.saved')}
        </p>
      )}
      <PublicAddressNotice warning={publicAddress ?? null} t={t} />
      {refusesNewVisitors && (
        <p className="notice warning">
          {t.rich('site.embed.refusesNew', { link: (chunks) => <a href={`${homeUrl}/admin/setup/`}>{chunks}</a> })}
        </p>
      )}
      <p>{t.t('site.embed.paste', { tag: '</body>' })}</p>
      <p className="field">
        <label htmlFor="embed-snippet">{t.t('site.embed.snippet')}</label>
        <textarea id="embed-snippet" className="snippet" readOnly rows={4} value={snippet} dir="ltr" />
      </p>
      <p>
        <button
          type="button"
          className="copy-button"
          data-copy-from="embed-snippet"
          data-copied={t.t('site.embed.copied')}
          data-copy-by-hand={t.t('site.embed.copyByHand')}
          hidden
        >
          {t.t('site.embed.copy')}
        </button>{' '}
        <span className="hint copy-status" role="status" />
      </p>
      <p>
        <a href={`${homeUrl}/admin/setup/try/`}>{t.t('site.embed.try')}</a> · <a href={`${homeUrl}/admin/`}>{t.t('site.embed.inbox')}</a>
      </p>
      <script src={`${homeUrl}/content/theme/copy-button.js`} defer />
    </Layout>
  );
}

/** /admin/setup/try/: a sample page with the widget, as a visitor will see it. */
export function TryWidgetPage(props: SiteFrame) {
  const { homeUrl, t } = props;
  return (
    <Layout {...siteFrame(props)} title={t.t('site.tryWidget.title')}>
      <h1>{t.t('site.tryWidget.title')}</h1>
      <p>
        {t.rich('site.tryWidget.text', {
          strong: (chunks) => <strong key="button">{chunks}</strong>,
          link: (chunks) => <a href={`${homeUrl}/admin/`}>{chunks}</a>,
        })}
      </p>
      {/* In the page's language, as on the help site: the owner tries the widget in the language they read the setup in. */}
      <script src={`${homeUrl}/helpdesk/tickets/embed/`} data-lang={t.language} async />
    </Layout>
  );
}
