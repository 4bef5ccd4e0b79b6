import { message } from '../../../common/i18n/translator.js';
import { isUniqueViolation } from '../../db/is-unique-violation.js';
import { AppError, invalidField } from '../../errors.js';
import type { TagChange } from '../../live/live-event.js';
import { deleteTerm } from '../content/delete-term.js';
import type { Actor, DomainContext } from '../context.js';
import { cleanTagName, defaultTagColor, presentTag, type Tag, tagSlug } from './ticket-tags.js';

/** Adds a tag (agents and admins; a new name typed on a ticket does the same through findOrCreateTags). */
export async function createTag(ctx: DomainContext, input: { name: string; color?: string }, actor: Actor | null): Promise<Tag> {
  const name = cleanTagName(input.name);
  const row = await refuseTakenName(() =>
    ctx.db
      .insertInto('terms')
      .values({
        taxonomy: 'ticket_tag',
        name,
        slug: tagSlug(name),
        term_order: 0,
        client_label: null,
        color: input.color?.toLowerCase() ?? defaultTagColor(name),
      })
      .returning(['id', 'name', 'slug', 'color'])
      .executeTakeFirstOrThrow(),
  );
  announceTag(ctx, row.id, 'created', actor);
  return presentTag(row);
}

/** Renames or recolours a tag; the tickets keep it (a rename shows everywhere at once). */
export async function updateTag(
  ctx: DomainContext,
  id: number,
  input: { name?: string; color?: string },
  actor: Actor | null,
): Promise<Tag> {
  const name = input.name === undefined ? undefined : cleanTagName(input.name);
  const row = await refuseTakenName(() =>
    ctx.db
      .updateTable('terms')
      .set({
        ...(name !== undefined && { name, slug: tagSlug(name) }),
        ...(input.color !== undefined && { color: input.color.toLowerCase() }),
      })
      .where('id', '=', id)
      .where('taxonomy', '=', 'ticket_tag')
      .returning(['id', 'name', 'slug', 'color'])
      .executeTakeFirst(),
  );
  if (!row) throw new AppError('NOT_FOUND', message('problems.not_found.with_id', { kind: 'tag', id: String(id) }));
  announceTag(ctx, row.id, 'updated', actor);
  return presentTag(row);
}

/** Deletes a tag; every ticket that had it loses it. */
export async function deleteTag(ctx: DomainContext, id: number, actor: Actor | null): Promise<void> {
  await deleteTerm(ctx, 'ticket_tag', id);
  announceTag(ctx, id, 'deleted', actor);
}

// After the write: other agents' chips and tag filters fetch the tags again (on every instance).
function announceTag(ctx: DomainContext, tagId: number, change: TagChange, actor: Actor | null): void {
  ctx.live.publish({ kind: 'tag.changed', tagId, change, by: actor?.id ?? null });
}

async function refuseTakenName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw invalidField('name', message('problems.tag.name_taken'));
    throw error;
  }
}
