import { message } from '../../../common/i18n/translator.js';
import type { Taxonomy } from '../../db/tables.js';
import { AppError } from '../../errors.js';
import type { DomainContext } from '../context.js';
import { postsChanged } from './posts-changed.js';
import { WORKFLOW_STATUS_SLUGS } from './term-input.js';

/** Deletes a term; tickets that had it simply lose it. */
export async function deleteTerm(ctx: DomainContext, taxonomy: Taxonomy, id: number): Promise<void> {
  const result = await ctx.db.deleteFrom('terms').where('id', '=', id).where('taxonomy', '=', taxonomy).executeTakeFirst();
  if (result.numDeletedRows === 0n)
    throw new AppError('NOT_FOUND', message('problems.not_found.with_id', { kind: taxonomy.replace('ticket_', ''), id: String(id) }));
  // Filing reads the ticket terms from the posts cache (ticket-terms.ts).
  await postsChanged(ctx);
}

/** Refuses to delete a status that tickets still have, or one the automatic transitions need. */
export async function assertStatusDeletable(ctx: DomainContext, id: number): Promise<void> {
  const term = await ctx.db
    .selectFrom('terms')
    .select(['slug'])
    .where('id', '=', id)
    .where('taxonomy', '=', 'ticket_status')
    .executeTakeFirst();
  if (!term) throw new AppError('NOT_FOUND', message('problems.not_found.with_id', { kind: 'status', id: String(id) }));
  if (WORKFLOW_STATUS_SLUGS.includes(term.slug))
    throw new AppError('CONFLICT', message('problems.content.status_workflow', { slug: term.slug }));
  const used = await ctx.db.selectFrom('term_relationships').select('post_id').where('term_id', '=', id).limit(1).executeTakeFirst();
  if (used) throw new AppError('CONFLICT', message('problems.content.status_in_use'));
}
