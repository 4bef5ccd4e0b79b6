import type { Post } from '../../../domain/content/post-types.js';
import { Layout, type LayoutProps } from '../../shared/layout.js';
import { SearchForm } from '../docs/docs-pages.js';

export function HomePage({
  siteName,
  logoUrl,
  brandColor,
  homeUrl,
  docs,
  products,
  account,
}: {
  siteName: string;
  logoUrl?: string;
  brandColor?: string;
  homeUrl: string;
  docs: Post[];
  products: Post[];
  account?: LayoutProps['account'];
}) {
  return (
    <Layout siteName={siteName} logoUrl={logoUrl} brandColor={brandColor} homeUrl={homeUrl} title={siteName} account={account}>
      <h1>How can we help?</h1>
      <SearchForm homeUrl={homeUrl} />
      <p className="actions">
        <a className="button-link" href={`${homeUrl}/tickets/new/`}>
          New ticket
        </a>
        <a className="button-link secondary" href={`${homeUrl}/tickets/`}>
          My tickets
        </a>
      </p>
      {products.length > 0 && (
        <section aria-labelledby="products-heading">
          <h2 id="products-heading">Products</h2>
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
        <h2 id="docs-heading">Documentation</h2>
        {docs.length === 0 ? (
          <p>No documentation has been published yet.</p>
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
          <a href={`${homeUrl}/docs/`}>All documentation</a>
        </p>
      </section>
      <p>
        Need more help? Use the <strong>Need Help?</strong> button to file a ticket.
      </p>
      <script src={`${homeUrl}/helpdesk/tickets/embed/`} async />
    </Layout>
  );
}
