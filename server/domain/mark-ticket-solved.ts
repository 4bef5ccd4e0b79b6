import { AppError } from '../errors.js';
import type { DomainContext } from './context.js';
import { now } from './context.js';

/** The statuses a client can no longer mark solved: it is already done. */
export const FINISHED_STATUS_SLUGS = ['resolved', 'closed'] as const;

/**
 * The client marks their own ticket solved: its status becomes Resolved (slug `resolved`). Anyone
 * else's ticket, or a missing one, is the same NOT_FOUND, as on every client read.
 */
export async function markTicketSolved(ctx: DomainContext, userId: number, ticketId: number): Promise<void> {
  const ticket = Number.isSafeInteger(ticketId)
    ? await ctx.db
        .selectFrom('posts')
        .select('id')
        .where('id', '=', ticketId)
        .where('type', '=', 'ticket')
        .where('author_id', '=', userId)
        .executeTakeFirst()
    : undefined;
  if (!ticket) throw new AppError('NOT_FOUND', 'There is no such ticket.');
  const resolved = await ctx.db
    .selectFrom('terms')
    .select('id')
    .where('taxonomy', '=', 'ticket_status')
    .where('slug', '=', 'resolved')
    .executeTakeFirst();
  if (!resolved) throw new AppError('NOT_FOUND', 'This help desk has no Resolved status.');
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('term_relationships')
      .set({ term_id: resolved.id })
      .where('post_id', '=', ticket.id)
      .where('taxonomy', '=', 'ticket_status')
      .execute();
    await trx.updateTable('posts').set({ updated_at: now() }).where('id', '=', ticket.id).execute();
  });
}
