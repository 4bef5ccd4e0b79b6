/**
 * Rendered Markdown's HTML in its block, the one element for it: the admin app renders the HTML at once
 * (common/markdown.tsx), the server's pages with the renderer they load on first use (server/markdown).
 * The HTML must come from `renderMarkdownToHtml`, which sanitises it.
 */
export function MarkdownBlock({ html, className = 'markdown' }: { html: string; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
