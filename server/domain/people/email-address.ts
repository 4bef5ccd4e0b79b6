import { message } from '../../../common/i18n/translator.js';
import { EMAIL_MAX_LENGTH } from '../../../common/limits.js';
import { isValidAsciiDomain } from './ascii-domain.js';

// The one rule for every email address the helpdesk accepts (tickets, sign-in links, sign-up, staff).
// Deliberately narrower than RFC 5322: an address is later written into SMTP envelopes and headers,
// shown to agents and put in mailto: links, so only the plain form that every mail system agrees on
// is taken. Refused: display names ("Ann <a@b.c>"), comments ("a(x)@b.c"), quoted local parts
// ("\"a b\"@c.d"), lists ("a@b.c, d@e.f"), IP literals, any control, space or non-ASCII character
// (look-alike letters such as Cyrillic "а", fullwidth "＠", zero-width and bidi characters).
// International domains are taken in their ASCII (xn--) form only, so what agents see is what the
// mail server gets; their punycode must be valid.

/** Local part: RFC 5322 dot-atom (atext runs separated by single dots). */
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
/** One DNS label: letters, digits, inner hyphens, 1–63 characters. */
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
/** The top-level label: letters, or an IDN TLD in its xn-- form. */
const TOP_LABEL = /^(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

/** Longest address (RFC 5321 path limit minus the angle brackets). */
export { EMAIL_MAX_LENGTH };

/** What the client is told when an address is refused (the problem's per-field detail). */
export const EMAIL_RULE = message('problems.rule.email', { max: EMAIL_MAX_LENGTH });

/** Whether `value` is an email address the helpdesk accepts (see the rules above; no trimming here). */
export function isEmailAddress(value: string): boolean {
  if (value.length > EMAIL_MAX_LENGTH) return false;
  const at = value.lastIndexOf('@');
  if (at < 1 || at !== value.indexOf('@')) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length > 64 || !LOCAL_PART.test(local)) return false;
  if (domain.length > 253) return false;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label)) || !TOP_LABEL.test(labels.at(-1) ?? '')) return false;
  // Broken punycode ("xn--zz") is refused on every Node version (ascii-domain.ts).
  return isValidAsciiDomain(domain);
}
