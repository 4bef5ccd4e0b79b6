import type { Taxonomy } from '../db/tables.js';
import type { DomainContext } from './context.js';

/** The terms a new ticket may use, read in one query: every status, and the reason and urgency it names. */
export interface TicketTerms {
  /** The first status in the admin's order (Open, unless reordered). */
  initialStatus: { id: number; slug: string };
  status(id: number): { id: number; slug: string } | undefined;
  has(taxonomy: Taxonomy, id: number): boolean;
}

export async function readTicketTerms(ctx: DomainContext, named: { reason?: number; urgency?: number }): Promise<TicketTerms> {
  const ids = [named.reason, named.urgency].filter((id): id is number => id !== undefined);
  const rows = await ctx.db
    .selectFrom('terms')
    .select(['id', 'taxonomy', 'slug', 'term_order'])
    .where((eb) =>
      eb.or([
        eb('taxonomy', '=', 'ticket_status'),
        ...(ids.length ? [eb.and([eb('taxonomy', 'in', ['ticket_reason', 'ticket_urgency']), eb('id', 'in', ids)])] : []),
      ]),
    )
    .execute();
  const statuses = rows.filter((row) => row.taxonomy === 'ticket_status').sort((a, b) => a.term_order - b.term_order || a.id - b.id);
  const first = statuses[0];
  if (!first) throw new Error('No ticket statuses exist; the initial migration seeds them.');
  return {
    initialStatus: { id: first.id, slug: first.slug },
    status: (id) => {
      const found = statuses.find((row) => row.id === id);
      return found && { id: found.id, slug: found.slug };
    },
    has: (taxonomy, id) => rows.some((row) => row.taxonomy === taxonomy && row.id === id),
  };
}
