import { MarkdownBlock } from './markdown-block.js';
import { renderMarkdownToHtml } from './render-markdown.js';

/**
 * Markdown as a React element: the HTML comes from the one renderer and sanitiser
 * (`renderMarkdownToHtml`), so the help site, the admin app and its previews show the same thing.
 */
export function Markdown({ text, className }: { text: string; className?: string }) {
  return <MarkdownBlock html={renderMarkdownToHtml(text)} className={className} />;
}
