import { markdown } from './load-markdown.js';

/**
 * common/markdown.tsx for the server's pages: the same element from the same renderer and sanitiser, read
 * from the lazily loaded module (the page's handler awaits `loadMarkdown()` before rendering).
 */
export function Markdown({ text, className = 'markdown' }: { text: string; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: markdown().renderMarkdownToHtml(text) }} />;
}
