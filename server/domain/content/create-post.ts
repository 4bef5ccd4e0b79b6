import { type DomainContext, now } from '../context.js';
import { checkProduct, type ManagedPostType, type PostInput, uniqueSlug } from './managed-post.js';
import { toPost } from './post.js';
import type { Post } from './post-types.js';
import { postsChanged } from './posts-changed.js';

/** Creates a doc, product or page; the slug is made unique within its type. */
export async function createPost(
  ctx: DomainContext,
  type: ManagedPostType,
  input: PostInput & { title: string },
  authorId: number | null,
): Promise<Post> {
  if (input.product != null) await checkProduct(ctx, type, input.product);
  const time = now();
  const row = await ctx.db
    .insertInto('posts')
    .values({
      type,
      status: input.status ?? 'publish',
      title: input.title.trim(),
      content: input.content ?? '',
      slug: await uniqueSlug(ctx.db, type, input.slug ?? input.title),
      author_id: authorId,
      product_id: input.product ?? null,
      parent_id: null,
      menu_order: input.menuOrder ?? 0,
      language: input.language ?? null,
      created_at: time,
      updated_at: time,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await postsChanged(ctx);
  return toPost(row);
}
