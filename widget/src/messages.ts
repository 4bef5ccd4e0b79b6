import en from '../../common/i18n/locales/en/widget.json' with { type: 'json' };
import { format, formatParts, type Value } from './format.js';

type CatalogueKey = keyof typeof en;
/** A widget message's key without its namespace (`launcher` for `widget.launcher`), as the bundle and the form carry it. */
export type TextKey = CatalogueKey extends `widget.${infer K}` ? K : never;

// English is bundled (esbuild-options.mjs keeps the form's keys and drops the `widget.` prefix); the visitor's
// language comes with the form definition (`texts`), the owner's wording from Settings already in it.
// (Keys taken either way: unbundled, as in the unit tests, the JSON keeps its `widget.` prefix.)
const bundled: Record<string, string> = Object.fromEntries(Object.entries(en).map(([key, text]) => [key.replace(/^widget\./, ''), text]));
let texts = bundled;
/** The language the widget speaks: English until the form definition names another. */
export let lang = 'en';

/** Takes the form definition's language and texts; a key it lacks keeps the bundled English. */
export function useTexts(language: string, given: Record<string, string>): void {
  lang = language;
  texts = { ...bundled, ...given };
}

/** One message as text. */
export const t = (key: TextKey, values?: Record<string, string | number>): string => format(lang, texts[key] ?? '', values);

/** One message with nodes among its parts (a `<bdi>` around a number or an address). */
export const tParts = <N>(key: TextKey, values: Record<string, Value | N>): Array<string | N> =>
  formatParts(lang, texts[key] ?? '', values);

/** "Too many requests", with the wait in minutes when the help desk said how long (Retry-After). */
export const waitText = (seconds: number | undefined): string =>
  seconds === undefined ? t('limited_soon') : t('limited', { minutes: Math.max(1, Math.ceil(seconds / 60)) });
