import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import type { ReceivedUpload } from './receive-upload.js';

/**
 * Inside the transaction that stores a ticket (comment null: its description) or a comment: the pending
 * uploads become its attachments, so they commit together or not at all.
 */
export async function claimUploads(
  trx: Kysely<Database>,
  uploads: readonly ReceivedUpload[],
  owner: { ticketId: number; commentId: number | null },
): Promise<void> {
  if (!uploads.length) return;
  const result = await trx
    .updateTable('attachments')
    .set({ ticket_id: owner.ticketId, comment_id: owner.commentId, is_pending: 0 })
    .where(
      'id',
      'in',
      uploads.map((upload) => upload.rowId),
    )
    .where('is_pending', '=', 1)
    .executeTakeFirst();
  // A pending row can only be gone if the sweep took it (an upload older than an hour): store nothing.
  if (Number(result.numUpdatedRows) !== uploads.length) throw new Error('A pending upload was swept before its message was stored.');
}
