import { Layout, type SiteFrame, siteFrame } from './layout.js';

export function NotFoundPage(props: SiteFrame) {
  return (
    <Layout {...siteFrame(props)} title="Page not found">
      <h1>Page not found</h1>
      <p>
        Nothing is at this address. Go to the <a href={`${props.homeUrl}/`}>help site home</a>.
      </p>
    </Layout>
  );
}
