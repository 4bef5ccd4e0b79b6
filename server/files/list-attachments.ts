import type { DomainContext } from '../domain/context.js';
import { THUMBNAIL_MAX_SOURCE_BYTES } from './find-thumbnail.js';
import { hasThumbnail } from './make-thumbnail.js';

/** A stored file as a ticket or comment lists it. */
export interface AttachmentSummary {
  publicId: string;
  name: string;
  size: number;
  type: string;
  /** A raster image small enough to shrink, whose thumbnail has not failed. */
  hasThumbnail: boolean;
  /** Set when the purge of closed tickets' files removed it: the "N days" it was kept after closing. */
  removedAfterDays: number | null;
}

/** The files of a ticket, by what they came with: `null` for the description, else the comment id. */
export type AttachmentsByComment = Map<number | null, AttachmentSummary[]>;

/** Every committed file of a ticket (purged ones as tombstones), in the order sent, grouped by comment (the reader filters comments). */
export async function listAttachments(ctx: DomainContext, ticketId: number): Promise<AttachmentsByComment> {
  const rows = await ctx.db
    .selectFrom('attachments')
    .select(['public_id', 'name', 'size', 'type', 'comment_id', 'thumb_key', 'removed_at', 'removed_after_days'])
    .where('ticket_id', '=', ticketId)
    .where('is_pending', '=', 0)
    .orderBy('id')
    .execute();
  const grouped: AttachmentsByComment = new Map();
  for (const row of rows) {
    const list = grouped.get(row.comment_id) ?? [];
    const size = Number(row.size);
    const removed = row.removed_at !== null;
    list.push({
      publicId: row.public_id,
      name: row.name,
      size,
      type: row.type,
      hasThumbnail: !removed && hasThumbnail(row.type) && size <= THUMBNAIL_MAX_SOURCE_BYTES && row.thumb_key !== '',
      removedAfterDays: removed ? Number(row.removed_after_days ?? 0) : null,
    });
    grouped.set(row.comment_id, list);
  }
  return grouped;
}
