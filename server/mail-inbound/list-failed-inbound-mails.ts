import type { DomainContext } from '../domain/context.js';

export interface FailedInboundMail {
  id: number;
  messageId: string;
  sender: string;
  subject: string;
  /** As stored: a catalogue message as JSON (or, in rows from before, English text); see `showReason`. */
  reason: string | null;
  receivedAt: string;
}

/** The newest refused incoming mails (at most `limit`), with why each was refused. */
export async function listFailedInboundMails(ctx: DomainContext, limit = 100): Promise<FailedInboundMail[]> {
  const rows = await ctx.db
    .selectFrom('inbound_mails')
    .select(['id', 'message_id', 'sender', 'subject', 'reason', 'created_at'])
    .where('outcome', '=', 'rejected')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    messageId: r.message_id,
    sender: r.sender,
    subject: r.subject,
    reason: r.reason,
    receivedAt: r.created_at,
  }));
}
