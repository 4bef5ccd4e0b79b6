import { message } from '../../../common/i18n/translator.js';
import { invalidField } from '../../errors.js';
import { isMultiLineText, MULTI_LINE_RULE } from '../text-rules.js';

/** A saved reply's title, trimmed; blank is refused naming the field. */
export function cleanSavedReplyTitle(title: string): string {
  const clean = title.trim();
  if (!clean) throw invalidField('title', message('problems.saved_reply.title'));
  return clean;
}

/** A saved reply's text with Unix line ends, trimmed; blank or control characters are refused naming the field. */
export function cleanSavedReplyText(text: string): string {
  const clean = text.replace(/\r\n/g, '\n').trim();
  if (!clean) throw invalidField('text', message('problems.saved_reply.text'));
  if (!isMultiLineText(clean)) throw invalidField('text', MULTI_LINE_RULE);
  return clean;
}
