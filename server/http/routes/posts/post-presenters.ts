import type { Post } from '../../../domain/content/post-types.js';

// The editors' whitelist of a post: whole content and status included (staff only).

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
