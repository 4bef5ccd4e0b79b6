import { message } from '../../common/i18n/translator.js';
import { CC_MAX, TICKET_FIELD_LIMITS } from '../../common/limits.js';
import type { DomainContext } from '../domain/context.js';
import { copyInFromMail } from '../domain/participants/copy-in-from-mail.js';
import { isEmailAddress } from '../domain/people/email-address.js';
import { fileTicket } from '../domain/tickets/file-ticket.js';
import { claimUploads } from '../files/claim-uploads.js';
import type { ReceivedUpload } from '../files/receive-upload.js';
import type { CounterStore } from '../intake/counter-store.js';
import { inboundReason, reasonOfError } from './inbound-reason.js';
import type { IncomingMail } from './parse-incoming-mail.js';
import type { ReceiveResult } from './receive-result.js';
import { type InboundSource, inboundRow, recordInboundMail } from './record-inbound-mail.js';
import { sendingServer } from './sending-server.js';

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes.
const NOT_SINGLE_LINE = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g;

/**
 * Opens a ticket from a mail to the support address through the one filing operation (the intake guard
 * with the mail's limits, the account gate and `helpdesk_can_register_users`, the confirmation mail;
 * a refusal is recorded with its reason and kept for a retry): subject → title, text → description,
 * sender → account. The Message-ID is the idempotency key, so an import interrupted after the ticket
 * committed finds that ticket again instead of filing a second one. A mail without a subject is filed
 * under `untitled` (the site's language's "(no subject)").
 */
export async function importNewTicket(
  ctx: DomainContext,
  counters: CounterStore,
  mail: IncomingMail,
  source: InboundSource,
  {
    description,
    untitled,
    files = [],
    isOwnAddress = () => false,
  }: {
    description: string;
    untitled: string;
    files?: readonly ReceivedUpload[];
    /** The helpdesk's own addresses (support, sender, reply addresses): never copied in. */
    isOwnAddress?: (address: string) => boolean;
  },
): Promise<ReceiveResult> {
  const email = mail.from ?? '';
  if (!isEmailAddress(email)) return { kind: 'rejected', ...inboundReason(message('problems.inbound.bad_sender', { email })) };
  const filed = await fileTicket(ctx, counters, {
    channel: { via: 'mail', server: sendingServer(mail) },
    ip: 'mail',
    ticket: {
      name: oneLine(mail.fromName, TICKET_FIELD_LIMITS.name) || email.slice(0, email.indexOf('@')),
      email,
      subject: oneLine(mail.subject, TICKET_FIELD_LIMITS.subject) || untitled,
      description,
      idempotencyKey: `mail:${mail.messageId}`.slice(0, 300),
      alsoWrite: files.length ? (trx, ticketId) => claimUploads(trx, files, { ticketId, commentId: null }) : undefined,
    },
  });
  if (filed.kind === 'created' || filed.kind === 'duplicate') {
    // The mail's other To/Cc people are copied in (a retry of the same mail adds no one twice); past the cap, the
    // mail's record says who was left out.
    const copied = await copyInFromMail(ctx, filed.ticket.id, mail.copied, (a) => a === email || isOwnAddress(a));
    const reason = copied.overCap.length
      ? message('problems.inbound.cc_over_cap', { max: CC_MAX, addresses: copied.overCap.join(', ').slice(0, 2000) })
      : undefined;
    await recordInboundMail(ctx.db, inboundRow(mail, source, 'imported', { ticketId: filed.ticket.id, reason }));
    return { kind: 'imported', ticketId: filed.ticket.id, ticketNumber: filed.ticket.number, commentId: null };
  }
  if (filed.kind === 'refused' || filed.kind === 'limited') return { kind: 'rejected', ...reasonOfError(filed.problem) };
  return { kind: 'rejected', ...inboundReason(message('problems.inbound.not_filed')) };
}

function oneLine(value: string, max: number): string {
  return value.replace(NOT_SINGLE_LINE, ' ').replace(/\s+/g, ' ').trim().slice(0, max).trim();
}
