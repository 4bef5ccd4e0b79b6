import { sql } from 'kysely';
import type { DomainContext } from '../context.js';

/** The PostgreSQL channel on which instances say that docs, products, pages or ticket terms changed. */
export const POSTS_CHANGED_CHANNEL = 'helpdesk_posts_changed';

/**
 * After a write to docs, products, pages or ticket terms (statuses, reasons, urgencies): this process's posts cache
 * (rows and serialized answers) is cleared at once, and on PostgreSQL every other instance is told to clear its own
 * (listen-posts-changed.ts); delivered when the write's transaction commits.
 */
export async function postsChanged(ctx: DomainContext): Promise<void> {
  ctx.postsCache.clear();
  if (ctx.dialect === 'postgres') await sql`select pg_notify(${POSTS_CHANGED_CHANNEL}, '')`.execute(ctx.db);
}
