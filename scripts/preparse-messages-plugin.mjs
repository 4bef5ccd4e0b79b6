// A Vite plugin for the admin app (admin/vite.config.ts): the message catalogues arrive parsed. Each
// `common/i18n/locales/<language>/<namespace>.json` the app imports becomes the same keys with each ICU text's
// syntax tree (what intl-messageformat would parse it into at first use), and intl-messageformat is given the
// parser package's `no-parser` entry, which has its types and helpers but not the parser. The first screen then
// carries no ICU parser (≈27 KB minified, 6.9 KB brotli) for ≈1 KB more of catalogue: docs/PERFORMANCE.md,
// "Not switchable". A text that reached the formatter unparsed would throw in the built app: only the catalogues
// hold messages. The pseudo-locale's module (loaded only for `?lang=en-XA`) keeps the whole parser.
import { parse } from '@formatjs/icu-messageformat-parser';

const CATALOGUE = /[\\/]common[\\/]i18n[\\/]locales[\\/]([^\\/]+)[\\/][^\\/]+\.json$/;
const FORMATTER = /[\\/]intl-messageformat[\\/]/;
const PARSER = '@formatjs/icu-messageformat-parser';

/** A catalogue's texts as intl-messageformat parses them (the translator's `ignoreTag: false`, the language's locale). */
export function preparseCatalogue(catalogue, language) {
  const locale = new Intl.Locale(language);
  return Object.fromEntries(Object.entries(catalogue).map(([key, text]) => [key, parse(text, { ignoreTag: false, locale })]));
}

/** @type {import('vite').Plugin} */
export const preparseMessagesPlugin = {
  name: 'preparse-messages',
  // Before Vite's JSON plugin, which then turns the parsed catalogue into a module as it does any JSON.
  enforce: 'pre',
  async resolveId(source, importer) {
    if (source !== PARSER || !importer || !FORMATTER.test(importer)) return null;
    return this.resolve(`${PARSER}/no-parser.js`, importer, { skipSelf: true });
  },
  transform(code, id) {
    const language = CATALOGUE.exec(id.split('?')[0] ?? '')?.[1];
    if (!language) return null;
    return { code: JSON.stringify(preparseCatalogue(JSON.parse(code), language)), map: null };
  },
};
