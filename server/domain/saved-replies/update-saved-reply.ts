import { type Actor, type DomainContext, now } from '../context.js';
import type { SavedReplyInput } from './create-saved-reply.js';
import { assertMayEdit, assertMayShare, findVisibleSavedReply, type SavedReply } from './saved-reply.js';
import { cleanSavedReplyText, cleanSavedReplyTitle } from './saved-reply-text.js';

/**
 * Changes a saved reply the caller may edit (their own; a shared one when an admin). Moving a reply between
 * shared and personal is an admin's choice; a shared reply made personal becomes that admin's own.
 */
export async function updateSavedReply(
  ctx: DomainContext,
  id: number,
  changes: Partial<SavedReplyInput>,
  actor: Actor,
): Promise<SavedReply> {
  const current = await findVisibleSavedReply(ctx.db, actor, id);
  assertMayEdit(current);
  const set: { title?: string; body?: string; owner_id?: number | null; updated_at: string } = { updated_at: now() };
  if (changes.title !== undefined) set.title = cleanSavedReplyTitle(changes.title);
  if (changes.text !== undefined) set.body = cleanSavedReplyText(changes.text);
  if (changes.shared !== undefined && changes.shared !== current.isShared) {
    assertMayShare(actor);
    set.owner_id = changes.shared ? null : actor.id;
  }
  await ctx.db.updateTable('saved_replies').set(set).where('id', '=', id).execute();
  return findVisibleSavedReply(ctx.db, actor, id);
}
