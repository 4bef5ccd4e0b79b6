import { isLanguage } from '../../common/i18n/languages.js';
import type { Translator } from '../../common/i18n/translator.js';
import { translatorFor } from '../i18n/translators.js';

/**
 * The translator of a mail's (or a stored reply's) reader: their own language, else the site's; their own zone, else
 * the site's. A language not shipped (stored by an older version, or a page's guess) counts as none.
 */
export function recipientTranslator(
  reader: { language?: string | null; time_zone?: string | null } | undefined,
  site: { site_language: string; time_zone: string },
): Translator {
  const language = isLanguage(reader?.language) ? reader?.language : site.site_language;
  return translatorFor(language, reader?.time_zone ?? site.time_zone);
}
