import { message } from '../../common/i18n/translator.js';

// Rules for free text from clients. A single-line field (name, subject, order id) ends up in mail
// headers, page titles and the inbox, where a line break or another control character could start a
// new header or hide text; such input is refused with a 400 naming the field rather than silently
// changed, so what is stored is exactly what was sent. Multi-line text (descriptions, replies) keeps
// tabs and line breaks; NUL and the other C0 controls are refused (PostgreSQL cannot even store NUL).

/** C0 controls, DEL, C1 controls and the Unicode line and paragraph separators. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this finds.
const NOT_SINGLE_LINE = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;
/** C0 controls other than tab, line feed and carriage return, and DEL. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this finds.
const NOT_MULTI_LINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const SINGLE_LINE_RULE = message('problems.rule.single_line');
export const MULTI_LINE_RULE = message('problems.rule.multi_line');

/** Whether `value` is one line of text with no control character. */
export function isSingleLineText(value: string): boolean {
  return !NOT_SINGLE_LINE.test(value);
}

/** Whether `value` is text whose only control characters are tabs and line breaks. */
export function isMultiLineText(value: string): boolean {
  return !NOT_MULTI_LINE.test(value);
}
