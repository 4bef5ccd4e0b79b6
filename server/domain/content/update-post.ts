import { type DomainContext, now } from '../context.js';
import { checkProduct, getManagedPost, type ManagedPostType, type PostInput, uniqueSlug } from './managed-post.js';
import { toPost } from './post.js';
import type { Post } from './post-types.js';
import { postsChanged } from './posts-changed.js';

/** Changes the given fields of a doc, product or page. */
export async function updatePost(ctx: DomainContext, type: ManagedPostType, id: number, input: PostInput): Promise<Post> {
  const current = await getManagedPost(ctx.db, type, id);
  if (input.product != null) await checkProduct(ctx, type, input.product);
  const row = await ctx.db
    .updateTable('posts')
    .set({
      ...(input.title !== undefined && { title: input.title.trim() }),
      ...(input.content !== undefined && { content: input.content }),
      ...(input.slug !== undefined && input.slug !== current.slug && { slug: await uniqueSlug(ctx.db, type, input.slug) }),
      ...(input.status !== undefined && { status: input.status }),
      ...(input.product !== undefined && { product_id: input.product }),
      ...(input.menuOrder !== undefined && { menu_order: input.menuOrder }),
      ...(input.language !== undefined && { language: input.language }),
      updated_at: now(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await postsChanged(ctx);
  return toPost(row);
}
