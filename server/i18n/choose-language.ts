import { isLanguage, type Language, languageFromAcceptLanguage, languageOf } from '../../common/i18n/languages.js';

/** The cookie the help site's language menu sets (a visitor without an account keeps their choice in it). */
export const LANGUAGE_COOKIE = 'helpdesk_lang';

/** Everything that may say which language a reader wants, strongest first. */
export interface LanguageSources {
  /** `?lang=xx` on this request: a link or the language menu asking for one language now. */
  query?: string | null | undefined;
  /** The language menu's earlier choice (`LANGUAGE_COOKIE`). */
  cookie?: string | null | undefined;
  /** The signed-in account's own language (`users.language`). */
  account?: string | null | undefined;
  /** The browser's `Accept-Language` (or the widget's `navigator.languages`, joined by commas). */
  acceptLanguage?: string | null | undefined;
  /** The site's default (`site_language`): what whoever says nothing reads. */
  site: string;
}

/**
 * The language to show: an explicit choice (the link's, then the menu's), then the account's, then the browser's,
 * then the site's. A source naming a language we do not ship is passed over, never an error.
 */
export function chooseLanguage(sources: LanguageSources): Language {
  return (
    languageOf(sources.query) ??
    languageOf(sources.cookie) ??
    languageOf(sources.account) ??
    languageFromAcceptLanguage(sources.acceptLanguage) ??
    (isLanguage(sources.site) ? sources.site : 'en')
  );
}
