import type { Kysely } from 'kysely';
import type { Database, NotificationKind } from '../../db/tables.js';
import type { LiveBus } from '../../live/live-bus.js';
import { now } from '../context.js';

/** A notification written in a transaction, to announce over the live stream once that commits. */
export interface AddedNotification {
  id: number;
  userId: number;
  ticketId: number;
}

/**
 * Adds one unread line per agent to their in-app list, inside the caller's transaction (the event and
 * its notifications commit together). Returns them for `announceNotifications` after the commit.
 */
export async function addNotifications(
  trx: Kysely<Database>,
  kind: NotificationKind,
  ticketId: number,
  userIds: number[],
  commentId: number | null = null,
): Promise<AddedNotification[]> {
  const users = [...new Set(userIds)];
  if (users.length === 0) return [];
  const createdAt = now();
  // One insert for every agent told; each row's user is returned with it, as RETURNING promises no order.
  const rows = await trx
    .insertInto('notifications')
    .values(
      users.map((userId) => ({ user_id: userId, kind, ticket_id: ticketId, comment_id: commentId, created_at: createdAt, read_at: null })),
    )
    .returning(['id', 'user_id'])
    .execute();
  return rows.map((row) => ({ id: row.id, userId: row.user_id, ticketId }));
}

/** Tells each agent's open admin screens (any instance) that a line was added, so the bell's count moves. */
export function announceNotifications(live: LiveBus, added: AddedNotification[]): void {
  for (const n of added) live.publish({ kind: 'notification.added', ticketId: n.ticketId, userId: n.userId, notificationId: n.id });
}
