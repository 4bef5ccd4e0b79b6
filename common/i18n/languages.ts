/** The languages every catalogue ships complete, in the order a language menu lists them. */
export const SHIPPED_LANGUAGES = ['en', 'de', 'es', 'fr', 'ar'] as const;

/**
 * The pseudo-locale: English accented, a third longer and bracketed, made from the English catalogue at load
 * time. A text shown without brackets in it came from outside the catalogues; a layout that breaks in it breaks
 * in German. Offered only where a tester can choose it (`?lang=en-XA`), never in a language menu.
 */
export const PSEUDO_LANGUAGE = 'en-XA';

export type ShippedLanguage = (typeof SHIPPED_LANGUAGES)[number];
export type Language = ShippedLanguage | typeof PSEUDO_LANGUAGE;

/** English: the language every catalogue is written in first, and what a missing text falls back to. */
export const SOURCE_LANGUAGE: ShippedLanguage = 'en';

const RIGHT_TO_LEFT = new Set<string>(['ar']);

/** Each shipped language by its own name, as a language menu shows it (never translated). */
export const LANGUAGE_NAMES: Record<ShippedLanguage, string> = {
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  ar: 'العربية',
};

/** `rtl` for a language written right to left, for the `dir` of pages, mails and the widget. */
export function directionOf(language: string): 'ltr' | 'rtl' {
  // The primary subtag, not the first two letters: `ar-EG` is Arabic, `arn` (Mapudungun) is not.
  return RIGHT_TO_LEFT.has((language.split(/[-_]/)[0] ?? '').toLowerCase()) ? 'rtl' : 'ltr';
}

/** Whether `value` names a language the service can show (the pseudo-locale included). */
export function isLanguage(value: unknown): value is Language {
  return value === PSEUDO_LANGUAGE || (SHIPPED_LANGUAGES as readonly unknown[]).includes(value);
}

/**
 * The language to show for a BCP 47 tag (`de-AT` → `de`, `en-XA` → the pseudo-locale), or null for one not
 * shipped. Case and `_` (as in `de_DE`) are forgiven: browsers and mail programs send both.
 */
export function languageOf(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const clean = tag.trim().replace(/_/g, '-').toLowerCase();
  if (clean === PSEUDO_LANGUAGE.toLowerCase()) return PSEUDO_LANGUAGE;
  const primary = clean.split('-')[0] ?? '';
  return (SHIPPED_LANGUAGES as readonly string[]).includes(primary) ? (primary as ShippedLanguage) : null;
}

/**
 * The first shipped language an `Accept-Language` header (or `navigator.languages` joined by commas) asks for,
 * by its q-values; null when it asks for none we ship. `*` is ignored: it says "anything", so the caller's default
 * decides.
 */
export function languageFromAcceptLanguage(header: string | null | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .slice(0, 32) // a header is the client's to make long; no real browser sends more
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q=')); // `Q=0.5` is a q-value too
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.weight > 0 && entry.tag !== '*')
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const entry of ranked) {
    const language = languageOf(entry.tag);
    if (language) return language;
  }
  return null;
}
