import type { Taxonomy, TermRow } from '../db/tables.js';
import { isUniqueViolation } from '../db/is-unique-violation.js';
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
