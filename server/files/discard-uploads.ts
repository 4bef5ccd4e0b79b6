import type { DomainContext } from '../domain/context.js';

/**
 * Deletes pending uploads (their bytes, then their rows) of a message that was refused or failed. A row
 * already claimed is left alone: only `is_pending = 1` rows are deleted.
 */
export async function discardUploads(ctx: DomainContext, uploads: ReadonlyArray<{ rowId: number; storageKey: string }>): Promise<void> {
  for (const upload of uploads) {
    const row = await ctx.db
      .selectFrom('attachments')
      .select(['is_pending', 'thumb_key'])
      .where('id', '=', upload.rowId)
      .executeTakeFirst();
    if (row?.is_pending !== 1) continue;
    await ctx.files.delete(upload.storageKey);
    // A deleted ticket's image may have had its thumbnail made.
    if (row.thumb_key) await ctx.files.delete(row.thumb_key);
    await ctx.db.deleteFrom('attachments').where('id', '=', upload.rowId).where('is_pending', '=', 1).execute();
  }
}
