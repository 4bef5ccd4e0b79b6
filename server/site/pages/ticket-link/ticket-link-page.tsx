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
  const { homeUrl, state, token, csrf, notice } = props;
  if (state === 'valid') {
    return (
      <Layout {...siteFrame(props)} title="Open your ticket">
        <h1>Open your ticket</h1>
        <p>Use the button to sign in and read your ticket.</p>
        <form method="post" action={`${homeUrl}/login/ticket/`}>
          <input type="hidden" name="_csrf" value={csrf} />
          <input type="hidden" name="token" value={token} />
          <button type="submit">Sign in and open the ticket</button>
        </form>
      </Layout>
    );
  }
  if (state === 'unknown') {
    return (
      <Layout {...siteFrame(props)} title="Link not valid">
        <h1>This link is not valid</h1>
        <p>
          Check that the whole link was copied, or <a href={`${homeUrl}/login/`}>ask for a new sign-in link</a>.
        </p>
      </Layout>
    );
  }
  return (
    <Layout {...siteFrame(props)} title="Link expired">
      <h1>{state === 'used' ? 'This link was already used' : 'This link has expired'}</h1>
      <Notice code={notice} />
      <p>Each link works once and for a limited time. We can send a fresh one to the address it was sent to.</p>
      <form method="post" action={`${homeUrl}/login/fresh-link/`}>
        <input type="hidden" name="_csrf" value={csrf} />
        <input type="hidden" name="token" value={token} />
        <button type="submit">Send me a fresh link</button>
      </form>
    </Layout>
  );
}
