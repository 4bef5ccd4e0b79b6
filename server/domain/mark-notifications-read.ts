import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { now } from './context.js';

/**
 * Marks an agent's notifications read: the ids given, or (`all`) every unread one. Someone else's ids
 * are ignored rather than refused: the answer is the same whether they exist or not.
 */
export async function markNotificationsRead(db: Kysely<Database>, userId: number, which: { ids: number[] } | 'all'): Promise<number> {
  let update = db.updateTable('notifications').set({ read_at: now() }).where('user_id', '=', userId).where('read_at', 'is', null);
  if (which !== 'all') {
    if (which.ids.length === 0) return 0;
    update = update.where('id', 'in', which.ids);
  }
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
