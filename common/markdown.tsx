import { renderMarkdownToHtml } from './render-markdown.js';

/**
 * Markdown as a React element: the HTML comes from the one renderer and sanitiser
 * (`renderMarkdownToHtml`), so the help site, the admin app and its previews show the same thing.
 */
export function Markdown({ text, className = 'markdown' }: { text: string; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: renderMarkdownToHtml(text) }} />;
}
