import { sql } from 'kysely';
import type { DomainContext } from '../context.js';

/** Above this many rows, the reader folds every connection's rows back into shard 0 (PostgreSQL only). */
export const FOLD_ABOVE_ROWS = 256;

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
  if (ctx.dialect === 'postgres' && Number(row?.rows ?? 0) > FOLD_ABOVE_ROWS) await foldViewShards(ctx);
  if (ctx.dialect === 'postgres' && Number(unread.rows) > FOLD_ABOVE_ROWS / 16) await foldUnreadShards(ctx, readerId);
  return {
    mine: Number(row?.mine ?? 0),
    unassigned: Number(row?.unassigned ?? 0),
    needsReply: Number(row?.needs_reply ?? 0),
    unread: Number(unread.n ?? 0),
  };
}

// One statement each, as for ticket_status_counts: at worst it waits for a writer's open transaction on its row.
/** Folds every connection's rows of ticket_view_counts into shard 0 (PostgreSQL). */
export async function foldViewShards(ctx: DomainContext): Promise<void> {
  await sql`
    with gone as (delete from ticket_view_counts where shard <> 0 returning assignee_id, status_term_id, client_spoke_last, n)
    insert into ticket_view_counts (assignee_id, status_term_id, client_spoke_last, shard, n)
    select assignee_id, status_term_id, client_spoke_last, 0, sum(n) from gone
    group by assignee_id, status_term_id, client_spoke_last
    on conflict (assignee_id, status_term_id, client_spoke_last, shard) do update set n = ticket_view_counts.n + excluded.n`.execute(
    ctx.db,
  );
}

async function foldUnreadShards(ctx: DomainContext, userId: number): Promise<void> {
  await sql`
    with gone as (delete from ticket_unread_counts where user_id = ${userId} and shard <> 0 returning n)
    insert into ticket_unread_counts (user_id, shard, n)
    select ${userId}, 0, sum(n) from gone having count(*) > 0
    on conflict (user_id, shard) do update set n = ticket_unread_counts.n + excluded.n`.execute(ctx.db);
}
