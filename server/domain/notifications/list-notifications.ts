import type { Kysely } from 'kysely';
import type { Database, NotificationKind } from '../../db/tables.js';

/** One line of an agent's notification list, with what the bell's menu shows of its ticket. */
export interface NotificationLine {
  id: number;
  kind: NotificationKind;
  ticket: { id: number; number: number | null; title: string };
  commentId: number | null;
  createdAt: string;
  readAt: string | null;
}

/** A page of an agent's notifications, newest first, and how many are unread in all. */
export async function listNotifications(
  db: Kysely<Database>,
  userId: number,
  page: { page: number; perPage: number; unreadOnly?: boolean },
): Promise<{ notifications: NotificationLine[]; total: number; unread: number }> {
  let base = db.selectFrom('notifications as n').where('n.user_id', '=', userId);
  if (page.unreadOnly) base = base.where('n.read_at', 'is', null);
  const [rows, total, unread] = await Promise.all([
    base
      // A ticket deleted since leaves its notifications out of the list (they go with housekeeping).
      .innerJoin('posts as p', (join) => join.onRef('p.id', '=', 'n.ticket_id').on('p.type', '=', 'ticket'))
      .select(['n.id', 'n.kind', 'n.ticket_id', 'n.comment_id', 'n.created_at', 'n.read_at', 'p.number', 'p.title'])
      .orderBy('n.id', 'desc')
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow(),
    countUnreadNotifications(db, userId),
  ]);
  return {
    notifications: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      ticket: { id: r.ticket_id, number: r.number, title: r.title },
      commentId: r.comment_id,
      createdAt: r.created_at,
      readAt: r.read_at,
    })),
    total: Number(total.count),
    unread,
  };
}

/** The bell's number. */
export async function countUnreadNotifications(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
