import type { Readable } from 'node:stream';
import type { Config } from '../config/config-types.js';
import type { DomainContext } from '../domain/context.js';
import { signedFileUrl } from '../files/signed-file-link.js';

const MB = 1_048_576;

/** A file carried by a mail: opened when the mail is sent, so its bytes stream from the store. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  open(): Promise<Readable>;
}

/** One line of the mail's file list: attached, or a signed link that works until `expiresAt`. */
export interface MailedFile {
  name: string;
  size: number;
  link: { url: string; expiresAt: Date } | null;
}

export interface MailFiles {
  attachments: MailAttachment[];
  listed: MailedFile[];
}

/** Tickets → Attachments, as the mail needs them. */
export interface MailFileSettings {
  attachment_mail_attach_mb: number;
  attachment_mail_link_days: number;
}

/**
 * The files a mail about a message brings: the description's (`commentId` null) or one comment's. The
 * caller never asks for an internal note's (those are not mailed at all). All are attached when they add up
 * to Tickets → Attachments' mail size at most; otherwise each is a signed link that expires, so a large
 * set never bounces and never fills a mailbox. Purged files are not mentioned.
 */
export async function mailFilesOf(
  ctx: DomainContext,
  config: Pick<Config, 'homeUrl'>,
  message: { ticketId: number; commentId: number | null },
  settings: MailFileSettings,
): Promise<MailFiles> {
  let query = ctx.db
    .selectFrom('attachments')
    .select(['public_id', 'name', 'size', 'type', 'storage_key'])
    .where('ticket_id', '=', message.ticketId)
    .where('is_pending', '=', 0)
    .where('removed_at', 'is', null)
    .orderBy('id');
  query = message.commentId === null ? query.where('comment_id', 'is', null) : query.where('comment_id', '=', message.commentId);
  const rows = (await query.execute()).map((row) => ({ ...row, size: Number(row.size) }));
  const total = rows.reduce((sum, row) => sum + row.size, 0);
  const attach = rows.length > 0 && total <= settings.attachment_mail_attach_mb * MB;
  if (attach) {
    return {
      attachments: rows.map((row) => ({
        filename: row.name,
        // Decided from the content at upload; what the mail program sees, never what the sender claimed.
        contentType: row.type,
        open: () => ctx.files.get(row.storage_key),
      })),
      listed: rows.map((row) => ({ name: row.name, size: row.size, link: null })),
    };
  }
  const listed: MailedFile[] = [];
  for (const row of rows) {
    listed.push({
      name: row.name,
      size: row.size,
      link: await signedFileUrl(ctx, config, row.public_id, settings.attachment_mail_link_days),
    });
  }
  return { attachments: [], listed };
}
