import { message, type Translator } from '../../common/i18n/translator.js';
import { COMMENT_TEXT_MAX, TICKET_FIELD_LIMITS } from '../../common/limits.js';
import type { Config } from '../config/config-types.js';
import type { DomainContext } from '../domain/context.js';
import { findSupportAddress } from '../email/support-address.js';
import { AppError } from '../errors.js';
import { discardUploads } from '../files/discard-uploads.js';
import { translatorFor } from '../i18n/translators.js';
import type { CounterStore } from '../intake/counter-store.js';
import { getCoreSettings } from '../settings/core-settings.js';
import { getSiteOptions } from '../settings/site-options.js';
import { whyAutomatic } from './automatic-message.js';
import { cleanReplyText } from './clean-reply-text.js';
import { isDeliveryReport, markReportedMails } from './delivery-report.js';
import { findMailAuthor } from './find-mail-author.js';
import { importNewTicket } from './import-new-ticket.js';
import { importReply } from './import-reply.js';
import { inboundReason, reasonOfError } from './inbound-reason.js';
import { keepMailFiles } from './keep-mail-files.js';
import { limitMailReply } from './limit-mail-reply.js';
import { matchTicket } from './match-ticket.js';
import { type IncomingMail, parseIncomingMail } from './parse-incoming-mail.js';
import type { ReceiveResult } from './receive-result.js';
import { type InboundSource, inboundRow, recordInboundMail } from './record-inbound-mail.js';
import { tellStaffOfRefusedMail } from './tell-staff-of-refused-mail.js';

export interface ReceiveDeps {
  ctx: DomainContext;
  config: Config;
  counters: CounterStore;
}

/**
 * Imports one incoming message (from IMAP, the pipe command or an admin's retry) and says what came
 * of it. Never answers automatic mail, reports or our own mail; records every outcome by Message-ID,
 * so the same message delivered again, by any path, changes nothing. A storage fault stores nothing
 * and answers `temporary` — unless this is the message's `lastTry`: then it is recorded as rejected
 * (with its text, for the admin's retry) so that one message that always fails cannot hold up the
 * mail behind it. If even that record fails, the database is away and it stays `temporary`.
 */
export async function receiveMail(
  deps: ReceiveDeps,
  raw: string | Buffer,
  source: InboundSource,
  { lastTry = false }: { lastTry?: boolean } = {},
): Promise<ReceiveResult> {
  let mail: IncomingMail;
  try {
    mail = await parseIncomingMail(raw, { inThread: !deps.ctx.performanceOff.has('mail-decode-thread') });
  } catch (error) {
    const why = error instanceof Error && error.message ? error.message : '';
    const text = why ? message('problems.inbound.unreadable_because', { error: why }) : message('problems.inbound.unreadable');
    return { kind: 'rejected', ...inboundReason(text) };
  }
  try {
    const seen = await deps.ctx.db.selectFrom('inbound_mails').select('id').where('message_id', '=', mail.messageId).executeTakeFirst();
    if (seen) return { kind: 'duplicate' };
    const result = await importMail(deps, mail, source);
    if (result.kind === 'ignored' || result.kind === 'rejected') {
      await recordInboundMail(deps.ctx.db, inboundRow(mail, source, result.kind, { reason: result.message }));
    }
    return result;
  } catch (error) {
    // A client mistake the domain refuses (text rules, a gone ticket) will not change on a retry.
    if (error instanceof AppError && error.status < 500) {
      const refused = reasonOfError(error);
      await recordInboundMail(deps.ctx.db, inboundRow(mail, source, 'rejected', { reason: refused.message })).catch(() => {});
      return { kind: 'rejected', ...refused };
    }
    const why = error instanceof Error ? error.message : String(error);
    if (lastTry) {
      const gaveUp = inboundReason(message('problems.inbound.gave_up', { error: why }));
      const recorded = await recordInboundMail(deps.ctx.db, inboundRow(mail, source, 'rejected', { reason: gaveUp.message })).then(
        () => true,
        () => false,
      );
      if (recorded) return { kind: 'rejected', ...gaveUp };
    }
    return { kind: 'temporary', ...inboundReason(message('problems.inbound.not_now', { error: why })) };
  }
}

async function importMail(deps: ReceiveDeps, mail: IncomingMail, source: InboundSource): Promise<ReceiveResult> {
  const { ctx, config, counters } = deps;
  if (!mail.from) return { kind: 'rejected', ...inboundReason(message('problems.inbound.no_sender')) };
  // Reports first: they come from the mail system, often with Auto-Submitted, and must mark our mail.
  if (isDeliveryReport(mail)) {
    const marked = await markReportedMails(ctx.db, mail);
    const text = marked
      ? message('problems.inbound.delivery_report_marked', { count: marked })
      : message('problems.inbound.delivery_report');
    return { kind: 'ignored', ...inboundReason(text) };
  }
  const support = await findSupportAddress(ctx, config);
  if (await isOwnMail(deps, mail, support)) return { kind: 'ignored', ...inboundReason(message('problems.inbound.own_mail')) };
  const automatic = whyAutomatic(mail);
  if (automatic) return { kind: 'ignored', ...inboundReason(automatic) };

  // A note that the body was cut goes after the cleaning: below a quote, it would keep the quote visible.
  const words = cleanReplyText(mail.text);
  const match = await matchTicket(ctx.db, mail, support);
  const author = match ? await findMailAuthor(ctx, mail.from, match) : undefined;
  if (author && 'refused' in author) {
    if (match && author.staffId !== undefined) await tellStaffOfRefusedMail(ctx, counters, author.staffId, match.ticketId);
    return { kind: 'rejected', ...inboundReason(author.refused) };
  }
  if (!words && !mail.textCut && !mail.files.length)
    return { kind: 'rejected', ...inboundReason(message(match ? 'problems.inbound.empty_reply' : 'problems.inbound.empty')) };
  if (match && author?.role === 'client') {
    const limited = await limitMailReply(ctx, counters, { clientId: author.id, ticketId: match.ticketId });
    if (limited) return { kind: 'rejected', ...inboundReason(limited) };
  }

  // Kept only once the mail is known to be imported; claimed in its ticket's or comment's transaction.
  // What goes into the ticket's text is content: written in the site's language, as the ticket keeps it.
  const site = await getSiteOptions(ctx.db);
  const siteT = translatorFor(site.site_language, site.time_zone);
  const { kept, leftOut } = await keepMailFiles(ctx, mail.files, match?.ticketId, siteT);
  const cutNote = `\n\n${siteT.t('mail.inbound.cut')}`;
  const body = words || mail.textCut ? `${words}${mail.textCut ? cutNote : ''}`.trim() : siteT.t('problems.inbound.sent_without_text');
  const text = withLeftOutFiles(body, leftOut, siteT);
  try {
    const result =
      match && author
        ? await importReply(ctx, mail, source, {
            ticketId: match.ticketId,
            ticketNumber: match.ticketNumber,
            author,
            text: cut(text, COMMENT_TEXT_MAX, cutNote),
            files: kept,
          })
        : await importNewTicket(ctx, counters, mail, source, {
            description: cut(text, TICKET_FIELD_LIMITS.description, cutNote),
            untitled: siteT.t('mail.inbound.no_subject'),
            files: kept,
            isOwnAddress: await ownAddresses(deps, support),
          });
    if (result.kind !== 'imported') await discardUploads(ctx, kept);
    return result;
  } catch (error) {
    await discardUploads(ctx, kept);
    throw error;
  }
}

/** The helpdesk's own addresses: the support address, the sender address, and any reply address on the support address. */
async function ownAddresses({ ctx, config }: ReceiveDeps, support: string | null): Promise<(address: string) => boolean> {
  const sender = (await getCoreSettings(ctx)).emails.from_address.trim().toLowerCase() || `helpdesk@${new URL(config.homeUrl).hostname}`;
  const at = support?.lastIndexOf('@') ?? -1;
  const local = support && at > 0 ? support.slice(0, at) : null;
  const domain = support && at > 0 ? support.slice(at) : null;
  return (address) =>
    address === sender || address === support || (local !== null && address.startsWith(`${local}+`) && address.endsWith(domain as string));
}

async function isOwnMail({ ctx, config }: ReceiveDeps, mail: IncomingMail, support: string | null): Promise<boolean> {
  const from = mail.from as string;
  // The sender address of our mails (Emails → Sender address, else helpdesk@ the home URL's host).
  const sender = (await getCoreSettings(ctx)).emails.from_address.trim().toLowerCase() || `helpdesk@${new URL(config.homeUrl).hostname}`;
  if (from === sender || from === support) return true;
  const sent = await ctx.db.selectFrom('sent_mails').select('id').where('message_id', '=', mail.messageId).executeTakeFirst();
  return sent !== undefined;
}

// A file the attachment rules refused is named in the message with why, rather than dropped silently.
// Both notes are written in the site's language, as the rest of the ticket's text the import writes.
function withLeftOutFiles(text: string, refusals: string[], siteT: Translator): string {
  if (!refusals.length) return text;
  const list = refusals.map((r) => `- ${r.replace(/[\r\n]+/g, ' ').slice(0, 300)}`).join('\n');
  return `${text}\n\n${siteT.t('mail.inbound.files_left_out', { list })}`;
}

/** `text` within `max` characters, ending with the note that it was cut (once, whether the decoder or this cut it). */
function cut(text: string, max: number, note: string): string {
  if (text.length <= max) return text;
  const kept = text.endsWith(note) ? text.slice(0, -note.length) : text;
  return `${kept.slice(0, max - note.length)}${note}`;
}
