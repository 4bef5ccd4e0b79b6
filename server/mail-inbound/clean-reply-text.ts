import EmailReplyParser from 'email-reply-parser';
import { REPLY_MARKER_PATTERN } from '../email/reply-marker.js';
import { MAIL_TEXT_MAX } from './decode-mail.js';

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
// The "On <date>, <someone> wrote:" line a mail client puts above the quote, when it is left behind.
const ATTRIBUTION = /\n[^\n]*(wrote|schrieb|a écrit|escribió|scrisse|schreef):\s*$/i;

/**
 * The new words of a reply: everything above our "reply above this line" marker (cut first: it holds
 * whatever the mail client did with the quote), then the reply parser's visible text (quoted history
 * and signatures removed), control characters dropped, line ends normalised. Reads at most MAIL_TEXT_MAX
 * characters: the reply parser's work grows with its input (about 0.4 µs a character here, 1.5 s for a
 * 3.8 MB line), and more than that could not be kept anyway.
 */
export function cleanReplyText(text: string): string {
  let body = text.slice(0, MAIL_TEXT_MAX).replace(/\r\n?/g, '\n').replace(CONTROL, '');
  const marker = REPLY_MARKER_PATTERN.exec(body);
  if (marker) {
    // The marker's line may be quoted ("> ##- …"): cut from the start of its line.
    body = body.slice(0, body.lastIndexOf('\n', marker.index) + 1).replace(ATTRIBUTION, '');
  }
  const visible = new EmailReplyParser().read(body).getVisibleText();
  return visible.replace(ATTRIBUTION, '').trim();
}
