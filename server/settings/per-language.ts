import { SHIPPED_LANGUAGES } from '../../common/i18n/languages.js';
import { isSingleLineText } from '../domain/text-rules.js';
import { english } from '../i18n/translators.js';
import type { SettingsField } from './schema-types.js';

/** The longest text one language of a `per_language` setting may hold. */
export const PER_LANGUAGE_MAX = 500;

/**
 * A `per_language` value: an object keyed by shipped language (`{ "de": "Hilfe?" }`), each a line of text, or one
 * of the field's `options` when it has them; an empty text or a missing language means the built-in default.
 */
export function validatePerLanguage(field: SettingsField, value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return english.t('widget.settings.per_language_shape', { languages: SHIPPED_LANGUAGES.join(', ') });
  const allowed = field.options?.map((o) => o.value);
  for (const [language, text] of Object.entries(value)) {
    if (!(SHIPPED_LANGUAGES as readonly string[]).includes(language))
      return english.t('widget.settings.per_language_shape', { languages: SHIPPED_LANGUAGES.join(', ') });
    if (allowed && !allowed.includes(text as string))
      return english.t('widget.settings.per_language_choice', { language, options: allowed.filter(Boolean).join(', ') });
    if (typeof text !== 'string' || text.length > PER_LANGUAGE_MAX || !isSingleLineText(text))
      return english.t('widget.settings.per_language_text', { language, max: PER_LANGUAGE_MAX });
  }
  return undefined;
}
