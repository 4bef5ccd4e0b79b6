import type { Taxonomy, TermRow } from '../../db/tables.js';
import type { DomainContext } from '../context.js';

export const LOOKUP_TAXONOMIES = { reasons: 'ticket_reason', urgencies: 'ticket_urgency', statuses: 'ticket_status' } as const;

/** All terms of one taxonomy in their display order. */
export async function listTerms(ctx: DomainContext, taxonomy: Taxonomy): Promise<TermRow[]> {
  return ctx.db.selectFrom('terms').selectAll().where('taxonomy', '=', taxonomy).orderBy('term_order').orderBy('id').execute();
}

/** One term by id, only if it belongs to the taxonomy. */
export async function findTerm(ctx: DomainContext, taxonomy: Taxonomy, id: number): Promise<TermRow | undefined> {
  return ctx.db.selectFrom('terms').selectAll().where('taxonomy', '=', taxonomy).where('id', '=', id).executeTakeFirst();
}
