import type { Kysely } from 'kysely';
import type { Database, Taxonomy } from '../../db/tables.js';
import type { DomainContext } from '../context.js';

/** A status, reason or urgency. */
export interface TicketTerm {
  id: number;
  slug: string;
  name: string;
}

/** The single-valued taxonomies of a ticket, each copied onto `posts` (migration 070). */
export type TicketTaxonomy = 'ticket_status' | 'ticket_reason' | 'ticket_urgency';

/** Every status, reason and urgency: what a new ticket may use and what the inbox shows. */
export interface TicketTerms {
  /** The first status in the admin's order (Open, unless reordered). */
  initialStatus: { id: number; slug: string };
  has(taxonomy: Taxonomy, id: number): boolean;
  /** The term of this taxonomy with this id. */
  term(taxonomy: TicketTaxonomy, id: number): TicketTerm | undefined;
  /** The term of this taxonomy named by its id or its slug (an inbox filter). */
  find(taxonomy: TicketTaxonomy, key: number | string): TicketTerm | undefined;
  /** Every status, in the admin's order. */
  statuses: TicketTerm[];
}

const TICKET_TAXONOMIES: TicketTaxonomy[] = ['ticket_status', 'ticket_reason', 'ticket_urgency'];

/**
 * The ticket terms, read on every filing and every inbox page and changed rarely: kept in the posts cache,
 * which every term write clears in this process and, on PostgreSQL, in every other instance (termsChanged →
 * postsChanged, listen-posts-changed.ts); its TTL bounds staleness while that notice cannot arrive.
 */
export function readTicketTerms(ctx: DomainContext): Promise<TicketTerms> {
  return ctx.postsCache.get('ticket-terms', () => loadTicketTerms(ctx.db));
}

/**
 * The ticket terms, sure to hold every id asked for: read anew, past the cache, when one is missing (a term
 * made on another instance whose notice has not arrived yet), so a ticket never shows without its status.
 */
export async function readTicketTermsWith(ctx: DomainContext, ids: Array<[TicketTaxonomy, number | null]>): Promise<TicketTerms> {
  const cached = await readTicketTerms(ctx);
  return ids.every(([taxonomy, id]) => id === null || cached.has(taxonomy, id)) ? cached : loadTicketTerms(ctx.db);
}

async function loadTicketTerms(db: Kysely<Database>): Promise<TicketTerms> {
  const rows = await db
    .selectFrom('terms')
    .select(['id', 'taxonomy', 'slug', 'name', 'term_order'])
    .where('taxonomy', 'in', TICKET_TAXONOMIES)
    // Ties in the admin's order go by id, as everywhere terms are listed.
    .orderBy('term_order')
    .orderBy('id')
    .execute();
  const statuses = rows.filter((row) => row.taxonomy === 'ticket_status').map(({ id, slug, name }) => ({ id, slug, name }));
  const first = statuses[0];
  if (!first) throw new Error('No ticket statuses exist; the initial migration seeds them.');
  const byId = new Map(rows.map(({ id, taxonomy, slug, name }) => [`${taxonomy}:${id}`, { id, slug, name }]));
  const bySlug = new Map(rows.map(({ id, taxonomy, slug, name }) => [`${taxonomy}:${slug}`, { id, slug, name }]));
  return {
    initialStatus: { id: first.id, slug: first.slug },
    has: (taxonomy, id) => byId.has(`${taxonomy}:${id}`),
    term: (taxonomy, id) => byId.get(`${taxonomy}:${id}`),
    find: (taxonomy, key) => (typeof key === 'number' ? byId : bySlug).get(`${taxonomy}:${key}`),
    statuses,
  };
}
