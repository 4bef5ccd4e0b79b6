import type { DomainContext } from '../domain/context.js';
import { now } from '../domain/context.js';
import { cleanFileName } from './clean-file-name.js';
import { newPublicId, newStorageKey } from './file-keys.js';
import { inspectUpload, type UploadRules, type Verdict } from './inspect-upload.js';
import { THIS_UPLOADER } from './upload-owner.js';

/** A file stored and checked, pending until its ticket or comment commits (claimUploads). */
export interface ReceivedUpload {
  rowId: number;
  publicId: string;
  name: string;
  size: number;
  type: string;
  storageKey: string;
}

/**
 * Stores one sent file as a pending attachment: its row first (so whatever an abort leaves can be found
 * and swept), then its bytes through the checks of inspectUpload into the file store. On any refusal or
 * failure nothing of it is left and the error is thrown.
 */
export async function receiveUpload(
  ctx: DomainContext,
  sentName: string | undefined,
  source: AsyncIterable<Uint8Array>,
  rules: UploadRules,
): Promise<ReceivedUpload> {
  const name = cleanFileName(sentName);
  const storageKey = newStorageKey();
  const publicId = newPublicId();
  const { id } = await ctx.db
    .insertInto('attachments')
    .values({ public_id: publicId, name, storage_key: storageKey, created_at: now(), uploader: THIS_UPLOADER })
    .returning('id')
    .executeTakeFirstOrThrow();
  const verdict: Verdict = { type: 'application/octet-stream' };
  try {
    const { size } = await ctx.files.put(storageKey, inspectUpload(source, name, rules, verdict));
    await ctx.db.updateTable('attachments').set({ size, type: verdict.type }).where('id', '=', id).execute();
    return { rowId: id, publicId, name, size, type: verdict.type, storageKey };
  } catch (error) {
    await ctx.db.deleteFrom('attachments').where('id', '=', id).execute();
    throw error;
  }
}
