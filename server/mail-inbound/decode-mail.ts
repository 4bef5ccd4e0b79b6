import { createHash } from 'node:crypto';
import type { AddressObject } from 'mailparser';
import { COMMENT_TEXT_MAX } from '../../common/limits.js';

/**
 * The most characters of HTML turned into text per message: the stored text is at most 50,000 characters
 * (a comment), and HTML is mostly markup, so a megabyte holds more words than can be kept. The rest is
 * cut before conversion, with a note, so that the converter's work has a ceiling whatever the mail.
 */
export const MAIL_HTML_MAX = 1_000_000;

/**
 * The most characters of text a message keeps before its reply is cleaned: twice a comment, so the reply
 * parser (whose cost grows with its input) reads a bounded text, and the words above a quote survive.
 */
export const MAIL_TEXT_MAX = 2 * COMMENT_TEXT_MAX;

/**
 * HTML nested deeper than this is read without its markup: the HTML parser's work grows with the square
 * of the depth (htmlparser2 keeps its open elements in an array it shifts: 90,000 nested elements took
 * 11 s), and html-to-text walks the tree recursively.
 */
const HTML_MAX_DEPTH = 500;
/** Children of one element past this are left out (a table of a million cells). */
const HTML_MAX_CHILDREN = 20_000;

/**
 * One incoming message as plain data (what a worker thread can send back): decoded (charsets, transfer encodings),
 * addresses lower-cased.
 */
export interface DecodedMail {
  /** The Message-ID header, or one made from the message's bytes when it has none (so a resend is still the same). */
  messageId: string;
  /** The sender's address (From), lower-cased; null when the message names none. */
  from: string | null;
  fromName: string;
  /** To, Cc, Delivered-To and X-Original-To: where a reply address can be. */
  recipients: string[];
  /** The people in To and Cc, addresses lower-cased: who a new ticket copies in (server/domain/participants/). */
  copied: { address: string; name: string }[];
  subject: string;
  /** In-Reply-To then References: the messages this one answers. */
  answers: string[];
  /** Lower-cased header names and their first value, unfolded. */
  headers: [string, string][];
  /** Every Received header, unfolded, the topmost (the last hop, written by the receiving server) first. */
  received: string[];
  /** The text part, or the HTML part turned into text (scripts and images dropped), at most MAIL_TEXT_MAX characters. */
  text: string;
  /** True when the text is only the start of the mail's body: a part was longer than the limits above. */
  textCut: boolean;
  /** The files attached, decoded. */
  files: { name: string; content: Uint8Array }[];
  /** Attached messages and reports (message/*, text/rfc822-headers) decoded: what a delivery report is about. */
  attachedReports: string;
  /** The Content-Type of the whole message, e.g. `multipart/report; report-type=delivery-status`. */
  contentType: string;
}

/** Parses a raw message with mailparser and turns its body into bounded text; throws when it is not a mail at all. */
export async function decodeMail(input: string | Uint8Array): Promise<DecodedMail> {
  // Loaded with the first incoming mail, not at start.
  const [{ simpleParser }, { htmlToText }] = await Promise.all([import('mailparser'), import('html-to-text')]);
  const bytes = typeof input === 'string' ? input : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  // mailparser's own HTML-to-text (line wrapping at 80 columns, which splits a long unbroken word in time
  // quadratic in its length: 46 s for 1 MB of table cells) and its text-to-HTML with links are not used:
  // the HTML is cut and converted below, and nothing reads textAsHtml.
  const parsed = await simpleParser(bytes, { skipImageLinks: true, skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true });
  const addresses = (field: AddressObject | AddressObject[] | undefined) =>
    (Array.isArray(field) ? field : field ? [field] : []).flatMap((group) => group.value.map((v) => v.address?.toLowerCase() ?? ''));
  const people = (field: AddressObject | AddressObject[] | undefined) =>
    (Array.isArray(field) ? field : field ? [field] : []).flatMap((group) =>
      group.value.flatMap((v) => (v.address ? [{ address: v.address.trim().toLowerCase(), name: v.name?.trim() ?? '' }] : [])),
    );
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
  const messageId =
    parsed.messageId?.trim() ||
    `<sha256-${createHash('sha256')
      .update(typeof bytes === 'string' ? bytes : bytes.toString('utf8'))
      .digest('hex')}@no-message-id>`;
  const references = Array.isArray(parsed.references) ? parsed.references : parsed.references ? [parsed.references] : [];

  // The text part; else the HTML part turned into text, at most MAIL_HTML_MAX characters of it.
  let text = parsed.text?.trim() ? parsed.text : '';
  let textCut = false;
  if (!text && parsed.html) {
    textCut = parsed.html.length > MAIL_HTML_MAX;
    const html = textCut ? parsed.html.slice(0, MAIL_HTML_MAX) : parsed.html;
    text = htmlToText(isNestedDeeperThan(html, HTML_MAX_DEPTH) ? withoutTags(html) : html, {
      // No wrapping: the thread wraps lines itself, and wrapping splits long words in quadratic time.
      wordwrap: false,
      selectors: [{ selector: 'img', format: 'skip' }],
      limits: { maxInputLength: MAIL_HTML_MAX, maxDepth: HTML_MAX_DEPTH, maxChildNodes: HTML_MAX_CHILDREN, ellipsis: '…' },
    });
  }
  if (text.length > MAIL_TEXT_MAX) {
    text = text.slice(0, MAIL_TEXT_MAX);
    textCut = true;
  }
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
    copied: [...people(parsed.to), ...people(parsed.cc)],
    subject: parsed.subject ?? '',
    answers: [...(parsed.inReplyTo ? parsed.inReplyTo.split(/\s+/) : []), ...references.flatMap((r) => r.split(/\s+/))].filter(Boolean),
    headers: [...lines],
    received,
    text,
    textCut,
    // Files the sender attached (not the pictures an HTML body shows inline).
    files: parsed.attachments
      .filter((a) => a.contentDisposition === 'attachment' || !a.related)
      .map((a) => ({ name: a.filename ?? a.contentType, content: a.content })),
    attachedReports: parsed.attachments
      .filter((a) => /^(message\/|text\/rfc822-headers)/i.test(a.contentType))
      .map((a) => a.content.toString('utf8'))
      .join('\n'),
    contentType: plain('content-type') ?? '',
  };
}

// Elements that never hold others, or that the next sibling closes without an end tag (<li>, <td>):
// counting them would take a long list for deep nesting.
const NOT_NESTING = new Set('area base br col dd dt embed hr img input li link meta option p param source td th tr track wbr'.split(' '));

/** True when the HTML opens more than `limit` elements inside each other; one pass, no parsing. */
function isNestedDeeperThan(html: string, limit: number): boolean {
  let depth = 0;
  for (let at = html.indexOf('<'); at !== -1; at = html.indexOf('<', at + 1)) {
    const closing = html[at + 1] === '/';
    const name = /^[a-z][a-z0-9]*/i.exec(html.slice(at + (closing ? 2 : 1), at + 12))?.[0].toLowerCase();
    if (!name || NOT_NESTING.has(name)) continue;
    if (closing) depth = Math.max(0, depth - 1);
    else if (++depth > limit) return true;
  }
  return false;
}

/**
 * The HTML's text with every tag, script and style taken out (entities stay, for the converter to decode);
 * one pass: each search starts where the last one ended.
 */
function withoutTags(html: string): string {
  const parts: string[] = [];
  let from = 0;
  for (let at = html.indexOf('<'); at !== -1; at = html.indexOf('<', from)) {
    parts.push(html.slice(from, at), ' ');
    const hidden = /^<(script|style)\b/i.exec(html.slice(at, at + 8))?.[1]?.toLowerCase();
    const end = hidden ? findFrom(hidden === 'script' ? SCRIPT_END : STYLE_END, html, at) : html.indexOf('>', at);
    if (end === -1) return parts.join('');
    from = hidden ? html.indexOf('>', end) + 1 || html.length : end + 1;
  }
  parts.push(html.slice(from));
  return parts.join('');
}

const SCRIPT_END = /<\/script/gi;
const STYLE_END = /<\/style/gi;

function findFrom(pattern: RegExp, text: string, from: number): number {
  pattern.lastIndex = from;
  return pattern.exec(text)?.index ?? -1;
}
