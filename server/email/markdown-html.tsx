import { renderToStaticMarkup } from 'react-dom/server';
import { Markdown } from '../../common/markdown.js';

/**
 * An agent's Markdown as mail HTML: the same safe subset as the admin app (React escapes all text,
 * raw HTML stays text, only http(s) and mailto links). Used for staff-written text only: a client's
 * words are never turned into links in the helpdesk's own mail.
 */
export function markdownHtml(text: string): string {
  return renderToStaticMarkup(<Markdown text={text} />);
}
