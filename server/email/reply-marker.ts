import { SHIPPED_LANGUAGES } from '../../common/i18n/languages.js';
import type { Translator } from '../../common/i18n/translator.js';
import { english, translatorFor } from '../i18n/translators.js';

/**
 * The line above which a reply by mail is read, in the recipient's language; everything from it down is the quoted
 * mail. Mail clients keep it in the quote, so the incoming side cuts there even where no reply parser would.
 */
export function replyMarker(translator: Translator): string {
  return `##- ${translator.t('mail.replyMarker')} -##`;
}

/** The marker of English mails (what tests and older mails carry). */
export const REPLY_MARKER = replyMarker(english);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// A reply may quote a mail sent in any language (the recipient's language may have changed since).
const MARKER_WORDS = [...new Set(SHIPPED_LANGUAGES.map((language) => translatorFor(language).t('mail.replyMarker')))]
  .map((words) => escapeRegExp(words).replace(/ /g, '\\s+'))
  .join('|');

/** Finds the marker in a reply however the mail client quoted it (`> `, an HTML quote turned into text), in any language. */
export const REPLY_MARKER_PATTERN = new RegExp(`#+-?\\s*(?:${MARKER_WORDS})\\s*-?#+`, 'i');
