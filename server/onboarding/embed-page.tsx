import { Layout } from '../site/shared/layout.js';

export interface EmbedPageProps {
  siteName: string;
  homeUrl: string;
  snippet: string;
  saved: boolean;
  /** No account may be made for a new address: the widget turns new visitors away. */
  refusesNewVisitors?: boolean;
}

/** /admin/setup/embed/: the snippet to paste, a copy button, a page to try the widget, then the inbox. */
export function EmbedPage({ siteName, homeUrl, snippet, saved, refusesNewVisitors }: EmbedPageProps) {
  return (
    <Layout siteName={siteName} homeUrl={homeUrl} title="Add the widget to your site">
      <h1>Add the widget to your site</h1>
      {saved && (
        <p role="status" className="notice">
          Your setup was saved.
        </p>
      )}
      {refusesNewVisitors && (
        <p className="notice warning">
          Only people who already have an account can file tickets: the widget refuses every new address. To let new visitors ask for help,
          choose “Anyone” in <a href={`${homeUrl}/admin/setup/`}>the setup</a>.
        </p>
      )}
      <p>Paste this line into every page of your site where visitors should be able to ask for help, just before &lt;/body&gt;:</p>
      <p className="field">
        <label htmlFor="embed-snippet">Embed snippet</label>
        <textarea id="embed-snippet" className="snippet" readOnly rows={2} value={snippet} />
      </p>
      <p>
        <button type="button" className="copy-button" data-copy-from="embed-snippet" hidden>
          Copy the snippet
        </button>{' '}
        <span className="hint copy-status" role="status" />
      </p>
      <p>
        <a href={`${homeUrl}/admin/setup/try/`}>Try the widget on a sample page</a> · <a href={`${homeUrl}/admin/`}>Go to the inbox</a>
      </p>
      <script src={`${homeUrl}/content/theme/copy-button.js`} defer />
    </Layout>
  );
}

/** /admin/setup/try/: a sample page with the widget, as a visitor will see it. */
export function TryWidgetPage({ siteName, homeUrl }: { siteName: string; homeUrl: string }) {
  return (
    <Layout siteName={siteName} homeUrl={homeUrl} title="Try the widget">
      <h1>Try the widget</h1>
      <p>
        This page carries the embed snippet. Open <strong>Need Help?</strong> at the bottom right, file a test ticket; it shows up in{' '}
        <a href={`${homeUrl}/admin/`}>the inbox</a>.
      </p>
      <script src={`${homeUrl}/helpdesk/tickets/embed/`} async />
    </Layout>
  );
}
