import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { type Language, languageOf, PSEUDO_LANGUAGE, SOURCE_LANGUAGE } from '../../../common/i18n/languages.js';
import { createTranslator, type ParsedCatalogue, type Translator } from '../../../common/i18n/translator.js';

// The app reads the namespaces of its own screens, the problems the API answers with, the shared words and the
// seeded statuses', reasons' and urgencies' names (`termName`).
// What the first screen (the inbox, the shell, any problem) reads is in the first download in English (every other
// language falls back to it); the others are a chunk each. The namespaces only lazily loaded screens read are a
// chunk per language each, English too, loaded with the screen that declares them (with-namespaces.tsx): they
// would be a fifth of the first download (docs/PERFORMANCE.md). The build hands each message over parsed
// (scripts/preparse-messages-plugin.mjs); under Vitest they are texts.
const english: ParsedCatalogue = Object.assign(
  {},
  ...Object.values(
    import.meta.glob<ParsedCatalogue>('../../../common/i18n/locales/en/{admin,problems,common,terms}.json', {
      eager: true,
      import: 'default',
    }),
  ),
);
const others = import.meta.glob<ParsedCatalogue>('../../../common/i18n/locales/{de,es,fr,ar}/{admin,problems,common,terms}.json', {
  import: 'default',
});
// Two patterns, one path: import.meta.glob takes literals only, and one pattern would be wider than a line.
const lazyParts = import.meta.glob<ParsedCatalogue>(
  [
    '../../../common/i18n/locales/{en,de,es,fr,ar}/{settings,reports,service-levels,business-hours,notifications}.json',
    '../../../common/i18n/locales/{en,de,es,fr,ar}/{deflection,webhooks,rules,contacts,audit}.json',
  ],
  { import: 'default' },
);

/** The namespaces no part of the first screen reads: a screen that does declares them (`<WithNamespaces>`). */
export const LAZY_NAMESPACES = [
  'settings',
  'reports',
  'service-levels',
  'business-hours',
  'notifications',
  'deflection',
  'webhooks',
  'rules',
  'contacts',
  'audit',
] as const;
export type LazyNamespace = (typeof LAZY_NAMESPACES)[number];

async function pseudoOf(catalogue: ParsedCatalogue): Promise<ParsedCatalogue> {
  // A chunk of its own, with the ICU parser the first screen does without.
  const { pseudoLocalize, pseudoLocalizeElements } = await import('../../../common/i18n/pseudo-locale.js');
  return Object.fromEntries(
    Object.entries(catalogue).map(([key, text]) => [key, typeof text === 'string' ? pseudoLocalize(text) : pseudoLocalizeElements(text)]),
  );
}

async function catalogueOf(language: Language): Promise<ParsedCatalogue> {
  if (language === SOURCE_LANGUAGE) return english;
  if (language === PSEUDO_LANGUAGE) return pseudoOf(english);
  const parts = Object.entries(others).filter(([path]) => path.includes(`/locales/${language}/`));
  return Object.assign({}, ...(await Promise.all(parts.map(([, load]) => load()))));
}

// One load per language and namespace; a failed one (the network) is forgotten, so the next screen asks again.
const partLoads = new Map<string, Promise<ParsedCatalogue>>();
function partOf(language: Language, namespace: LazyNamespace): Promise<ParsedCatalogue> {
  const id = `${language}/${namespace}`;
  let load = partLoads.get(id);
  if (!load) {
    const file = lazyParts[`../../../common/i18n/locales/${language}/${namespace}.json`];
    if (language === PSEUDO_LANGUAGE) load = partOf(SOURCE_LANGUAGE, namespace).then(pseudoOf);
    else load = file ? file() : Promise.resolve({});
    load.catch(() => partLoads.delete(id));
    partLoads.set(id, load);
  }
  return load;
}

// The lazy namespaces some screen asked for: every translator made from then on has them, in its language and in
// English, so a change of language never shows a screen its keys.
const wanted = new Set<LazyNamespace>();
const namespacesOf = new WeakMap<Translator, ReadonlySet<LazyNamespace>>();
/** Whether `translator` holds the lazy namespaces `names` (in its language and in English). */
export function hasNamespaces(translator: Translator, names: readonly LazyNamespace[]): boolean {
  const held = namespacesOf.get(translator);
  return names.every((name) => held?.has(name));
}

let current: Translator = createTranslator(SOURCE_LANGUAGE, english, english);
namespacesOf.set(current, new Set());
// What the latest applyLanguage asked for: a namespace loaded while that language's catalogue is on its way comes in it.
let target: { language: Language; timeZone: string } = { language: SOURCE_LANGUAGE, timeZone: current.timeZone };
let calls = 0;
// The latest call's showing: an earlier call a later one overtook resolves with it, once the later one shows.
let newest: Promise<void> = Promise.resolve();
const listeners = new Set<(translator: Translator) => void>();

/** The translator in use now, for code outside React (problem texts, times). Components use `useT()`. */
export function translator(): Translator {
  return current;
}

/** Shows the translator of `language` and `timeZone` with every wanted namespace once it is loaded. */
function show(language: Language, timeZone: string): Promise<void> {
  newest = make(language, timeZone, ++calls);
  return newest;
}

async function make(language: Language, timeZone: string, call: number): Promise<void> {
  const names = [...wanted];
  const [catalogue, parts, englishParts] = await Promise.all([
    catalogueOf(language),
    Promise.all(names.map((name) => partOf(language, name))),
    Promise.all(names.map((name) => partOf(SOURCE_LANGUAGE, name))),
  ]);
  // A later call (a profile saved while the previous catalogue loaded, a screen's namespace) wins, whichever
  // chunk arrives first.
  if (call !== calls) return newest;
  current = createTranslator(language, Object.assign({}, catalogue, ...parts), Object.assign({}, english, ...englishParts), {
    timeZone,
  });
  namespacesOf.set(current, new Set(names));
  document.documentElement.lang = language;
  document.documentElement.dir = current.dir;
  for (const listener of listeners) listener(current);
}

/**
 * Shows the app in `language` (an unknown one: English) with times in `timeZone`: loads its catalogue, with
 * every lazy namespace a screen asked for, sets the page's `lang` and `dir`, and re-renders every screen (the
 * previous language stays until all of it is there). `?lang=xx` in the address wins, so a tester can look at
 * the pseudo-locale (`?lang=en-XA`) or Arabic without changing their profile.
 */
export async function applyLanguage(language: string | null | undefined, timeZone = current.timeZone): Promise<void> {
  const asked = languageOf(new URLSearchParams(location.search).get('lang'));
  const shown: Language = asked ?? languageOf(language) ?? SOURCE_LANGUAGE;
  target = { language: shown, timeZone };
  if (shown === current.language && timeZone === current.timeZone && hasNamespaces(current, [...wanted])) {
    // Nothing to load: a call still loading another language is overtaken.
    calls++;
    newest = Promise.resolve();
    // The page says its language and direction even when it stays in the one it started in.
    document.documentElement.lang = shown;
    document.documentElement.dir = current.dir;
    return;
  }
  await show(shown, timeZone);
}

/**
 * Loads the lazy namespaces `names` in the language shown (or on its way) and in English, and re-renders the app
 * with them. Resolves once they are loaded; rejects when a chunk could not be (the network).
 */
export async function loadNamespaces(names: readonly LazyNamespace[]): Promise<void> {
  for (const name of names) wanted.add(name);
  if (target.language === current.language && target.timeZone === current.timeZone && hasNamespaces(current, names)) return;
  await show(target.language, target.timeZone);
}

const TranslatorContext = createContext<Translator>(current);

/** Re-renders the app when `applyLanguage` changes the language or the zone, or a lazy namespace arrives. */
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
