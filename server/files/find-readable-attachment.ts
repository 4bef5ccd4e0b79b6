import type { Actor, DomainContext } from '../domain/context.js';
import { mayReadComment, mayReadTicket } from '../policies/ticket-policy.js';

/** A stored file as its answer needs it. */
export interface ReadableAttachment {
  name: string;
  size: number;
  type: string;
  storageKey: string;
}

/**
 * The attachment with this public id, when the actor may read what it was sent with: its ticket (the
 * client's own, or any for staff) and, for a comment's file, that comment (an internal note's files are
 * never a client's). Undefined otherwise, exactly as for an id that does not exist.
 */
export async function findReadableAttachment(
  ctx: DomainContext,
  actor: Actor | null,
  publicId: string,
): Promise<ReadableAttachment | undefined> {
  const row = await ctx.db
    .selectFrom('attachments as a')
    .innerJoin('posts as p', (join) => join.onRef('p.id', '=', 'a.ticket_id').on('p.type', '=', 'ticket'))
    .leftJoin('comments as c', (join) => join.onRef('c.id', '=', 'a.comment_id').onRef('c.post_id', '=', 'a.ticket_id'))
    .leftJoin('comment_meta as m', (join) => join.onRef('m.comment_id', '=', 'c.id').on('m.meta_key', '=', 'is_internal'))
    .select(['a.name', 'a.size', 'a.type', 'a.storage_key', 'a.comment_id', 'c.id as found_comment', 'p.author_id', 'm.meta_value'])
    .where('a.public_id', '=', publicId)
    .where('a.is_pending', '=', 0)
    .executeTakeFirst();
  if (!row || !mayReadTicket(actor, row.author_id)) return undefined;
  // A comment's file whose comment is gone (or on another ticket) is no one's to read.
  if (row.comment_id !== null && row.found_comment === null) return undefined;
  if (row.comment_id !== null && !mayReadComment(actor, { isInternal: row.meta_value === '1' })) return undefined;
  return { name: row.name, size: Number(row.size), type: row.type, storageKey: row.storage_key };
}
