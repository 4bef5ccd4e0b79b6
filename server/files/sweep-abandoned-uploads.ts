import type { DomainContext } from '../domain/context.js';
import { isUploaderGone, THIS_MACHINE_PREFIX } from './upload-owner.js';

/** An upload still pending after this was abandoned (a killed process, a lost connection). */
export const ABANDONED_AFTER_MS = 60 * 60 * 1000;

/**
 * Deletes what aborted uploads left behind, bytes first (chunks, a partial or spool file, an unfinished
 * multipart upload), then their rows: pending attachments older than an hour, and at once those whose process is
 * known to have ended (killed on this machine: see upload-owner.ts), so a restart after kill -9 starts
 * clean. Runs at start and with the worker's housekeeping; an hour is far longer than any upload takes,
 * so another instance's upload in progress is never touched.
 */
export async function sweepAbandonedUploads(ctx: DomainContext, at = Date.now()): Promise<number> {
  const cutoff = new Date(at - ABANDONED_AFTER_MS).toISOString();
  const rows = await ctx.db
    .selectFrom('attachments')
    .select(['id', 'storage_key', 'thumb_key', 'created_at', 'uploader'])
    .where('is_pending', '=', 1)
    .where((eb) => eb.or([eb('created_at', '<', cutoff), eb('uploader', 'like', `${THIS_MACHINE_PREFIX}%`)]))
    .execute();
  const abandoned = rows.filter((row) => row.created_at < cutoff || isUploaderGone(row.uploader));
  for (const row of abandoned) {
    await ctx.files.delete(row.storage_key);
    if (row.thumb_key) await ctx.files.delete(row.thumb_key);
    await ctx.db.deleteFrom('attachments').where('id', '=', row.id).where('is_pending', '=', 1).execute();
  }
  // Local files whose rows are gone (another instance swept them while this one was down) have no key
  // that leads here any more: they go by age.
  await ctx.files.deleteLocalLeftovers?.(at - ABANDONED_AFTER_MS);
  return abandoned.length;
}
