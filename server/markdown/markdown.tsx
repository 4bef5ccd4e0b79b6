import { MarkdownBlock } from '../../common/markdown-block.js';
import { markdown } from './load-markdown.js';

/**
 * common/markdown.tsx for the server's pages: the same element from the same renderer and sanitiser, read
 * from the lazily loaded module (the page's handler awaits `loadMarkdown()` before rendering).
 */
export function Markdown({ text, className }: { text: string; className?: string }) {
  return <MarkdownBlock html={markdown().renderMarkdownToHtml(text)} className={className} />;
}
