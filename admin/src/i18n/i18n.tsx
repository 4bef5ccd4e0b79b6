import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { type Language, languageOf, PSEUDO_LANGUAGE, SOURCE_LANGUAGE } from '../../../common/i18n/languages.js';
import { createTranslator, type ParsedCatalogue, type Translator } from '../../../common/i18n/translator.js';

// The app reads the namespaces of its own screens, the problems the API answers with, the shared words and the
// seeded statuses', reasons' and urgencies' names (`termName`).
// English is in the first download (every other language falls back to it); the others are a chunk each. The
// build hands each message over parsed (scripts/preparse-messages-plugin.mjs); under Vitest they are texts.
const english: ParsedCatalogue = Object.assign(
  {},
  ...Object.values(
    import.meta.glob<ParsedCatalogue>('../../../common/i18n/locales/en/{admin,settings,problems,common,terms,deflection}.json', {
      eager: true,
      import: 'default',
    }),
  ),
);
const others = import.meta.glob<ParsedCatalogue>(
  '../../../common/i18n/locales/{de,es,fr,ar}/{admin,settings,problems,common,terms,deflection}.json',
  {
    import: 'default',
  },
);

async function catalogueOf(language: Language): Promise<ParsedCatalogue> {
  if (language === SOURCE_LANGUAGE) return english;
  if (language === PSEUDO_LANGUAGE) {
    // A chunk of its own, with the ICU parser the first screen does without.
    const { pseudoLocalize, pseudoLocalizeElements } = await import('../../../common/i18n/pseudo-locale.js');
    return Object.fromEntries(
      Object.entries(english).map(([key, text]) => [key, typeof text === 'string' ? pseudoLocalize(text) : pseudoLocalizeElements(text)]),
    );
  }
  const parts = Object.entries(others).filter(([path]) => path.includes(`/locales/${language}/`));
  return Object.assign({}, ...(await Promise.all(parts.map(([, load]) => load()))));
}

let current: Translator = createTranslator(SOURCE_LANGUAGE, english, english);
let calls = 0;
const listeners = new Set<(translator: Translator) => void>();

/** The translator in use now, for code outside React (problem texts, times). Components use `useT()`. */
export function translator(): Translator {
  return current;
}

/**
 * Shows the app in `language` (an unknown one: English) with times in `timeZone`: loads its catalogue, sets the
 * page's `lang` and `dir`, and re-renders every screen. `?lang=xx` in the address wins, so a tester can look at
 * the pseudo-locale (`?lang=en-XA`) or Arabic without changing their profile.
 */
export async function applyLanguage(language: string | null | undefined, timeZone = current.timeZone): Promise<void> {
  const asked = languageOf(new URLSearchParams(location.search).get('lang'));
  const shown: Language = asked ?? languageOf(language) ?? SOURCE_LANGUAGE;
  const call = ++calls;
  if (shown === current.language && timeZone === current.timeZone) {
    // The page says its language and direction even when it stays in the one it started in.
    document.documentElement.lang = shown;
    document.documentElement.dir = current.dir;
    return;
  }
  const catalogue = await catalogueOf(shown);
  // A later call (a profile saved while the previous catalogue loaded) wins, whichever chunk arrives first.
  if (call !== calls) return;
  current = createTranslator(shown, catalogue, english, { timeZone });
  document.documentElement.lang = shown;
  document.documentElement.dir = current.dir;
  for (const listener of listeners) listener(current);
}

const TranslatorContext = createContext<Translator>(current);

/** Re-renders the app when `applyLanguage` changes the language or the zone. */
export function I18nProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(current);
  useEffect(() => {
    listeners.add(setShown);
    setShown(current);
    return () => void listeners.delete(setShown);
  }, []);
  return <TranslatorContext.Provider value={shown}>{children}</TranslatorContext.Provider>;
}

/** The translator of the language shown: `const { t } = useT(); t('admin.inbox.title')`. */
export function useT(): Translator {
  return useContext(TranslatorContext);
}
