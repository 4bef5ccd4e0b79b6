import { type Actor, type DomainContext, now } from '../context.js';
import { assertMayShare, findVisibleSavedReply, type SavedReply } from './saved-reply.js';
import { cleanSavedReplyText, cleanSavedReplyTitle } from './saved-reply-text.js';

export interface SavedReplyInput {
  title: string;
  text: string;
  /** Shared with the whole team (admins only); otherwise the caller's own. */
  shared?: boolean;
}

/** Saves a new reply: the caller's own, or a shared one when an admin asks for it. */
export async function createSavedReply(ctx: DomainContext, input: SavedReplyInput, actor: Actor): Promise<SavedReply> {
  if (input.shared) assertMayShare(actor);
  const time = now();
  const { id } = await ctx.db
    .insertInto('saved_replies')
    .values({
      owner_id: input.shared ? null : actor.id,
      title: cleanSavedReplyTitle(input.title),
      body: cleanSavedReplyText(input.text),
      created_by: actor.id,
      created_at: time,
      updated_at: time,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return findVisibleSavedReply(ctx.db, actor, id);
}
