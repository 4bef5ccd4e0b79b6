import type { Kysely } from 'kysely';
import type { Database, NotificationKind } from '../db/tables.js';
import type { LiveBus } from '../live/live-bus.js';
import { now } from './context.js';

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
  const added: AddedNotification[] = [];
  const createdAt = now();
  for (const userId of new Set(userIds)) {
    const row = await trx
      .insertInto('notifications')
      .values({ user_id: userId, kind, ticket_id: ticketId, comment_id: commentId, created_at: createdAt, read_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    added.push({ id: row.id, userId, ticketId });
  }
  return added;
}

/** Tells each agent's open admin screens (any instance) that a line was added, so the bell's count moves. */
export function announceNotifications(live: LiveBus, added: AddedNotification[]): void {
  for (const n of added) live.publish({ kind: 'notification.added', ticketId: n.ticketId, userId: n.userId, notificationId: n.id });
}
