import { homeUrl } from '../api/api.js';
import { useT } from '../i18n/i18n.js';

/** Settings → General's embed snippet with a copy button, and links to try the widget and to the setup. */
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
