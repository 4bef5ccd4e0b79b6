import { sql } from 'kysely';
import type { DomainContext } from '../domain/context.js';
import { getCoreSettings } from '../settings/core-settings.js';
import { allowedTypes } from './file-kinds.js';
import type { UploadRules } from './inspect-upload.js';

const MB = 1_048_576;

/** What a message's files may be: the rules of each file, how many, and whether this sender may send any. */
export interface MessageUploadRules extends UploadRules {
  maxFiles: number;
  /** False for anonymous senders when Tickets → Attachments does not allow them files. */
  mayAttach: boolean;
  /** Megabytes one address may send per hour. */
  ipMbPerHour: number;
}

/**
 * Tickets → Attachments for one message: a new ticket (no `ticketId`) starts with its whole allowance, a
 * reply has what the ticket's stored files leave.
 */
export async function uploadRulesFor(ctx: DomainContext, sender: { anonymous: boolean; ticketId?: number }): Promise<MessageUploadRules> {
  const settings = (await getCoreSettings(ctx)).tickets;
  const maxTicketBytes = settings.attachment_max_ticket_mb * MB;
  const used = sender.ticketId === undefined ? 0 : await storedBytes(ctx, sender.ticketId);
  const allowed = allowedTypes(settings);
  return {
    maxFileBytes: settings.attachment_max_file_mb * MB,
    maxTicketBytes,
    remainingBytes: Math.max(0, maxTicketBytes - used),
    allowedTypes: allowed.types,
    allowedWords: allowed.words,
    maxFiles: settings.attachment_max_files,
    mayAttach: !sender.anonymous || settings.attachments_anonymous,
    ipMbPerHour: settings.attachment_ip_mb_hour,
  };
}

async function storedBytes(ctx: DomainContext, ticketId: number): Promise<number> {
  const row = await ctx.db
    .selectFrom('attachments')
    .select(sql<number>`coalesce(sum(size), 0)`.as('total'))
    .where('ticket_id', '=', ticketId)
    .where('is_pending', '=', 0)
    // Purged files hold no bytes any more.
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}
