import type { Kysely } from 'kysely';
import type { Translator } from '../../common/i18n/translator.js';
import type { Database } from '../db/tables.js';
import { translatorFor } from '../i18n/translators.js';
import { getSiteOptions } from '../settings/site-options.js';
import type { IncomingMail } from './parse-incoming-mail.js';

const MESSAGE_ID = /<[^<>\s@]+@[^<>\s]+>/g;

/** Whether the message is a delivery status notification (RFC 3464) or a bounce in an older form. */
export function isDeliveryReport(mail: IncomingMail): boolean {
  if (/multipart\/report/i.test(mail.contentType) && /report-type=["']?delivery-status/i.test(mail.contentType)) return true;
  const sender = mail.from ?? '';
  // Bounces from mail servers that do not send RFC 3464 reports still come from these (and have no return path).
  return (
    /^(mailer-daemon|postmaster)@/.test(sender) ||
    (mail.header('return-path')?.trim() === '<>' && /deliver|undeliver|fail/i.test(mail.subject))
  );
}

/**
 * Marks our mails a delivery report is about as failed, with what the report says; returns how many
 * it found. The failure is written in the site's language (admins read it in Emails → Sent mail). The report
 * quotes the mail it is about (its headers at least), so its Message-ID is in the raw text.
 */
export async function markReportedMails(db: Kysely<Database>, mail: IncomingMail): Promise<number> {
  const mentioned = [...new Set(`${mail.raw}\n${mail.attachedReports}`.match(MESSAGE_ID) ?? [])].filter((id) => id !== mail.messageId);
  if (!mentioned.length) return 0;
  const ours = await db.selectFrom('sent_mails').select('message_id').where('message_id', 'in', mentioned.slice(0, 100)).execute();
  if (!ours.length) return 0;
  const site = await getSiteOptions(db);
  const t = translatorFor(site.site_language, site.time_zone);
  await db
    .updateTable('sent_mails')
    .set({ state: 'failed', failure: reportedFailure(mail, t) })
    .where(
      'message_id',
      'in',
      ours.map((r) => r.message_id),
    )
    .execute();
  return ours.length;
}

// The per-recipient fields of RFC 3464; a plain bounce says it in its first lines.
function reportedFailure(mail: IncomingMail, t: Translator): string {
  const report = `${mail.attachedReports}\n${mail.raw}`;
  const field = (name: string) => new RegExp(`^${name}:\\s*(.+)$`, 'im').exec(report)?.[1]?.trim();
  const said = field('Diagnostic-Code') ?? field('Status') ?? mail.text.trim().split('\n').slice(0, 3).join(' ');
  return (said ? t.t('problems.inbound.delivery_failed', { said }) : t.t('problems.inbound.delivery_failed_returned')).slice(0, 1000);
}
