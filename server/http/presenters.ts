import type { TermRow } from '../db/tables.js';
import type { Post } from '../domain/post.js';

// Presenters whitelist what leaves the server; the schemas in *.schema.ts describe the same shapes.

export function presentProductOption(post: Post) {
  return { id: post.id, name: post.title, slug: post.slug };
}

export function presentTermOption(term: TermRow) {
  // A status's client label goes to its editors only (the public lists are reasons and urgencies).
  return { id: term.id, name: term.name, slug: term.slug, ...(term.taxonomy === 'ticket_status' && { client_label: term.client_label }) };
}

export function presentDoc(post: Post, homeUrl: string) {
  return {
    id: post.id,
    title: post.title,
    slug: post.slug,
    excerpt: excerpt(post.content),
    link: `${homeUrl}/docs/${encodeURIComponent(post.slug)}/`,
    product: post.productId,
    modified: post.updatedAt,
  };
}

export function presentPost(post: Post) {
  return {
    id: post.id,
    type: post.type,
    status: post.status,
    title: post.title,
    content: post.content,
    slug: post.slug,
    product: post.productId,
    menu_order: post.menuOrder,
    created: post.createdAt,
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
