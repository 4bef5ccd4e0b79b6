import type { Post } from '../../../domain/content/post-types.js';
import { markdown } from '../../../markdown/load-markdown.js';
import { Markdown } from '../../../markdown/markdown.js';
import { Layout, type LayoutProps } from '../../shared/layout.js';
import { useSiteT } from '../../shared/site-translator.js';

type LayoutBase = Omit<LayoutProps, 'title' | 'children'>;

/** Plain text of a Markdown body, cut for a meta description. */
const excerptOf = (body: string) => {
  const text = markdown().markdownToText(body).replace(/\s+/g, ' ');
  return text.length > 160 ? `${text.slice(0, 159).trimEnd()}…` : text;
};

export function SearchForm({ homeUrl, value = '' }: { homeUrl: string; value?: string }) {
  const { t } = useSiteT();
  return (
    <search>
      <form method="get" action={`${homeUrl}/docs/`} className="search-form">
        <label htmlFor="docs-search">{t('site.docs.searchLabel')}</label>
        <input id="docs-search" name="s" type="search" defaultValue={value} maxLength={200} />
        <button type="submit">{t('site.docs.search')}</button>
      </form>
    </search>
  );
}

function DocList({ homeUrl, docs }: { homeUrl: string; docs: Post[] }) {
  return (
    <ul className="doc-list">
      {docs.map((d) => (
        <li key={d.id}>
          <a href={`${homeUrl}/docs/${encodeURIComponent(d.slug)}/`}>{d.title}</a>
        </li>
      ))}
    </ul>
  );
}

export interface DocsIndexProps {
  layout: LayoutBase;
  docs: Post[];
  total: number;
  page: number;
  perPage: number;
  search: string;
  /** Set on the docs-per-product page. */
  product?: Post;
}

/** /docs/ (with `?s=` search) and /docs/product/{slug}/. */
export function DocsIndexPage({ layout, docs, total, page, perPage, search, product }: DocsIndexProps) {
  const { homeUrl, t } = layout;
  const title = product
    ? t.t('site.docs.productTitle', { product: product.title })
    : search
      ? t.t('site.docs.searchTitle', { search })
      : t.t('site.docs.title');
  const base = product ? `${homeUrl}/docs/product/${encodeURIComponent(product.slug)}/` : `${homeUrl}/docs/`;
  const pageLink = (n: number) => `${base}?${new URLSearchParams({ ...(search && { s: search }), page: String(n) })}`;
  return (
    <Layout {...layout} title={title} description={product?.content.trim() ? excerptOf(product.content) : undefined}>
      <h1>{title}</h1>
      {/* A product's page opens with its description (Markdown, as docs). */}
      {product?.content.trim() && <Markdown text={product.content} className="prose markdown" />}
      <SearchForm homeUrl={homeUrl} value={search} />
      {docs.length === 0 ? <p>{search ? t.t('site.docs.noMatch') : t.t('site.docs.none')}</p> : <DocList homeUrl={homeUrl} docs={docs} />}
      {(page > 1 || page * perPage < total) && (
        <nav aria-label={t.t('site.docs.pages')} className="pager">
          {page > 1 && (
            <a href={pageLink(page - 1)} rel="prev">
              <span className="direction-icon" aria-hidden="true">
                ←
              </span>{' '}
              {t.t('site.docs.previous')}
            </a>
          )}
          {page * perPage < total && (
            <a href={pageLink(page + 1)} rel="next">
              {t.t('site.docs.next')}{' '}
              <span className="direction-icon" aria-hidden="true">
                →
              </span>
            </a>
          )}
        </nav>
      )}
    </Layout>
  );
}

/** One doc. */
export function DocPage({ layout, doc, product }: { layout: LayoutBase; doc: Post; product?: Post }) {
  const { t } = layout;
  return (
    <Layout {...layout} title={doc.title} description={doc.content.trim() ? excerptOf(doc.content) : undefined}>
      <p>
        <a href={`${layout.homeUrl}/docs/`}>{t.t('site.docs.title')}</a>
        {product && (
          <>
            {' '}
            <span className="direction-icon" aria-hidden="true">
              ›
            </span>{' '}
            <a href={`${layout.homeUrl}/docs/product/${encodeURIComponent(product.slug)}/`}>{product.title}</a>
          </>
        )}
      </p>
      <article>
        <h1>{doc.title}</h1>
        <Markdown text={doc.content} className="prose markdown" />
      </article>
      <p className="panel">
        {t.rich('site.docs.stillStuck', { link: (chunks) => <a href={`${layout.homeUrl}/tickets/new/`}>{chunks}</a> })}
      </p>
    </Layout>
  );
}
