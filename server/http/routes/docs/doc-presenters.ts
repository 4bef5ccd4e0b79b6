import type { Post } from '../../../domain/content/post-types.js';

// The public doc lists' whitelist: a published doc's title, link and excerpt, never its whole content.

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
