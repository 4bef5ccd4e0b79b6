import { homeUrl } from '../api/api.js';

/** Settings → General's embed snippet with a copy button, and links to try the widget and to the setup. */
export function EmbedCard({ say }: { say: (status: string) => void }) {
  const snippet = `<script src="${homeUrl}/helpdesk/tickets/embed/" async></script>`;
  const copy = async () => {
    await navigator.clipboard.writeText(snippet).then(
      () => say('Snippet copied.'),
      () => say('Select the snippet and copy it with Ctrl+C.'),
    );
  };
  return (
    <section className="card editor" aria-labelledby="embed-heading">
      <h2 id="embed-heading">Embed the widget</h2>
      <label htmlFor="embed-snippet">Paste this line into the pages of your site</label>
      <textarea id="embed-snippet" readOnly rows={2} value={snippet} />
      <div className="form-actions">
        <button type="button" onClick={copy}>
          Copy the snippet
        </button>
        <a href={`${homeUrl}/admin/setup/try/`}>Try the widget</a>
        <a href={`${homeUrl}/admin/setup/`}>Run the setup again</a>
      </div>
    </section>
  );
}
