import { useState } from 'react';
import { Markdown } from '../../../common/markdown.js';
import { useT } from '../i18n/i18n.js';

/** What the reader will see: the help site's and the mail's own renderer, shown under the editor on demand. */
export function MarkdownPreview({ text, id }: { text: string; id: string }) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  return (
    <div className="markdown-preview">
      <button type="button" className="button-quiet" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {open ? t('admin.preview.hide') : t('admin.preview.show')}
      </button>
      <div id={id} hidden={!open}>
        {text.trim() ? <Markdown text={text} className="markdown preview-body" /> : <p className="muted">{t('admin.preview.empty')}</p>}
      </div>
    </div>
  );
}
