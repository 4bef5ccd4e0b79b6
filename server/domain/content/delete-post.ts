import type { DomainContext } from '../context.js';
import { getManagedPost, type ManagedPostType } from './managed-post.js';
import { postsChanged } from './posts-changed.js';

/** Deletes a doc, product or page; posts linked to a deleted product keep existing without it. */
export async function deletePost(ctx: DomainContext, type: ManagedPostType, id: number): Promise<void> {
  await getManagedPost(ctx.db, type, id);
  await ctx.db.deleteFrom('posts').where('id', '=', id).execute();
  await postsChanged(ctx);
}
