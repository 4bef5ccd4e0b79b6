import type { Insertable, Kysely } from 'kysely';
import type { Message } from '../../common/i18n/translator.js';
import type { Database, InboundMailsTable } from '../db/tables.js';
import { storedReason } from './inbound-reason.js';
import type { IncomingMail } from './parse-incoming-mail.js';

export type InboundSource = InboundMailsTable['source'];

// A refused mail is kept for a retry up to this size; a bigger one (a large attachment) keeps its reason only.
const KEEP_RAW_MAX = 10_000_000;

/** The row that records what came of a message; `raw` is kept for rejected mail only (for a retry). */
export function inboundRow(
  mail: IncomingMail,
  source: InboundSource,
  outcome: InboundMailsTable['outcome'],
  details: { reason?: Message; ticketId?: number; commentId?: number } = {},
): Insertable<InboundMailsTable> {
  return {
    message_id: mail.messageId,
    sender: (mail.from ?? '').slice(0, 320),
    subject: mail.subject.slice(0, 500),
    outcome,
    reason: details.reason ? storedReason(details.reason) : null,
    ticket_id: details.ticketId ?? null,
    comment_id: details.commentId ?? null,
    raw: outcome === 'rejected' && mail.raw.length <= KEEP_RAW_MAX ? mail.raw : null,
    source,
    created_at: new Date().toISOString(),
  };
}

/** Records an outcome once: a second delivery of the same Message-ID finds the first row and changes nothing. */
export async function recordInboundMail(db: Kysely<Database>, row: Insertable<InboundMailsTable>): Promise<void> {
  await db
    .insertInto('inbound_mails')
    .values(row)
    .onConflict((oc) => oc.column('message_id').doNothing())
    .execute();
}
