import type { DomainContext } from '../context.js';

/**
 * Tickets per status term id, from `ticket_status_counts` (migration 070), which the triggers on
 * term_relationships keep in the same statement as every status change: a few rows, whatever the number of
 * tickets. Where writers add to rows of their own (PostgreSQL, one per connection), past a few rows this folds them
 * back into one (storage.keptCounts).
 */
export async function ticketStatusCounts(ctx: DomainContext): Promise<Map<number, number>> {
  const rows = await ctx.db.selectFrom('ticket_status_counts').select(['term_id', 'n']).execute();
  await ctx.storage.keptCounts.foldStatusCounts(ctx.db, rows.length);
  const counts = new Map<number, number>();
  for (const row of rows) counts.set(row.term_id, (counts.get(row.term_id) ?? 0) + Number(row.n));
  return counts;
}
