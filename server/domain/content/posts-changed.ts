import type { DomainContext } from '../context.js';

/**
 * After a write to docs, products, pages or ticket terms (statuses, reasons, urgencies): this process's posts cache
 * (rows and serialized answers) is cleared at once, and on PostgreSQL every other instance is told to clear its own
 * (listen-posts-changed.ts); delivered when the write's transaction commits.
 */
export async function postsChanged(ctx: DomainContext): Promise<void> {
  ctx.postsCache.clear();
  await ctx.storage.announcePostsChanged(ctx.db);
}
