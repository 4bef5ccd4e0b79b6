import { Layout, type SiteFrame, siteFrame } from '../../shared/layout.js';
import { Notice } from '../../shared/notices.js';

export interface TicketLinkPageProps extends SiteFrame {
  state: 'valid' | 'used' | 'expired' | 'unknown';
  token: string;
  csrf: string;
  notice: string | null;
}

/**
 * The page behind the link in a client's mail. Opening it changes nothing (mail scanners prefetch
 * links); the button signs in. A used or expired link offers a fresh one.
 */
export function TicketLinkPage(props: TicketLinkPageProps) {
  const { homeUrl, state, token, csrf, notice, t } = props;
  if (state === 'valid') {
    return (
      <Layout {...siteFrame(props)} title={t.t('site.ticketLink.openTitle')}>
        <h1>{t.t('site.ticketLink.openTitle')}</h1>
        <p>{t.t('site.ticketLink.openText')}</p>
        <form method="post" action={`${homeUrl}/login/ticket/`}>
          <input type="hidden" name="_csrf" value={csrf} />
          <input type="hidden" name="token" value={token} />
          <button type="submit">{t.t('site.ticketLink.openButton')}</button>
        </form>
      </Layout>
    );
  }
  if (state === 'unknown') {
    return (
      <Layout {...siteFrame(props)} title={t.t('site.link.invalidTitle')}>
        <h1>{t.t('site.link.invalidHeading')}</h1>
        <p>{t.rich('site.ticketLink.invalidText', { link: (chunks) => <a href={`${homeUrl}/login/`}>{chunks}</a> })}</p>
      </Layout>
    );
  }
  return (
    <Layout {...siteFrame(props)} title={t.t('site.link.expiredTitle')}>
      <h1>{state === 'used' ? t.t('site.link.usedHeading') : t.t('site.link.expiredHeading')}</h1>
      <Notice code={notice} />
      <p>{t.t('site.ticketLink.freshText')}</p>
      <form method="post" action={`${homeUrl}/login/fresh-link/`}>
        <input type="hidden" name="_csrf" value={csrf} />
        <input type="hidden" name="token" value={token} />
        <button type="submit">{t.t('site.ticketLink.freshButton')}</button>
      </form>
    </Layout>
  );
}
