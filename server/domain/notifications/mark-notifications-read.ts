import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { DomainContext } from '../context.js';
import { now } from '../context.js';

/** Which of an agent's unread lines to mark read: these ids, every line of one ticket, or all of them. */
export type NotificationsToMark = { ids: number[] } | { ticketId: number } | 'all';

/** The update marking the lines read; one ticket's are found by the `notifications_user_ticket` index. */
export function markReadStatement(db: Kysely<Database>, userId: number, which: NotificationsToMark) {
  let update = db.updateTable('notifications').set({ read_at: now() }).where('user_id', '=', userId).where('read_at', 'is', null);
  if (which !== 'all' && 'ids' in which) update = update.where('id', 'in', which.ids);
  else if (which !== 'all') update = update.where('ticket_id', '=', which.ticketId);
  return update;
}

/**
 * Marks an agent's notifications read: the ids given, those of one ticket (they opened it), or (`all`)
 * every unread one. Someone else's ids are ignored rather than refused: the answer is the same whether
 * they exist or not. When any line changed, the agent's open screens (any instance) are told, so every
 * tab's bell count follows.
 */
export async function markNotificationsRead(ctx: DomainContext, userId: number, which: NotificationsToMark): Promise<number> {
  if (which !== 'all' && 'ids' in which && which.ids.length === 0) return 0;
  // A mark (TransactionRunner.mark): on SQLite it shares a batch's fsync without waiting for it, and goes
  // ahead of the filings waiting (an agent opening a ticket makes this write).
  const marked = await ctx.transactions.mark(async (db) =>
    Number((await markReadStatement(db, userId, which).executeTakeFirst()).numUpdatedRows),
  );
  if (marked > 0)
    ctx.live.publish({ kind: 'notifications.read', userId, ticketId: which !== 'all' && 'ticketId' in which ? which.ticketId : null });
  return marked;
}
