import { sql } from 'kysely';
import type { DomainContext } from '../context.js';
import type { InboxView } from './inbox-views.js';

/**
 * Tickets per status id in one team view with no other filter (its tabs' counts), from the counts migration
 * 090's triggers keep: a few rows of `ticket_view_counts` instead of every ticket of the view. A ticket without
 * a status (status 0 there) has no tab, as in the count over posts.
 */
export async function keptViewStatusCounts(
  ctx: DomainContext,
  view: InboxView,
  readerId: number | undefined,
  doneIds: number[],
): Promise<Array<{ status_term_id: number | null; n: number }>> {
  const condition =
    view === 'mine'
      ? readerId === undefined
        ? undefined
        : sql`assignee_id = ${readerId}`
      : view === 'unassigned'
        ? sql`assignee_id = 0`
        : doneIds.length
          ? sql`client_spoke_last = 1 and status_term_id not in (${sql.join(doneIds)})`
          : sql`client_spoke_last = 1`;
  if (condition === undefined) return [];
  const { rows } = await sql<{ status_term_id: number; n: number | string; shards: number | string }>`
    select status_term_id, sum(n) as n, count(*) as shards from ticket_view_counts
    where ${condition} and status_term_id <> 0
    group by status_term_id`.execute(ctx.db);
  await ctx.storage.keptCounts.foldViewCounts(
    ctx.db,
    rows.reduce((sum, row) => sum + Number(row.shards), 0),
  );
  return rows.map((row) => ({ status_term_id: row.status_term_id, n: Number(row.n) }));
}
