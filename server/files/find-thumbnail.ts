import { Readable } from 'node:stream';
import type { DomainContext } from '../domain/context.js';
import { newStorageKey } from './file-keys.js';
import type { ReadableAttachment } from './find-readable-attachment.js';
import { hasThumbnail, makeThumbnail, ThumbnailRefused } from './make-thumbnail.js';
import { shareThumbnailWork } from './share-thumbnail-work.js';

/**
 * Images larger than this get no thumbnail (the thread links them instead): libvips reads its input
 * whole, so this bounds the memory one request can take. A 50-megapixel JPEG is about 20 MB.
 */
export const THUMBNAIL_MAX_SOURCE_BYTES = 40 * 1024 * 1024;

// Thumbnails are made at most one per core and one per uploader at a time, uploaders in turn, staff on a
// core of their own (share-thumbnail-work.ts): a page of twenty new images must not hold twenty decoded
// images in memory at once, and a client's images, however many and large, never hold an agent's view.
// Each is made once, so the lines are short-lived.
export const thumbnailWork = shareThumbnailWork();

/** Marks an image whose thumbnail cannot be made, so no later request tries again. */
const CANNOT = '';

/**
 * The stored thumbnail of a readable file (the caller checked who asks): made on the first request and
 * kept in the file store under a key of its own. Two first requests at once may both make one; the first
 * to record its key wins and the other's copy is deleted. Undefined when there is none and can be none.
 */
export async function findThumbnail(ctx: DomainContext, file: ReadableAttachment): Promise<{ key: string; size: number } | undefined> {
  if (!hasThumbnail(file.type) || file.size > THUMBNAIL_MAX_SOURCE_BYTES || file.thumbKey === CANNOT) return undefined;
  if (file.thumbKey !== null && file.thumbSize !== null) return { key: file.thumbKey, size: file.thumbSize };
  let thumbnail: Buffer;
  try {
    const make = async () => makeThumbnail(await readWhole(ctx, file.storageKey), file.type);
    // Switched off (HELPDESK_PERFORMANCE_OFF=thumbnail-sharing), each request makes its image at once.
    thumbnail = ctx.performanceOff.has('thumbnail-sharing') ? await make() : await thumbnailWork.run(file.uploader, make);
  } catch (error) {
    if (!(error instanceof ThumbnailRefused)) throw error;
    await ctx.db
      .updateTable('attachments')
      .set({ thumb_key: CANNOT })
      .where('id', '=', file.rowId)
      .where('thumb_key', 'is', null)
      .execute();
    return undefined;
  }
  const key = newStorageKey();
  const { size } = await ctx.files.put(key, Readable.from([thumbnail]));
  const recorded = await ctx.db
    .updateTable('attachments')
    .set({ thumb_key: key, thumb_size: size })
    .where('id', '=', file.rowId)
    .where('thumb_key', 'is', null)
    // The file may have been purged or deleted while the thumbnail was made: then keep nothing.
    .where('removed_at', 'is', null)
    .where('is_pending', '=', 0)
    .executeTakeFirst();
  if (Number(recorded.numUpdatedRows) === 1) return { key, size };
  await ctx.files.delete(key);
  const winner = await ctx.db
    .selectFrom('attachments')
    .select(['thumb_key', 'thumb_size'])
    .where('id', '=', file.rowId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (!winner?.thumb_key || winner.thumb_size === null) return undefined;
  return { key: winner.thumb_key, size: Number(winner.thumb_size) };
}

async function readWhole(ctx: DomainContext, key: string): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for await (const piece of await ctx.files.get(key)) pieces.push(piece as Buffer);
  return Buffer.concat(pieces);
}
