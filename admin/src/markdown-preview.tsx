import { Markdown } from '../../common/markdown.js';

/** What the reader will see: the help site's and the mail's own renderer, shown under the editor as it is typed. */
export function MarkdownPreview({ text, id }: { text: string; id: string }) {
  return (
    <details className="markdown-preview" id={id}>
      <summary>Preview</summary>
      {text.trim() ? <Markdown text={text} className="markdown preview-body" /> : <p className="muted">Nothing written yet.</p>}
    </details>
  );
}
