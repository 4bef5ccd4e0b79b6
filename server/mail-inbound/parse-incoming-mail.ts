import { createHash } from 'node:crypto';
import type { AddressObject } from 'mailparser';
import type { MailFile } from './keep-mail-files.js';

/** One incoming message as the import reads it: decoded (charsets, transfer encodings), addresses lower-cased. */
export interface IncomingMail {
  /** The Message-ID header, or one made from the message's bytes when it has none (so a resend is still the same). */
  messageId: string;
  /** The sender's address (From), lower-cased; null when the message names none. */
  from: string | null;
  fromName: string;
  /** To, Cc, Delivered-To and X-Original-To: where a reply address can be. */
  recipients: string[];
  subject: string;
  /** In-Reply-To then References: the messages this one answers. */
  answers: string[];
  /** Lower-cased header names; a header seen several times keeps its first value. */
  header(name: string): string | undefined;
  /** Every Received header, unfolded, the topmost (the last hop, written by the receiving server) first. */
  received: string[];
  /** The text part, or the HTML part turned into text (scripts and styles dropped). */
  text: string;
  /** The files attached, decoded (kept under Tickets → Attachments: keep-mail-files.ts). */
  files: MailFile[];
  /** Attached messages and reports (message/*, text/rfc822-headers) decoded: what a delivery report is about. */
  attachedReports: string;
  /** The Content-Type of the whole message, e.g. `multipart/report; report-type=delivery-status`. */
  contentType: string;
  raw: string;
}

/** Parses a raw message with mailparser; throws when it is not a mail at all. */
export async function parseIncomingMail(input: string | Buffer): Promise<IncomingMail> {
  // Bytes are parsed as bytes (8-bit bodies in any charset); the copy kept for a retry is text.
  // Loaded with the first incoming mail, not at start (issue 17, item 5).
  const [{ simpleParser }, { htmlToText }] = await Promise.all([import('mailparser'), import('html-to-text')]);
  const parsed = await simpleParser(input, { skipImageLinks: true });
  const raw = typeof input === 'string' ? input : input.toString('utf8');
  const addresses = (field: AddressObject | AddressObject[] | undefined) =>
    (Array.isArray(field) ? field : field ? [field] : []).flatMap((group) => group.value.map((v) => v.address?.toLowerCase() ?? ''));
  // The header lines as sent (mailparser restructures some, List-* among them), unfolded.
  const lines = new Map<string, string>();
  const received: string[] = [];
  for (const { key, line } of parsed.headerLines) {
    const value = line
      .slice(line.indexOf(':') + 1)
      .replace(/\r?\n[ \t]+/g, ' ')
      .trim();
    if (key === 'received') received.push(value);
    if (!lines.has(key)) lines.set(key, value);
  }
  const plain = (name: string) => lines.get(name);
  const sender = parsed.from?.value[0];
  const messageId = parsed.messageId?.trim() || `<sha256-${createHash('sha256').update(raw).digest('hex')}@no-message-id>`;
  const references = Array.isArray(parsed.references) ? parsed.references : parsed.references ? [parsed.references] : [];
  return {
    messageId,
    from: sender?.address?.trim().toLowerCase() || null,
    fromName: sender?.name?.trim() ?? '',
    recipients: [
      ...addresses(parsed.to),
      ...addresses(parsed.cc),
      ...['delivered-to', 'x-original-to']
        .flatMap((name) => plain(name)?.split(/[\s,]+/) ?? [])
        .map((a) => a.replace(/[<>]/g, '').toLowerCase()),
    ].filter(Boolean),
    subject: parsed.subject ?? '',
    answers: [...(parsed.inReplyTo ? parsed.inReplyTo.split(/\s+/) : []), ...references.flatMap((r) => r.split(/\s+/))].filter(Boolean),
    header: (name) => plain(name.toLowerCase()),
    received,
    // mailparser turns an HTML-only body into text, but not when files are attached beside it.
    text: parsed.text || (parsed.html ? htmlToText(parsed.html, { selectors: [{ selector: 'img', format: 'skip' }] }) : ''),
    // Files the sender attached (not the pictures an HTML body shows inline).
    files: parsed.attachments
      .filter((a) => a.contentDisposition === 'attachment' || !a.related)
      .map((a) => ({ name: a.filename ?? a.contentType, content: a.content })),
    attachedReports: parsed.attachments
      .filter((a) => /^(message\/|text\/rfc822-headers)/i.test(a.contentType))
      .map((a) => a.content.toString('utf8'))
      .join('\n'),
    contentType: plain('content-type') ?? '',
    raw,
  };
}
