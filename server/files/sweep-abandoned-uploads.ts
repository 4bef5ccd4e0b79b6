import type { DomainContext } from '../domain/context.js';

/** An upload still pending after this was abandoned (a killed process, a lost connection). */
export const ABANDONED_AFTER_MS = 60 * 60 * 1000;

/**
 * Deletes what aborted uploads left behind: pending attachments older than an hour, their bytes first
 * (chunks or a partial file), then their rows. Runs at start and with the worker's housekeeping; an hour
 * is far longer than any upload takes, so another instance's upload in progress is never touched.
 */
export async function sweepAbandonedUploads(ctx: DomainContext, at = Date.now()): Promise<number> {
  const cutoff = new Date(at - ABANDONED_AFTER_MS).toISOString();
  const rows = await ctx.db
    .selectFrom('attachments')
    .select(['id', 'storage_key', 'thumb_key'])
    .where('is_pending', '=', 1)
    .where('created_at', '<', cutoff)
    .execute();
  for (const row of rows) {
    await ctx.files.delete(row.storage_key);
    if (row.thumb_key) await ctx.files.delete(row.thumb_key);
    await ctx.db.deleteFrom('attachments').where('id', '=', row.id).where('is_pending', '=', 1).execute();
  }
  return rows.length;
}
