import { isUniqueViolation } from '../db/is-unique-violation.js';
import { addComment } from '../domain/comments/add-comment.js';
import type { DomainContext } from '../domain/context.js';
import { claimUploads } from '../files/claim-uploads.js';
import type { ReceivedUpload } from '../files/receive-upload.js';
import type { IncomingMail } from './parse-incoming-mail.js';
import type { ReceiveResult } from './receive-result.js';
import { type InboundSource, inboundRow } from './record-inbound-mail.js';

export interface ReplyAuthor {
  id: number;
  role: 'client' | 'agent' | 'admin';
  /** A client copied in on the ticket rather than its own client (server/domain/participants/). */
  copiedIn?: boolean;
}

/**
 * Adds a reply by mail to its ticket through the one comment operation: the client's reply (→ Waiting)
 * or a staff member's public reply (→ In Progress), the transition filter applied there. The record of
 * the Message-ID is written in the comment's transaction, so the unique key makes a second delivery,
 * even one racing on another instance, roll back rather than add a second comment.
 */
export async function importReply(
  ctx: DomainContext,
  mail: IncomingMail,
  source: InboundSource,
  reply: { ticketId: number; ticketNumber: number; author: ReplyAuthor; text: string; files: readonly ReceivedUpload[] },
): Promise<ReceiveResult> {
  const { ticketId, author, text } = reply;
  try {
    const comment = await addComment(
      ctx,
      {
        ticketId,
        text,
        role: author.role === 'client' ? 'client' : 'agent',
        copiedIn: author.copiedIn === true,
        alsoWrite: async (trx, commentId) => {
          await claimUploads(trx, reply.files, { ticketId, commentId });
          await trx
            .insertInto('inbound_mails')
            .values(inboundRow(mail, source, 'imported', { ticketId, commentId }))
            .execute();
        },
      },
      { id: author.id, role: author.role },
    );
    return { kind: 'imported', ticketId, ticketNumber: reply.ticketNumber, commentId: comment.id };
  } catch (error) {
    if (isUniqueViolation(error)) return { kind: 'duplicate' };
    throw error;
  }
}
