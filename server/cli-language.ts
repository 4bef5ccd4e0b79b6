import { languageOf } from '../common/i18n/languages.js';
import type { Translator } from '../common/i18n/translator.js';
import { translatorFor } from './i18n/translators.js';

/**
 * The language of the CLI's human lines: the POSIX locale's (LC_ALL, then LC_MESSAGES, then LANG, as
 * `de_DE.UTF-8` → de), English for `C`, `POSIX` or a language we do not ship. Machine output (JSON, tokens) is
 * the same in every language.
 */
export function cliTranslator(env: NodeJS.ProcessEnv = process.env): Translator {
  const locale = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((value) => value !== undefined && value !== '');
  const tag = (locale ?? '').split(/[.@]/)[0]?.replace('_', '-');
  return translatorFor(languageOf(tag) ?? 'en');
}
