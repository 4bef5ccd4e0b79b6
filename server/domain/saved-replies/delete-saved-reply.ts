import type { Actor, DomainContext } from '../context.js';
import { assertMayEdit, findVisibleSavedReply } from './saved-reply.js';

/** Deletes a saved reply the caller may edit (their own; a shared one when an admin). */
export async function deleteSavedReply(ctx: DomainContext, id: number, actor: Actor): Promise<void> {
  assertMayEdit(await findVisibleSavedReply(ctx.db, actor, id));
  await ctx.db.deleteFrom('saved_replies').where('id', '=', id).execute();
}
