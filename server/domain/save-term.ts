import { isUniqueViolation } from '../db/is-unique-violation.js';
import type { Taxonomy, TermRow } from '../db/tables.js';
import { AppError, invalidField } from '../errors.js';
import type { DomainContext } from './context.js';
import { slugify } from './slugify.js';

export interface TermInput {
  name?: string;
  slug?: string;
  order?: number;
}

/** Adds a reason, urgency or status. */
export async function createTerm(ctx: DomainContext, taxonomy: Taxonomy, input: TermInput & { name: string }): Promise<TermRow> {
  return refuseDuplicateSlug(() =>
    ctx.db
      .insertInto('terms')
      .values({ taxonomy, name: input.name.trim(), slug: slugify(input.slug ?? input.name), term_order: input.order ?? 0 })
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
}

/** Renames or reorders a term. */
export async function updateTerm(ctx: DomainContext, taxonomy: Taxonomy, id: number, input: TermInput): Promise<TermRow> {
  if (taxonomy === 'ticket_status' && input.slug !== undefined) {
    const current = await ctx.db.selectFrom('terms').select('slug').where('id', '=', id).where('taxonomy', '=', taxonomy).executeTakeFirst();
    if (current && current.slug !== slugify(input.slug) && WORKFLOW_STATUS_SLUGS.includes(current.slug)) {
      throw invalidField('slug', `the automatic transitions find "${current.slug}" by its slug; rename the status instead`);
    }
  }
  const row = await refuseDuplicateSlug(() =>
    ctx.db
      .updateTable('terms')
      .set({
        ...(input.name !== undefined && { name: input.name.trim() }),
        ...(input.slug !== undefined && { slug: slugify(input.slug) }),
        ...(input.order !== undefined && { term_order: input.order }),
      })
      .where('id', '=', id)
      .where('taxonomy', '=', taxonomy)
      .returningAll()
      .executeTakeFirst(),
  );
  if (!row) throw new AppError('NOT_FOUND', `There is no ${taxonomy.replace('ticket_', '')} with id ${id}.`);
  return row;
}

/** Deletes a term; tickets that had it simply lose it. */
export async function deleteTerm(ctx: DomainContext, taxonomy: Taxonomy, id: number): Promise<void> {
  const result = await ctx.db.deleteFrom('terms').where('id', '=', id).where('taxonomy', '=', taxonomy).executeTakeFirst();
  if (result.numDeletedRows === 0n) throw new AppError('NOT_FOUND', `There is no ${taxonomy.replace('ticket_', '')} with id ${id}.`);
}

async function refuseDuplicateSlug<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw invalidField('slug', 'is already used by another entry of this list; choose another');
    throw error;
  }
}

/** Statuses the automatic transitions move tickets to (spec §3); they can be renamed, not removed. */
export const WORKFLOW_STATUS_SLUGS = ['waiting', 'in-progress'];

/** Refuses to delete a status that tickets still have, or one the automatic transitions need. */
export async function assertStatusDeletable(ctx: DomainContext, id: number): Promise<void> {
  const term = await ctx.db.selectFrom('terms').select(['slug']).where('id', '=', id).where('taxonomy', '=', 'ticket_status').executeTakeFirst();
  if (!term) throw new AppError('NOT_FOUND', `There is no status with id ${id}.`);
  if (WORKFLOW_STATUS_SLUGS.includes(term.slug)) throw new AppError('CONFLICT', `The status "${term.slug}" is used by the automatic transitions; rename it instead.`);
  const used = await ctx.db.selectFrom('term_relationships').select('post_id').where('term_id', '=', id).limit(1).executeTakeFirst();
  if (used) throw new AppError('CONFLICT', 'Tickets still have this status; move them to another status first.');
}
