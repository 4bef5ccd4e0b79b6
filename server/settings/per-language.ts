import { SHIPPED_LANGUAGES } from '../../common/i18n/languages.js';
import { type Message, message } from '../../common/i18n/translator.js';
import { isSingleLineText } from '../domain/text-rules.js';
import type { SettingsField } from './schema-types.js';

/** The longest text one language of a `per_language` setting may hold. */
export const PER_LANGUAGE_MAX = 500;

/**
 * A `per_language` value: an object keyed by shipped language (`{ "de": "Hilfe?" }`), each a line of text, or one
 * of the field's `options` when it has them; an empty text or a missing language means the built-in default.
 */
export function validatePerLanguage(field: SettingsField, value: unknown): Message | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return message('widget.settings.per_language_shape', { languages: SHIPPED_LANGUAGES.join(', ') });
  const allowed = field.options?.map((o) => o.value);
  for (const [language, text] of Object.entries(value)) {
    if (!(SHIPPED_LANGUAGES as readonly string[]).includes(language))
      return message('widget.settings.per_language_shape', { languages: SHIPPED_LANGUAGES.join(', ') });
    if (allowed && !allowed.includes(text as string))
      return message('widget.settings.per_language_choice', { language, options: allowed.filter(Boolean).join(', ') });
    if (typeof text !== 'string' || text.length > PER_LANGUAGE_MAX || !isSingleLineText(text))
      return message('widget.settings.per_language_text', { language, max: PER_LANGUAGE_MAX });
  }
  return undefined;
}
