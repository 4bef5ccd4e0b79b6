import { sql } from 'kysely';
import type { DomainContext } from '../context.js';

export interface KeptViewCounts {
  mine: number;
  unassigned: number;
  needsReply: number;
  /** The reader's tickets ("Mine") changed since they last opened them. */
  unread: number;
}

/**
 * The team views' counts from the tables the triggers of migration 090 keep in the same statement as every
 * change: `ticket_view_counts` (tickets per assignee, status and who spoke last: a few rows whatever the number
 * of tickets) and `ticket_unread_counts` (the reader's unread tickets, by primary key). "Needs reply" leaves out
 * `doneIds` here, when read, so renaming or reordering statuses needs no recount.
 */
export async function keptViewCounts(ctx: DomainContext, readerId: number, doneIds: number[]): Promise<KeptViewCounts> {
  const notDone = doneIds.length ? sql`status_term_id not in (${sql.join(doneIds)})` : sql`1 = 1`;
  const [views, unread] = await Promise.all([
    sql<{ mine: number | string | null; unassigned: number | string | null; needs_reply: number | string | null; rows: number | string }>`
      select
        sum(case when assignee_id = ${readerId} then n else 0 end) as mine,
        sum(case when assignee_id = 0 then n else 0 end) as unassigned,
        sum(case when client_spoke_last = 1 and ${notDone} then n else 0 end) as needs_reply,
        count(*) as rows
      from ticket_view_counts`.execute(ctx.db),
    ctx.db
      .selectFrom('ticket_unread_counts')
      .select([(eb) => eb.fn.sum<number | string | null>('n').as('n'), (eb) => eb.fn.countAll<number | string>().as('rows')])
      .where('user_id', '=', readerId)
      .executeTakeFirstOrThrow(),
  ]);
  const row = views.rows[0];
  // Where writers add to rows of their own (PostgreSQL), the reader folds them back once there are many.
  await ctx.storage.keptCounts.foldViewCounts(ctx.db, Number(row?.rows ?? 0));
  await ctx.storage.keptCounts.foldUnreadCounts(ctx.db, readerId, Number(unread.rows));
  return {
    mine: Number(row?.mine ?? 0),
    unassigned: Number(row?.unassigned ?? 0),
    needsReply: Number(row?.needs_reply ?? 0),
    unread: Number(unread.n ?? 0),
  };
}
