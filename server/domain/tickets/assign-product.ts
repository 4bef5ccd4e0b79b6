import { message } from '../../../common/i18n/translator.js';
import { AppError } from '../../errors.js';
import { checkProduct } from '../content/managed-post.js';
import { toPost } from '../content/post.js';
import type { Post } from '../content/post-types.js';
import { postsChanged } from '../content/posts-changed.js';
import { type DomainContext, now } from '../context.js';

/** Links any post to a product (or unlinks it with null), if its type is assignable to products. */
export async function assignProduct(ctx: DomainContext, postId: number, productId: number | null): Promise<Post> {
  const post = await ctx.db.selectFrom('posts').select(['id', 'type']).where('id', '=', postId).executeTakeFirst();
  if (!post) throw new AppError('NOT_FOUND', message('problems.not_found.with_id', { kind: 'post', id: String(postId) }));
  if (productId !== null) await checkProduct(ctx, post.type, productId);
  const row = await ctx.db
    .updateTable('posts')
    .set({ product_id: productId, updated_at: now() })
    .where('id', '=', postId)
    .returningAll()
    .executeTakeFirstOrThrow();
  await postsChanged(ctx);
  return toPost(row);
}
