import type { Post } from '../../../domain/content/post-types.js';
import { markdown } from '../../../markdown/load-markdown.js';
import { Markdown } from '../../../markdown/markdown.js';
import { Layout, type LayoutProps } from '../../shared/layout.js';

type LayoutBase = Omit<LayoutProps, 'title' | 'children'>;

/** Plain text of a Markdown body, cut for a meta description. */
const excerptOf = (body: string) => {
  const text = markdown().markdownToText(body).replace(/\s+/g, ' ');
  return text.length > 160 ? `${text.slice(0, 159).trimEnd()}…` : text;
};

export function SearchForm({ homeUrl, value = '' }: { homeUrl: string; value?: string }) {
  return (
    <search>
      <form method="get" action={`${homeUrl}/docs/`} className="search-form">
        <label htmlFor="docs-search">Search the documentation</label>
        <input id="docs-search" name="s" type="search" defaultValue={value} maxLength={200} />
        <button type="submit">Search</button>
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
  const { homeUrl } = layout;
  const title = product ? `${product.title} documentation` : search ? `Search: ${search}` : 'Documentation';
  const base = product ? `${homeUrl}/docs/product/${encodeURIComponent(product.slug)}/` : `${homeUrl}/docs/`;
  const pageLink = (n: number) => `${base}?${new URLSearchParams({ ...(search && { s: search }), page: String(n) })}`;
  return (
    <Layout {...layout} title={title} description={product?.content.trim() ? excerptOf(product.content) : undefined}>
      <h1>{title}</h1>
      {/* A product's page opens with its description (Markdown, as docs). */}
      {product?.content.trim() && <Markdown text={product.content} className="prose markdown" />}
      <SearchForm homeUrl={homeUrl} value={search} />
      {docs.length === 0 ? (
        <p>{search ? 'Nothing matches your search.' : 'No documentation has been published yet.'}</p>
      ) : (
        <DocList homeUrl={homeUrl} docs={docs} />
      )}
      {(page > 1 || page * perPage < total) && (
        <nav aria-label="Pages" className="pager">
          {page > 1 && <a href={pageLink(page - 1)}>← Previous</a>}
          {page * perPage < total && <a href={pageLink(page + 1)}>Next →</a>}
        </nav>
      )}
    </Layout>
  );
}

/** One doc. */
export function DocPage({ layout, doc, product }: { layout: LayoutBase; doc: Post; product?: Post }) {
  return (
    <Layout {...layout} title={doc.title} description={doc.content.trim() ? excerptOf(doc.content) : undefined}>
      <p>
        <a href={`${layout.homeUrl}/docs/`}>Documentation</a>
        {product && (
          <>
            {' › '}
            <a href={`${layout.homeUrl}/docs/product/${encodeURIComponent(product.slug)}/`}>{product.title}</a>
          </>
        )}
      </p>
      <article>
        <h1>{doc.title}</h1>
        <Markdown text={doc.content} className="prose markdown" />
      </article>
      <p className="panel">
        Still stuck? <a href={`${layout.homeUrl}/tickets/new/`}>File a ticket</a>.
      </p>
    </Layout>
  );
}
