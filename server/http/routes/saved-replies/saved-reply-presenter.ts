import type { SavedReply } from '../../../domain/saved-replies/saved-reply.js';

/** The fields of a saved reply that leave the server; `filled` when the caller named a ticket. */
export function presentSavedReply(reply: SavedReply, filled?: string) {
  return {
    id: reply.id,
    title: reply.title,
    text: reply.text,
    ...(filled === undefined ? {} : { filled }),
    shared: reply.isShared,
    owner: reply.owner,
    editable: reply.isEditable,
    created: reply.created,
    modified: reply.modified,
  };
}
