import type { Taxonomy, TermRow } from '../../db/tables.js';
import type { DomainContext } from '../context.js';
import { postsChanged } from './posts-changed.js';
import { slugify } from './slugify.js';
import { refuseDuplicateSlug, type TermInput } from './term-input.js';

/** Adds a reason, urgency or status. */
export async function createTerm(ctx: DomainContext, taxonomy: Taxonomy, input: TermInput & { name: string }): Promise<TermRow> {
  const row = await refuseDuplicateSlug(() =>
    ctx.db
      .insertInto('terms')
      .values({
        taxonomy,
        name: input.name.trim(),
        slug: slugify(input.slug ?? input.name),
        term_order: input.order ?? 0,
        client_label: input.clientLabel?.trim() || null,
      })
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
  // Filing reads the ticket terms from the posts cache (ticket-terms.ts).
  await postsChanged(ctx);
  return row;
}
