import type { DomainContext } from '../domain/context.js';
import { getCoreSettings } from '../settings/core-settings.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Tickets → Attachments "Delete files of tickets closed for N days" (0: never): deletes the bytes (and
 * thumbnails) of every file of a ticket in the Closed status with no change for longer than N days. A
 * ticket's `updated_at` moves with every change (a reply, a status), and closing it is one, so "no change
 * for N days while Closed" means closed for at least N days; reopening, or any reply, starts the count again.
 *
 * The row stays as a tombstone (`removed_at`, and the N of that time), so the thread still shows that a
 * file was there and why it went. It is marked first, so from then on no one is served it; its bytes go
 * after; `size` becomes 0 once they are gone. A run stopped in between is finished by the next one.
 * Runs with the worker's housekeeping; returns how many files it removed.
 */
export async function purgeClosedTicketFiles(ctx: DomainContext, at = new Date()): Promise<number> {
  const days = (await getCoreSettings(ctx)).tickets.attachment_purge_closed_days;
  if (days > 0) {
    const cutoff = new Date(at.getTime() - days * DAY_MS).toISOString();
    const closedLongAgo = ctx.db
      .selectFrom('posts as p')
      .innerJoin('term_relationships as tr', (join) => join.onRef('tr.post_id', '=', 'p.id').on('tr.taxonomy', '=', 'ticket_status'))
      .innerJoin('terms as t', 't.id', 'tr.term_id')
      .select('p.id')
      .where('p.type', '=', 'ticket')
      .where('t.slug', '=', 'closed')
      .where('p.updated_at', '<', cutoff);
    await ctx.db
      .updateTable('attachments')
      .set({ removed_at: at.toISOString(), removed_after_days: days })
      .where('ticket_id', 'in', closedLongAgo)
      .where('is_pending', '=', 0)
      .where('removed_at', 'is', null)
      .execute();
  }
  // Marked now or by a run that stopped before the bytes went (whatever the setting is now).
  const marked = await ctx.db
    .selectFrom('attachments')
    .select(['id', 'storage_key', 'thumb_key'])
    .where('removed_at', 'is not', null)
    .where((eb) => eb.or([eb('size', '>', 0), eb('thumb_key', 'is not', null)]))
    .execute();
  for (const row of marked) {
    await ctx.files.delete(row.storage_key);
    if (row.thumb_key) await ctx.files.delete(row.thumb_key);
    await ctx.db.updateTable('attachments').set({ size: 0, thumb_key: null, thumb_size: null }).where('id', '=', row.id).execute();
  }
  return marked.length;
}
