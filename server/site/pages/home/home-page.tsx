import type { Post } from '../../../domain/content/post-types.js';
import { Layout, type LayoutProps, type SiteFrame, siteFrame } from '../../shared/layout.js';
import { SearchForm } from '../docs/docs-pages.js';

export function HomePage(
  props: SiteFrame & {
    docs: Post[];
    products: Post[];
    account?: LayoutProps['account'];
    /** The words on the widget's button, as the widget shows them in this language. */
    launcher: string;
  },
) {
  const { homeUrl, docs, products, account, t, launcher } = props;
  return (
    <Layout {...siteFrame(props)} title={props.siteName} account={account}>
      <h1>{t.t('site.home.heading')}</h1>
      <SearchForm homeUrl={homeUrl} />
      <p className="actions">
        <a className="button-link" href={`${homeUrl}/tickets/new/`}>
          {t.t('site.layout.newTicket')}
        </a>
        <a className="button-link secondary" href={`${homeUrl}/tickets/`}>
          {t.t('site.layout.myTickets')}
        </a>
      </p>
      {products.length > 0 && (
        <section aria-labelledby="products-heading">
          <h2 id="products-heading">{t.t('site.home.products')}</h2>
          <ul>
            {products.map((p) => (
              <li key={p.id}>
                <a href={`${homeUrl}/docs/product/${encodeURIComponent(p.slug)}/`}>{p.title}</a>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="docs-heading">
        <h2 id="docs-heading">{t.t('site.docs.title')}</h2>
        {docs.length === 0 ? (
          <p>{t.t('site.docs.none')}</p>
        ) : (
          <ul>
            {docs.map((d) => (
              <li key={d.id}>
                <a href={`${homeUrl}/docs/${encodeURIComponent(d.slug)}/`}>{d.title}</a>
              </li>
            ))}
          </ul>
        )}
        <p>
          <a href={`${homeUrl}/docs/`}>{t.t('site.home.allDocs')}</a>
        </p>
      </section>
      <p>
        {t.rich('site.home.moreHelp', {
          button: launcher,
          strong: (chunks) => (
            <strong>
              <bdi>{chunks}</bdi>
            </strong>
          ),
        })}
      </p>
      {/* The widget speaks the page's language (the one this request chose, en-XA included), not the browser's. */}
      <script src={`${homeUrl}/helpdesk/tickets/embed/`} data-lang={t.language} async />
    </Layout>
  );
}
