import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { type Formatters, IntlMessageFormat, type PrimitiveType } from 'intl-messageformat';
import { directionOf, type Language, SOURCE_LANGUAGE } from './languages.js';
import type { MessageKey } from './message-keys.js';

/** What a placeholder may be given: a text, a number (plurals, `{n, number}`) or a date (`{when, date, medium}`). */
export type MessageValues = Record<string, PrimitiveType>;

/** A catalogue: every message of one language by its key, as ICU MessageFormat text. */
export type Catalogue = Readonly<Record<string, string>>;

/**
 * A catalogue whose messages may come parsed already: the admin app's build hands over each text's syntax tree
 * (scripts/preparse-messages-plugin.mjs), so the app needs no ICU parser.
 */
export type ParsedCatalogue = Readonly<Record<string, string | MessageFormatElement[]>>;

/** A text to show later in the reader's language: what the domain and errors hand to whoever renders them. */
export interface Message {
  key: MessageKey;
  values?: MessageValues;
}

/** A message to render later, in whichever language the reader has (`throw new AppError(code, message(…))`). */
export function message(key: MessageKey, values?: MessageValues): Message {
  return values ? { key, values } : { key };
}

export interface TranslatorOptions {
  /** IANA zone dates and times are shown in (the site's, or the reader's own); UTC when not given. */
  timeZone?: string;
  /** Called once per key a catalogue lacks (the English text is shown instead); the lint keeps this from happening. */
  onMissing?: (key: string, language: Language) => void;
  /**
   * Gives each part `rich` returns (and each chunk a tag function is handed) its place as an identity: a renderer
   * that wants list items keyed (React: a keyed fragment) passes it; strings are passed through untouched.
   */
  keyPart?: (part: unknown, index: number) => unknown;
}

/** Every text a person reads, in one language, with dates and numbers formatted for it. */
export interface Translator {
  readonly language: Language;
  readonly dir: 'ltr' | 'rtl';
  readonly timeZone: string;
  /** The message `key` with its placeholders filled. */
  t(key: MessageKey, values?: MessageValues): string;
  /** A `Message` handed over by code that did not know the reader's language. */
  render(text: Message): string;
  /**
   * The message with parts that are not text (a link, a `<bdi>` around an order number): the values may hold
   * functions for the message's `<tag>…</tag>` parts. Returns the parts to place in order.
   */
  rich<T>(key: MessageKey, values: Record<string, PrimitiveType | T | ((chunks: Array<string | T>) => T)>): Array<string | T>;
  /** A date and time in the reader's language and zone ("2 Dec 2026, 14:05"; in Arabic with Arabic digits). */
  dateTime(value: Date | string | number, style?: Intl.DateTimeFormatOptions): string;
  /** A date alone, in the reader's language and zone. */
  date(value: Date | string | number, style?: Intl.DateTimeFormatOptions): string;
  number(value: number, style?: Intl.NumberFormatOptions): string;
}

/**
 * A translator for `language` over its catalogue, falling back to the English one for a missing key. Compiled
 * messages are kept per translator: build one per language (and zone) and keep it, as `server/i18n` does.
 */
export function createTranslator(
  language: Language,
  catalogue: ParsedCatalogue,
  fallback: ParsedCatalogue,
  options: TranslatorOptions = {},
): Translator {
  const timeZone = options.timeZone ?? 'UTC';
  // Intl gets a real tag: the pseudo-locale formats dates and numbers as English does.
  const locale = language === 'en-XA' ? SOURCE_LANGUAGE : language;
  const compiled = new Map<string, IntlMessageFormat>();
  const dateFormats = new Map<string, Intl.DateTimeFormat>();
  const numberFormats = new Map<string, Intl.NumberFormat>();
  const pluralRules = new Map<string, Intl.PluralRules>();
  // Every date and time a message formats (`{when, date, medium}`, `{when, time}`, a skeleton) is in the
  // reader's zone, not the server's: the zone goes into each Intl.DateTimeFormat the messages make. (Overriding
  // the named formats with dateStyle instead made intl-messageformat merge them with its defaults and throw.)
  const formatters: Formatters = {
    getDateTimeFormat: (_locales, options) => dateFormat({ ...options }),
    getNumberFormat: (_locales, options) =>
      cached(numberFormats, options, () => new Intl.NumberFormat(locale, options as Intl.NumberFormatOptions)),
    getPluralRules: (_locales, options) => cached(pluralRules, options, () => new Intl.PluralRules(locale, options)),
  };

  function compile(key: string): IntlMessageFormat {
    let format = compiled.get(key);
    if (format) return format;
    let text = catalogue[key];
    if (text === undefined) {
      options.onMissing?.(key, language);
      // A key in no catalogue shows as itself, already parsed (a literal, TYPE.literal = 0): the admin app ships
      // without the ICU parser, so a bare string there would throw and take the whole screen down with it.
      text = fallback[key] ?? ([{ type: 0, value: key }] as MessageFormatElement[]);
    }
    format = new IntlMessageFormat(text, locale, undefined, { ignoreTag: false, formatters });
    compiled.set(key, format);
    return format;
  }

  function dateFormat(style: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
    return cached(dateFormats, style, () => new Intl.DateTimeFormat(locale, { timeZone, ...style }));
  }

  const t = (key: MessageKey, values?: MessageValues): string => String(compile(key).format(values));
  return {
    language,
    dir: directionOf(language),
    timeZone,
    t,
    render: (text) => t(text.key, text.values),
    rich: (key, values) => {
      const keyPart = options.keyPart;
      const keyAll = (parts: unknown[]) =>
        keyPart ? parts.map((part, index) => (typeof part === 'string' ? part : keyPart(part, index))) : parts;
      // A tag's chunks are a list too (a <b> inside a <link>): keyed before the tag's function places them.
      const given = keyPart
        ? Object.fromEntries(
            Object.entries(values).map(([name, value]) => [
              name,
              typeof value === 'function' ? (chunks: unknown[]) => (value as (c: unknown[]) => unknown)(keyAll(chunks)) : value,
            ]),
          )
        : values;
      const parts = compile(key).format(given as never) as unknown;
      return keyAll(Array.isArray(parts) ? parts : [parts]) as never;
    },
    dateTime: (value, style = { dateStyle: 'medium', timeStyle: 'short' }) => dateFormat(style).format(new Date(value)),
    date: (value, style = { dateStyle: 'medium' }) => dateFormat(style).format(new Date(value)),
    number: (value, style = {}) => cached(numberFormats, style, () => new Intl.NumberFormat(locale, style)).format(value),
  };
}

function cached<T>(cache: Map<string, T>, options: object | undefined, make: () => T): T {
  const id = JSON.stringify(options ?? {});
  let value = cache.get(id);
  if (value === undefined) {
    value = make();
    cache.set(id, value);
  }
  return value;
}
