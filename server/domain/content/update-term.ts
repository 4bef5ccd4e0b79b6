import { message } from '../../../common/i18n/translator.js';
import type { Taxonomy, TermRow } from '../../db/tables.js';
import { AppError, invalidField } from '../../errors.js';
import type { DomainContext } from '../context.js';
import { postsChanged } from './posts-changed.js';
import { slugify } from './slugify.js';
import { refuseDuplicateSlug, type TermInput, WORKFLOW_STATUS_SLUGS } from './term-input.js';

/** Renames or reorders a term. */
export async function updateTerm(ctx: DomainContext, taxonomy: Taxonomy, id: number, input: TermInput): Promise<TermRow> {
  if (taxonomy === 'ticket_status' && input.slug !== undefined) {
    const current = await ctx.db
      .selectFrom('terms')
      .select('slug')
      .where('id', '=', id)
      .where('taxonomy', '=', taxonomy)
      .executeTakeFirst();
    if (current && current.slug !== slugify(input.slug) && WORKFLOW_STATUS_SLUGS.includes(current.slug)) {
      throw invalidField('slug', message('problems.content.slug_workflow', { slug: current.slug }));
    }
  }
  const row = await refuseDuplicateSlug(() =>
    ctx.db
      .updateTable('terms')
      .set({
        ...(input.name !== undefined && { name: input.name.trim() }),
        ...(input.slug !== undefined && { slug: slugify(input.slug) }),
        ...(input.order !== undefined && { term_order: input.order }),
        ...(input.clientLabel !== undefined && { client_label: input.clientLabel?.trim() || null }),
      })
      .where('id', '=', id)
      .where('taxonomy', '=', taxonomy)
      .returningAll()
      .executeTakeFirst(),
  );
  if (!row)
    throw new AppError('NOT_FOUND', message('problems.not_found.with_id', { kind: taxonomy.replace('ticket_', ''), id: String(id) }));
  // Filing reads the ticket terms from the posts cache (ticket-terms.ts).
  await postsChanged(ctx);
  return row;
}
