import { message } from '../../../common/i18n/translator.js';
import { AppError } from '../../errors.js';
import { discardUploads } from '../../files/discard-uploads.js';
import { translatorFor } from '../../i18n/translators.js';
import { getSiteOptions } from '../../settings/site-options.js';
import type { Actor, DomainContext } from '../context.js';
import { deleteTicket } from '../tickets/delete-ticket.js';

export type ErasureMode = 'delete' | 'anonymise';

/** What an erasure did, as its record keeps it: counts only, no personal data. */
export interface Erasure {
  id: number;
  erased_at: string;
  by_user_id: number | null;
  mode: ErasureMode;
  tickets: number;
  messages: number;
  files: number;
  outbox_mails: number;
}

// Far in the past: a file handed to discardUploads is at once "abandoned" for the sweep if this stops midway.
const LONG_AGO = '1970-01-01T00:00:00.000Z';

/**
 * Erases a client for good. `delete`: their tickets go whole (messages, files with their thumbnails, ratings),
 * as deleteTicket does. `anonymise`: their tickets stay for the reports' counts (report facts untouched) but
 * lose the subject (now "Deleted client"), every message's text, ticket fields, rating comments and every
 * file's bytes. In both modes their messages on other tickets are emptied, the account goes (its sessions, API
 * tokens, sign-in links and preferences with it), queued and past mails to them leave the outbox, the address
 * leaves the sent- and received-mail records and the sign-up proofs, the activity of tickets they were copied on
 * names them as "Deleted client"; the text search follows the rows. One
 * `erasures` row keeps who did it, when, the mode and the counts. There is no undo.
 */
export async function eraseClient(ctx: DomainContext, clientId: number, mode: ErasureMode, by: Actor | null): Promise<Erasure> {
  const user = await ctx.db.selectFrom('users').select(['id', 'email', 'role']).where('id', '=', clientId).executeTakeFirst();
  if (user?.role !== 'client') throw new AppError('NOT_FOUND', message('problems.people.no_account_id', { id: String(clientId) }));
  const email = user.email;
  const ticketIds = (
    await ctx.db.selectFrom('posts').select('id').where('type', '=', 'ticket').where('author_id', '=', clientId).execute()
  ).map((t) => t.id);
  const counted = ticketIds.length
    ? await ctx.db
        .selectFrom('comments')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('post_id', 'in', ticketIds)
        .executeTakeFirstOrThrow()
    : { n: 0 };
  const ownFiles = ticketIds.length
    ? await ctx.db.selectFrom('attachments').select(['id', 'storage_key', 'thumb_key']).where('ticket_id', 'in', ticketIds).execute()
    : [];
  // Their messages on tickets not theirs (a reply on a ticket they were moved from): emptied, their files gone.
  const elsewhere = await ctx.db
    .selectFrom('comments')
    .select('id')
    .where('author_id', '=', clientId)
    .where('post_id', 'not in', ticketIds.length ? ticketIds : [0])
    .execute();
  const elsewhereIds = elsewhere.map((c) => c.id);
  const elsewhereFiles = elsewhereIds.length
    ? await ctx.db.selectFrom('attachments').select(['id', 'storage_key', 'thumb_key']).where('comment_id', 'in', elsewhereIds).execute()
    : [];

  const erasedTitle = await anonymisedTitle(ctx);
  if (mode === 'delete') {
    for (const id of ticketIds) await deleteTicket(ctx, id);
  } else {
    await anonymiseTickets(ctx, ticketIds, erasedTitle);
  }
  if (elsewhereIds.length) {
    await ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('comments').set({ content: '' }).where('id', 'in', elsewhereIds).execute();
      await trx
        .updateTable('attachments')
        .set({ ticket_id: null, comment_id: null, is_pending: 1, created_at: LONG_AGO })
        .where('comment_id', 'in', elsewhereIds)
        .execute();
    });
    await discardUploads(
      ctx,
      elsewhereFiles.map((f) => ({ rowId: f.id, storageKey: f.storage_key })),
    );
  }

  const erasedAt = new Date().toISOString();
  const { outboxMails, erasureId } = await ctx.db.transaction().execute(async (trx) => {
    // Mails to them, queued or kept: the payload names the account or, for the access mail, the address.
    // The LIKE only narrows (an `_` or `%` in the address widens it); namesPerson decides.
    const candidates = await trx
      .selectFrom('jobs')
      .select(['id', 'payload', 'state'])
      .where((eb) => eb.or([eb('payload', 'like', `%"userId":${clientId}%`), eb('payload', 'like', `%${email}%`)]))
      .where('state', '!=', 'running')
      .execute();
    const mails = candidates.filter((job) => namesPerson(job.payload, clientId, email)).map((job) => job.id);
    if (mails.length) await trx.deleteFrom('jobs').where('id', 'in', mails).execute();
    await trx.updateTable('sent_mails').set({ recipient: '' }).where('recipient', '=', email).execute();
    await trx.updateTable('inbound_mails').set({ sender: '', subject: '', raw: null }).where('sender', '=', email).execute();
    await trx.deleteFrom('address_proofs').where('email', '=', email).execute();
    await trx.deleteFrom('sessions').where('user_id', '=', clientId).execute();
    await trx.deleteFrom('api_tokens').where('user_id', '=', clientId).execute();
    await trx.deleteFrom('login_tokens').where('user_id', '=', clientId).execute();
    await trx.deleteFrom('user_meta').where('user_id', '=', clientId).execute();
    await trx.deleteFrom('notifications').where('user_id', '=', clientId).execute();
    await trx.deleteFrom('ticket_reads').where('user_id', '=', clientId).execute();
    // Activity entries about them (copied in, taken off) on tickets that stay: their name becomes the erased
    // client's label ("Alex copied in Deleted client"), and the entry no longer points at the account, as a foreign
    // key's ON DELETE SET NULL would (the wording needs the id only for staff followers, never for a client).
    // Entries recorded before ids were kept (2026-12-04) cannot be told from a namesake's and keep their words.
    await trx
      .updateTable('ticket_events')
      .set((eb) => ({
        new_value: eb.case().when('new_value', 'is not', null).then(erasedTitle).else(null).end(),
        old_value: eb.case().when('old_value', 'is not', null).then(erasedTitle).else(null).end(),
        person_id: null,
      }))
      .where('person_id', '=', clientId)
      .execute();
    // Their tickets and messages kept (anonymise) lose their author here (ON DELETE SET NULL).
    await trx.deleteFrom('users').where('id', '=', clientId).execute();
    const row = await trx
      .insertInto('erasures')
      .values({
        erased_at: erasedAt,
        by_user_id: by?.id ?? null,
        mode,
        tickets: ticketIds.length,
        messages: Number(counted.n) + elsewhereIds.length,
        files: ownFiles.length + elsewhereFiles.length,
        outbox_mails: mails.length,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { outboxMails: mails.length, erasureId: row.id };
  });
  ctx.live.publish({ kind: 'access.revoked', userId: clientId });
  return {
    id: erasureId,
    erased_at: erasedAt,
    by_user_id: by?.id ?? null,
    mode,
    tickets: ticketIds.length,
    messages: Number(counted.n) + elsewhereIds.length,
    files: ownFiles.length + elsewhereFiles.length,
    outbox_mails: outboxMails,
  };
}

/** The job's payload is a mail to this account or address (a LIKE only narrows; this decides). */
function namesPerson(payload: string, userId: number, email: string): boolean {
  try {
    const parsed = JSON.parse(payload) as { userId?: unknown; email?: unknown };
    return parsed.userId === userId || (typeof parsed.email === 'string' && parsed.email.toLowerCase() === email);
  } catch {
    return false;
  }
}

/** The title an anonymised ticket keeps, in the site's language (the staff's list shows it). */
export async function anonymisedTitle(ctx: DomainContext): Promise<string> {
  return translatorFor((await getSiteOptions(ctx.db)).site_language).t('common.deleted_client');
}

/**
 * Empties tickets for good but keeps their rows (and so their report facts): the subject becomes `title`, the
 * description, every message's text, the ticket fields and rating comments are emptied, every file's bytes and
 * thumbnail deleted, the client's link dropped; `privacy_anonymised` marks the ticket so retention passes it by.
 */
export async function anonymiseTickets(ctx: DomainContext, ticketIds: number[], title: string): Promise<number> {
  if (ticketIds.length === 0) return 0;
  const files = await ctx.db.selectFrom('attachments').select(['id', 'storage_key']).where('ticket_id', 'in', ticketIds).execute();
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('posts').set({ title, content: '', author_id: null }).where('id', 'in', ticketIds).execute();
    await trx.deleteFrom('post_meta').where('post_id', 'in', ticketIds).execute();
    await trx
      .insertInto('post_meta')
      .values(ticketIds.map((post_id) => ({ post_id, meta_key: 'privacy_anonymised', meta_value: '1' })))
      .execute();
    await trx.updateTable('comments').set({ content: '' }).where('post_id', 'in', ticketIds).execute();
    await trx.updateTable('ticket_ratings').set({ comment: '' }).where('ticket_id', 'in', ticketIds).execute();
    await trx.updateTable('inbound_mails').set({ sender: '', subject: '', raw: null }).where('ticket_id', 'in', ticketIds).execute();
    await trx.updateTable('sent_mails').set({ recipient: '' }).where('ticket_id', 'in', ticketIds).execute();
    await trx
      .updateTable('attachments')
      .set({ ticket_id: null, comment_id: null, is_pending: 1, created_at: LONG_AGO })
      .where('ticket_id', 'in', ticketIds)
      .execute();
  });
  await discardUploads(
    ctx,
    files.map((f) => ({ rowId: f.id, storageKey: f.storage_key })),
  );
  return files.length;
}
