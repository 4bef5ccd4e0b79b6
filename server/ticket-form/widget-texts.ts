import { directionOf, type Language, languageOf, SHIPPED_LANGUAGES, SOURCE_LANGUAGE } from '../../common/i18n/languages.js';
import { catalogueOf } from '../i18n/translators.js';

/** The launcher's corner: `right` or `left` (the owner's per language, else where the language's lines end). */
export type WidgetPosition = 'left' | 'right';

/** The owner's wording per language (Tickets → Widget texts); an empty or missing language keeps the catalogue's. */
export interface WidgetOverrides {
  launcher: Readonly<Record<string, string>>;
  title: Readonly<Record<string, string>>;
  intro: Readonly<Record<string, string>>;
  thanks: Readonly<Record<string, string>>;
  position: Readonly<Record<string, string>>;
}

/** What the widget reads in one language, as GET /tickets/form/ carries it. */
export interface WidgetTexts {
  lang: Language;
  dir: 'ltr' | 'rtl';
  position: WidgetPosition;
  /** Every message the widget shows, keyed without `widget.` (`launcher`, `files.pick`), the owner's wording in. */
  texts: Record<string, string>;
}

const PREFIX = 'widget.';
/**
 * The server's own texts in the widget's namespace (the form's checks, the Settings labels): never sent. The same
 * rule is in widget/esbuild-options.mjs, which bundles the English.
 */
const SERVER_ONLY = /^(check|settings)\./;

/** The language asked for when shipped (`de-AT` → `de`), else the site's, else English. */
export function widgetLanguage(asked: string | undefined, siteLanguage: string): Language {
  return languageOf(asked) ?? languageOf(siteLanguage) ?? SOURCE_LANGUAGE;
}

/** The widget's texts in `language` with the owner's wording for that language in place of the catalogue's. */
export function widgetTexts(language: Language, overrides: WidgetOverrides): WidgetTexts {
  const texts: Record<string, string> = {};
  for (const [key, text] of Object.entries(catalogueOf(language))) {
    if (!key.startsWith(PREFIX)) continue;
    const short = key.slice(PREFIX.length);
    if (!SERVER_ONLY.test(short)) texts[short] = text;
  }
  // The owner's words are plain text: a brace would read as a placeholder to the widget's formatter.
  const own = (per: Readonly<Record<string, string>>): string | undefined => per[language]?.trim().replace(/[{}]/g, '') || undefined;
  const launcher = own(overrides.launcher);
  const title = own(overrides.title);
  const intro = own(overrides.intro);
  const thanks = own(overrides.thanks);
  if (launcher) texts.launcher = launcher;
  if (title) texts.title = title;
  // One introduction, with or without the site's name in it.
  if (intro) texts.intro = texts.intro_site = intro;
  if (thanks) texts.thanks = thanks;
  const dir = directionOf(language);
  const chosen = overrides.position[language];
  const position: WidgetPosition = chosen === 'left' || chosen === 'right' ? chosen : dir === 'rtl' ? 'left' : 'right';
  return { lang: language, dir, position, texts };
}

/** The catalogue's text of `key` in each shipped language: what an empty field of Tickets → Widget texts shows. */
export function catalogueTextPerLanguage(key: string): Record<string, string> {
  return Object.fromEntries(SHIPPED_LANGUAGES.map((language) => [language, catalogueOf(language)[key] ?? '']));
}
