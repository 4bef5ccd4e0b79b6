// Which language a tag, a header or a language code names, and which way it is written.
import { describe, expect, it } from 'vitest';
import {
  directionOf,
  isLanguage,
  LANGUAGE_NAMES,
  languageFromAcceptLanguage,
  languageOf,
  PSEUDO_LANGUAGE,
  SHIPPED_LANGUAGES,
} from './languages.js';

describe('languageOf', () => {
  it('gives the shipped language of a regional tag, forgiving case and underscores', () => {
    expect(languageOf('de-AT')).toBe('de');
    expect(languageOf('DE_de')).toBe('de');
    expect(languageOf(' es-419 ')).toBe('es');
    expect(languageOf('fr-CA')).toBe('fr');
    expect(languageOf('ar-EG')).toBe('ar');
    expect(languageOf('en')).toBe('en');
  });

  it('knows the pseudo-locale only by its whole tag', () => {
    expect(languageOf('en-XA')).toBe(PSEUDO_LANGUAGE);
    expect(languageOf('en_xa')).toBe(PSEUDO_LANGUAGE);
    expect(languageOf('en-GB')).toBe('en');
  });

  it('gives null for a language not shipped, an empty value or none', () => {
    expect(languageOf('pt-BR')).toBeNull();
    expect(languageOf('deu')).toBeNull();
    expect(languageOf('')).toBeNull();
    expect(languageOf(null)).toBeNull();
    expect(languageOf(undefined)).toBeNull();
  });
});

describe('languageFromAcceptLanguage', () => {
  it('takes the highest q-value, not the first listed', () => {
    expect(languageFromAcceptLanguage('en;q=0.5, de;q=0.9, fr;q=0.7')).toBe('de');
    expect(languageFromAcceptLanguage('en;Q=0.1, fr')).toBe('fr');
  });

  it('keeps the listed order between equal q-values (no q-value is 1)', () => {
    expect(languageFromAcceptLanguage('fr-CH, de;q=1, en')).toBe('fr');
    expect(languageFromAcceptLanguage('es;q=0.8, ar;q=0.8')).toBe('es');
  });

  it('passes over languages not shipped, and those refused with q=0', () => {
    expect(languageFromAcceptLanguage('pt-BR, pt;q=0.9, ar;q=0.3')).toBe('ar');
    expect(languageFromAcceptLanguage('de;q=0, fr;q=0.2')).toBe('fr');
    expect(languageFromAcceptLanguage('de;q=nonsense, es;q=0.1')).toBe('es');
  });

  it('ignores `*`: "anything" leaves the choice to the caller\'s default', () => {
    expect(languageFromAcceptLanguage('*')).toBeNull();
    expect(languageFromAcceptLanguage('*, fr;q=0.1')).toBe('fr');
    expect(languageFromAcceptLanguage('pt, *;q=0.5')).toBeNull();
  });

  it('gives null for no header, an empty one, or only languages not shipped', () => {
    expect(languageFromAcceptLanguage(undefined)).toBeNull();
    expect(languageFromAcceptLanguage('')).toBeNull();
    expect(languageFromAcceptLanguage('ja, zh-CN;q=0.9')).toBeNull();
  });

  it('reads navigator.languages joined by commas, in their order', () => {
    expect(languageFromAcceptLanguage(['nl-NL', 'de-DE', 'en'].join(','))).toBe('de');
  });
});

describe('directionOf', () => {
  it('is rtl for Arabic with or without a region, ltr for the others and the pseudo-locale', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('ar-EG')).toBe('rtl');
    expect(directionOf('AR_sa')).toBe('rtl');
    for (const language of ['en', 'de', 'es', 'fr', PSEUDO_LANGUAGE]) expect(directionOf(language)).toBe('ltr');
  });

  it('reads the primary subtag, not the first two letters (arn, Mapudungun, is written left to right)', () => {
    expect(directionOf('arn')).toBe('ltr');
  });
});

describe('the shipped languages', () => {
  it('each has its own name for the language menu, and isLanguage knows them and the pseudo-locale only', () => {
    expect(Object.keys(LANGUAGE_NAMES).sort()).toEqual([...SHIPPED_LANGUAGES].sort());
    for (const language of SHIPPED_LANGUAGES) expect(isLanguage(language)).toBe(true);
    expect(isLanguage(PSEUDO_LANGUAGE)).toBe(true);
    expect(isLanguage('de-AT')).toBe(false);
    expect(isLanguage(undefined)).toBe(false);
  });
});
