import { createElement, Fragment } from 'react';
import { isLanguage, type Language, PSEUDO_LANGUAGE, SOURCE_LANGUAGE } from '../../common/i18n/languages.js';
import { pseudoLocalize } from '../../common/i18n/pseudo-locale.js';
import { type Catalogue, createTranslator, type Translator } from '../../common/i18n/translator.js';
import { CATALOGUES } from './catalogues.js';

let pseudoCatalogue: Catalogue | undefined;

/** The pseudo-locale's catalogue, made from the English one the first time it is asked for. */
function pseudo(): Catalogue {
  pseudoCatalogue ??= Object.fromEntries(Object.entries(CATALOGUES.en).map(([key, text]) => [key, pseudoLocalize(text)]));
  return pseudoCatalogue;
}

/** A language's catalogue: a shipped one, or the pseudo-locale's. */
export function catalogueOf(language: Language): Catalogue {
  return language === PSEUDO_LANGUAGE ? pseudo() : CATALOGUES[language];
}

// A handful of languages times the zones in use: a translator is built once per pair and kept.
const translators = new Map<string, Translator>();

/**
 * The translator for `language` (an unknown one gives English) showing times in `timeZone` (the reader's own, or
 * the site's). Kept per language and zone, so its compiled messages are reused by every page and mail.
 */
export function translatorFor(language: string | null | undefined, timeZone = 'UTC'): Translator {
  const shown: Language = isLanguage(language) ? language : SOURCE_LANGUAGE;
  const id = `${shown} ${timeZone}`;
  let translator = translators.get(id);
  if (!translator) {
    translator = createTranslator(shown, catalogueOf(shown), CATALOGUES.en, { timeZone, keyPart });
    translators.set(id, translator);
  }
  return translator;
}

/**
 * A rich message's parts are placed as a list in a page (`<p>{t.rich(…)}</p>`): each element goes in a fragment
 * keyed by its place, so React has the identity it asks of list items and no tag function needs its own `key`.
 */
function keyPart(part: unknown, index: number): unknown {
  return createElement(Fragment, { key: index }, part as never);
}

/** English in UTC: what logs, the CLI's default and a message rendered for no reader in particular read. */
export const english: Translator = translatorFor(SOURCE_LANGUAGE);
