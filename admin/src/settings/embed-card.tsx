import { PAGE_API_STUB } from '../../../common/page-api-stub.js';
import { homeUrl } from '../api/api.js';
import { useT } from '../i18n/i18n.js';

/**
 * Settings → General's embed snippet with a copy button, and links to try the widget and to the setup; below it, the
 * page API's queue line (issue 38) for pages that drive the widget themselves.
 */
export function EmbedCard({ say }: { say: (status: string) => void }) {
  const { t } = useT();
  const snippet = `<script src="${homeUrl}/helpdesk/tickets/embed/" async></script>`;
  const copy = async () => {
    await navigator.clipboard.writeText(snippet).then(
      () => say(t('settings.embed.copied')),
      () => say(t('settings.embed.copy_by_hand')),
    );
  };
  return (
    <section className="card editor" aria-labelledby="embed-heading">
      <h2 id="embed-heading">{t('settings.embed.title')}</h2>
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
