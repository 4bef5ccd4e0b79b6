import type { Post } from '../../../domain/content/post-types.js';
import { snippetParts } from '../../../domain/search/snippet-parts.js';

// The public doc lists' whitelist: a published doc's title, link and excerpt, never its whole content.

export function presentDoc(post: Post, homeUrl: string) {
  return {
    id: post.id,
    title: post.title,
    slug: post.slug,
    excerpt: excerpt(post.content),
    link: docLink(homeUrl, post.slug),
    product: post.productId,
    modified: post.updatedAt,
  };
}

/** Plain text of the first ~200 characters; docs content is Markdown or text. */
function excerpt(content: string): string {
  // Only the head matters; cleaning a whole long doc on every list request is wasted work.
  const text = content
    .slice(0, 1000)
    .replace(/<[^>]*>/g, ' ')
    .replace(/[#*_`>[\]]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 200 ? `${text.slice(0, 199).trimEnd()}…` : text;
}

/** A doc's address on the help site. */
export function docLink(homeUrl: string, slug: string): string {
  return `${homeUrl}/docs/${encodeURIComponent(slug)}/`;
}

// The head of a doc that a snippet is looked for in: a match further down still suggests the doc, shown by its
// opening lines; cleaning a whole manual per suggestion would cost more than the search.
const SNIPPET_SOURCE_CHARS = 20_000;
const SNIPPET_FALLBACK_CHARS = 160;

/**
 * A widget suggestion: title, link and a plain-text snippet around the first of the visitor's words (or the
 * doc's opening when the match is only by stem, in the title say). Never markup: the widget shows it as text.
 */
export function presentDocSuggestion(post: Post, words: string[], homeUrl: string) {
  const text = markdownAsText(post.content.slice(0, SNIPPET_SOURCE_CHARS));
  const parts = snippetParts(
    text,
    words.map((word) => [word]),
  );
  let snippet = parts ? parts.map((part) => part.text).join('') : text;
  if (!parts && snippet.length > SNIPPET_FALLBACK_CHARS) snippet = `${snippet.slice(0, SNIPPET_FALLBACK_CHARS - 1).trimEnd()}…`;
  return { id: post.id, title: post.title, snippet, link: docLink(homeUrl, post.slug) };
}

/** Markdown read as words: links as their text, marks, tags and code fences dropped, spaces collapsed. */
function markdownAsText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]*>/g, ' ')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '')
    .replace(/[*_`~|]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
