import type { Post } from '../../domain/post.js';
import { Layout } from './layout.js';

export function HomePage({ siteName, homeUrl, docs, products }: { siteName: string; homeUrl: string; docs: Post[]; products: Post[] }) {
  return (
    <Layout siteName={siteName} homeUrl={homeUrl} title={siteName}>
      <h1>How can we help?</h1>
      {products.length > 0 && (
        <section aria-labelledby="products-heading">
          <h2 id="products-heading">Products</h2>
          <ul>
            {products.map((p) => (
              <li key={p.id}>{p.title}</li>
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
              <li key={d.id}>{d.title}</li>
            ))}
          </ul>
        )}
      </section>
      <p>
        Need more help? Use the <strong>Need Help?</strong> button to file a ticket.
      </p>
      <script src={`${homeUrl}/helpdesk/tickets/embed/`} async />
    </Layout>
  );
}
