import './settings-notices.css';
import { PAGE_API_STUB } from '../../../common/page-api-stub.js';
import { homeUrl, type ResponseOf } from '../api/api.js';
import { useApi } from '../api/use-api.js';
import { useT } from '../i18n/i18n.js';

/**
 * Settings → General's embed snippet with a copy button, and links to try the widget and to the setup; below it, the
 * page API's queue line (issue 38) for pages that drive the widget themselves. The snippet uses the public address
 * (HELPDESK_HOME_URL), as mails do; a warning says so when only the server opens it or the browser came by another.
 */
export function EmbedCard({ say }: { say: (status: string) => void }) {
  const { t } = useT();
  const { data: address } = useApi<ResponseOf<'getPublicAddress'>>('/settings/public-address');
  const publicUrl = address?.url ?? homeUrl;
  const snippet = `<script src="${publicUrl}/helpdesk/tickets/embed/" async></script>`;
  const browser = new URL(homeUrl).origin;
  const warning = !address
    ? null
    : address.is_local
      ? t('settings.embed.address_local', { url: address.url, name: address.env_name })
      : new URL(address.url).origin !== browser
        ? t('settings.embed.address_differs', { url: address.url, browser, name: address.env_name })
        : null;
  const copy = async () => {
    await navigator.clipboard.writeText(snippet).then(
      () => say(t('settings.embed.copied')),
      () => say(t('settings.embed.copy_by_hand')),
    );
  };
  return (
    <section className="card editor" aria-labelledby="embed-heading">
      <h2 id="embed-heading">{t('settings.embed.title')}</h2>
      {warning && (
        <p className="notice warning" id="public-address-warning">
          {warning}
        </p>
      )}
      <label htmlFor="embed-snippet">{t('settings.embed.paste')}</label>
      <textarea id="embed-snippet" dir="ltr" readOnly rows={2} value={snippet} />
      <label htmlFor="embed-page-api">{t('settings.embed.page_api')}</label>
      <textarea
        id="embed-page-api"
        dir="ltr"
        readOnly
        rows={3}
        value={`<script>${PAGE_API_STUB}</script>`}
        aria-describedby="embed-page-api-note"
      />
      <p id="embed-page-api-note" className="muted">
        {t('settings.embed.page_api_note')}
      </p>
      <div className="form-actions">
        <button type="button" onClick={copy}>
          {t('settings.embed.copy')}
        </button>
        <a href={`${homeUrl}/admin/setup/try/`}>{t('settings.embed.try')}</a>
        <a href={`${homeUrl}/admin/setup/`}>{t('settings.embed.setup')}</a>
      </div>
    </section>
  );
}
