import { Layout, type SiteFrame, siteFrame } from './layout.js';

export function NotFoundPage(props: SiteFrame) {
  const { t } = props;
  return (
    <Layout {...siteFrame(props)} title={t.t('site.notFound.title')}>
      <h1>{t.t('site.notFound.title')}</h1>
      <p>{t.rich('site.notFound.text', { link: (chunks) => <a href={`${props.homeUrl}/`}>{chunks}</a> })}</p>
    </Layout>
  );
}
