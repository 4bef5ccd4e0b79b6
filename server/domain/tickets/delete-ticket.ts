import { discardUploads } from '../../files/discard-uploads.js';
import { hiddenTicket } from '../../policies/ticket-policy.js';
import type { DomainContext } from '../context.js';
import { findTicket } from './find-ticket.js';

// Far in the past: a deleted ticket's files are at once "abandoned" for the sweep.
const LONG_AGO = '1970-01-01T00:00:00.000Z';

/**
 * Deletes a ticket with everything of it: comments, meta, terms, activity, sent-mail records and its
 * files. The rows go in one transaction; the files' rows are turned into abandoned uploads there, and
 * their bytes deleted right after, so if the process stops in between the sweep finishes the work and
 * no byte of a deleted ticket outlives it. Incoming-mail records stay (they keep each mail imported
 * once) without their ticket.
 */
export async function deleteTicket(ctx: DomainContext, ticketId: number): Promise<void> {
  if (!(await findTicket(ctx, ticketId))) throw hiddenTicket();
  const files = await ctx.db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom('attachments').select(['id', 'storage_key']).where('ticket_id', '=', ticketId).execute();
    await trx
      .updateTable('attachments')
      .set({ ticket_id: null, comment_id: null, is_pending: 1, created_at: LONG_AGO })
      .where('ticket_id', '=', ticketId)
      .execute();
    await trx.updateTable('inbound_mails').set({ ticket_id: null, comment_id: null }).where('ticket_id', '=', ticketId).execute();
    await trx.deleteFrom('sent_mails').where('ticket_id', '=', ticketId).execute();
    await trx.deleteFrom('ticket_events').where('ticket_id', '=', ticketId).execute();
    await trx.deleteFrom('ticket_ratings').where('ticket_id', '=', ticketId).execute();
    await trx.deleteFrom('rating_requests').where('ticket_id', '=', ticketId).execute();
    await trx.deleteFrom('notifications').where('ticket_id', '=', ticketId).execute();
    // Comments, their meta, the ticket's meta, terms and idempotency keys go with it (ON DELETE CASCADE).
    await trx.deleteFrom('posts').where('id', '=', ticketId).where('type', '=', 'ticket').execute();
    return rows;
  });
  await discardUploads(
    ctx,
    files.map((file) => ({ rowId: file.id, storageKey: file.storage_key })),
  );
}
