import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { DomainContext } from '../context.js';

/**
 * The inbox's service-level views, by a ticket's next due time (`ticket_sla.next_due_at`: the earliest due time of
 * its running targets; null while none runs: paused, met, Resolved or Closed, or no policy applies):
 * - "Overdue": the next due time is now or earlier (a target due exactly now is late, as the ticket's `sla` says).
 * - "Due within 1 hour" (`due-soon`): due after now and at most one hour from now; an overdue ticket is not in it.
 * Both are an index range of `ticket_sla_next_due`, read at the request's clock (ctx.now()); the ticket must exist
 * (a deleted ticket's row is never counted or listed).
 */
export const DUE_VIEWS = ['overdue', 'due-soon'] as const;
export type DueView = (typeof DUE_VIEWS)[number];

/** How far ahead "Due within 1 hour" looks. */
export const DUE_SOON_MS = 60 * 60 * 1000;

export function isDueView(view: string | undefined): view is DueView {
  return (DUE_VIEWS as readonly string[]).includes(view ?? '');
}

/** The view's range of next due times at `now`: after `after` (exclusive, when set) and up to `upTo` (inclusive). */
export function dueRange(view: DueView, now: Date): { after?: string; upTo: string } {
  const at = now.toISOString();
  return view === 'overdue' ? { upTo: at } : { after: at, upTo: new Date(now.getTime() + DUE_SOON_MS).toISOString() };
}

/** `ticket_sla as sla`, as the due queries join it. */
export type SlaEb = ExpressionBuilder<Database & { sla: Database['ticket_sla'] }, 'sla'>;

/** The view's range as a condition on `ticket_sla as sla` (without a view: any ticket with a next due time). */
export function dueCondition(eb: SlaEb, view: DueView | undefined, now: Date): Expression<SqlBool> {
  if (view === undefined) return eb('sla.next_due_at', 'is not', null);
  const range = dueRange(view, now);
  const parts = [eb('sla.next_due_at', '<=', range.upTo)];
  if (range.after !== undefined) parts.push(eb('sla.next_due_at', '>', range.after));
  return eb.and(parts);
}

export interface DueViewCounts {
  overdue: number;
  dueSoon: number;
}

/**
 * How many tickets each service-level view holds now. Time moves tickets between the views with no write, so these
 * cannot be kept by triggers as the team views' are: both are counted in one statement over one range of the next
 * due times' index (every one up to an hour ahead), reading no ticket: a deleted ticket's rows go with it
 * (migration 062's trigger).
 */
export async function countDueViews(ctx: DomainContext, now: Date): Promise<DueViewCounts> {
  const overdue = dueRange('overdue', now);
  const soon = dueRange('due-soon', now);
  const row = await ctx.db
    .selectFrom('ticket_sla as sla')
    .select((eb) => [
      eb.fn.sum<number | string | null>(eb.case().when('sla.next_due_at', '<=', overdue.upTo).then(1).else(0).end()).as('overdue'),
      eb.fn.sum<number | string | null>(eb.case().when('sla.next_due_at', '>', overdue.upTo).then(1).else(0).end()).as('due_soon'),
    ])
    .where('sla.next_due_at', '<=', soon.upTo)
    .executeTakeFirstOrThrow();
  return { overdue: Number(row.overdue ?? 0), dueSoon: Number(row.due_soon ?? 0) };
}

/**
 * A service-level view's tickets per status (its tabs), with no other filter: for each status a range of the index
 * of status and next due time (migration 062's copy of the status), in one statement, reading no ticket.
 */
export async function dueViewStatusCounts(
  ctx: DomainContext,
  view: DueView,
  now: Date,
  statusIds: number[],
): Promise<Array<{ status_term_id: number | null; n: number }>> {
  if (statusIds.length === 0) return [];
  const counts = statusIds.map((id) =>
    ctx.db
      .selectFrom('ticket_sla as sla')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('sla.status_term_id', '=', id)
      .where((eb) => dueCondition(eb, view, now)),
  );
  const row = await ctx.db.selectNoFrom(counts.map((count, i) => count.as(`s${i}`))).executeTakeFirstOrThrow();
  const values = row as Record<string, number | string | null>;
  return statusIds.map((id, i) => ({ status_term_id: id, n: Number(values[`s${i}`] ?? 0) }));
}
