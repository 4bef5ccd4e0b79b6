import type { Actor, DomainContext } from '../domain/context.js';
import { mayReadTicketOf } from '../domain/people/organisation-sharing.js';
import { mayReadComment } from '../policies/ticket-policy.js';
import type { ThumbnailUploader } from './share-thumbnail-work.js';

/** A stored file as its answer needs it. */
export interface ReadableAttachment {
  rowId: number;
  /** The id in its URL. */
  publicId: string;
  name: string;
  size: number;
  type: string;
  storageKey: string;
  /** The thumbnail's store key once made, '' when none can be made, null before the first request. */
  thumbKey: string | null;
  thumbSize: number | null;
  /** Who sent it (the comment's author, else the ticket's): thumbnails are made in turns per uploader. */
  uploader: ThumbnailUploader;
}

/**
 * The attachment with this public id, when the actor may read what it was sent with: its ticket (the
 * client's own, a colleague's while organisation sharing is on, or any for staff: mayReadTicketOf) and,
 * for a comment's file, that comment (an internal note's files are never a client's). Undefined otherwise, exactly
 * as for an id that does not exist.
 */
export async function findReadableAttachment(
  ctx: DomainContext,
  actor: Actor | null,
  publicId: string,
): Promise<ReadableAttachment | undefined> {
  const row = await loadAttachment(ctx, publicId);
  if (!row || !(await mayReadTicketOf(ctx, actor, row.author_id))) return undefined;
  if (row.comment_id !== null && !mayReadComment(actor, { isInternal: row.meta_value === '1' })) return undefined;
  return toReadable(row);
}

/**
 * The attachment a mailed link names (the link's signature was checked): what the mail could carry, so
 * never an internal note's file, and only while its ticket, comment and bytes exist.
 */
export async function findMailedAttachment(ctx: DomainContext, publicId: string): Promise<ReadableAttachment | undefined> {
  const row = await loadAttachment(ctx, publicId);
  if (!row || row.meta_value === '1') return undefined;
  return toReadable(row);
}

async function loadAttachment(ctx: DomainContext, publicId: string) {
  const row = await ctx.db
    .selectFrom('attachments as a')
    .innerJoin('posts as p', (join) => join.onRef('p.id', '=', 'a.ticket_id').on('p.type', '=', 'ticket'))
    .leftJoin('comments as c', (join) => join.onRef('c.id', '=', 'a.comment_id').onRef('c.post_id', '=', 'a.ticket_id'))
    .leftJoin('comment_meta as m', (join) => join.onRef('m.comment_id', '=', 'c.id').on('m.meta_key', '=', 'is_internal'))
    .leftJoin('users as u', (join) => join.on((eb) => eb('u.id', '=', eb.fn.coalesce('c.author_id', 'p.author_id'))))
    .select([
      'a.id',
      'a.ticket_id',
      'a.public_id',
      'a.thumb_key',
      'a.thumb_size',
      'a.name',
      'a.size',
      'a.type',
      'a.storage_key',
      'a.comment_id',
    ])
    .select(['c.id as found_comment', 'p.author_id', 'm.meta_value', 'u.id as uploader_id', 'u.role as uploader_role'])
    .where('a.public_id', '=', publicId)
    .where('a.is_pending', '=', 0)
    // A purged file's row stays for the thread's note; its bytes are gone.
    .where('a.removed_at', 'is', null)
    .executeTakeFirst();
  // A comment's file whose comment is gone (or on another ticket) is no one's to read.
  if (row && row.comment_id !== null && row.found_comment === null) return undefined;
  return row;
}

function toReadable(row: NonNullable<Awaited<ReturnType<typeof loadAttachment>>>): ReadableAttachment {
  return {
    rowId: row.id,
    publicId: row.public_id,
    name: row.name,
    size: Number(row.size),
    type: row.type,
    storageKey: row.storage_key,
    thumbKey: row.thumb_key,
    thumbSize: row.thumb_size === null ? null : Number(row.thumb_size),
    uploader: {
      key: row.uploader_id === null ? `ticket:${row.ticket_id}` : `user:${row.uploader_id}`,
      isStaff: row.uploader_role === 'agent' || row.uploader_role === 'admin',
    },
  };
}
