import type { Taxonomy } from '../db/tables.js';
import type { DomainContext } from './context.js';

/** The terms a new ticket may use: every status, reason and urgency. */
export interface TicketTerms {
  /** The first status in the admin's order (Open, unless reordered). */
  initialStatus: { id: number; slug: string };
  status(id: number): { id: number; slug: string } | undefined;
  has(taxonomy: Taxonomy, id: number): boolean;
}

const TICKET_TAXONOMIES: Taxonomy[] = ['ticket_status', 'ticket_reason', 'ticket_urgency'];

/**
 * The ticket terms, read on every filing and changed rarely: kept in the posts cache, which every term
 * write clears in this process and, on PostgreSQL, in every other instance (termsChanged → postsChanged,
 * listen-posts-changed.ts); its TTL bounds staleness while that notice cannot arrive.
 */
export function readTicketTerms(ctx: DomainContext): Promise<TicketTerms> {
  return ctx.postsCache.get('ticket-terms', () => loadTicketTerms(ctx));
}

async function loadTicketTerms(ctx: DomainContext): Promise<TicketTerms> {
  const rows = await ctx.db
    .selectFrom('terms')
    .select(['id', 'taxonomy', 'slug', 'term_order'])
    .where('taxonomy', 'in', TICKET_TAXONOMIES)
    .execute();
  const statuses = rows.filter((row) => row.taxonomy === 'ticket_status').sort((a, b) => a.term_order - b.term_order || a.id - b.id);
  const first = statuses[0];
  if (!first) throw new Error('No ticket statuses exist; the initial migration seeds them.');
  const known = new Set(rows.map((row) => `${row.taxonomy}:${row.id}`));
  return {
    initialStatus: { id: first.id, slug: first.slug },
    status: (id) => {
      const found = statuses.find((row) => row.id === id);
      return found && { id: found.id, slug: found.slug };
    },
    has: (taxonomy, id) => known.has(`${taxonomy}:${id}`),
  };
}
