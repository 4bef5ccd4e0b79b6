import { Layout } from './layout.js';

export function NotFoundPage({ siteName, homeUrl }: { siteName: string; homeUrl: string }) {
  return (
    <Layout siteName={siteName} homeUrl={homeUrl} title="Page not found">
      <h1>Page not found</h1>
      <p>
        Nothing is at this address. Go to the <a href={`${homeUrl}/`}>help site home</a>.
      </p>
    </Layout>
  );
}
