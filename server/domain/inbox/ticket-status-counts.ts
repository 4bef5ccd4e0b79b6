import { sql } from 'kysely';
import type { DomainContext } from '../context.js';

/** Above this many rows, the reader folds every connection's row back into shard 0 (PostgreSQL only). */
const FOLD_ABOVE_ROWS = 256;

/**
 * Tickets per status term id, from `ticket_status_counts` (migration 070), which the triggers on
 * term_relationships keep in the same statement as every status change: a few rows, whatever the number of
 * tickets. PostgreSQL writers add to one row per connection; past FOLD_ABOVE_ROWS rows, this folds them into
 * shard 0 in one statement (waiting, at worst, for a writer's open transaction on its own row).
 */
export async function ticketStatusCounts(ctx: DomainContext): Promise<Map<number, number>> {
  const rows = await ctx.db.selectFrom('ticket_status_counts').select(['term_id', 'n']).execute();
  if (ctx.dialect === 'postgres' && rows.length > FOLD_ABOVE_ROWS) await foldShards(ctx);
  const counts = new Map<number, number>();
  for (const row of rows) counts.set(row.term_id, (counts.get(row.term_id) ?? 0) + Number(row.n));
  return counts;
}

async function foldShards(ctx: DomainContext): Promise<void> {
  await sql`
    with gone as (delete from ticket_status_counts where shard <> 0 returning term_id, n)
    insert into ticket_status_counts (term_id, shard, n)
    select term_id, 0, sum(n) from gone group by term_id
    on conflict (term_id, shard) do update set n = ticket_status_counts.n + excluded.n`.execute(ctx.db);
}
