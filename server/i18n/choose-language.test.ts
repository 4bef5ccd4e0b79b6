// The language a page is shown in: the link's, then the menu's cookie, the account's, the browser's, the site's.
import { describe, expect, it } from 'vitest';
import { chooseLanguage } from './choose-language.js';

const ALL = { query: 'fr', cookie: 'es', account: 'ar', acceptLanguage: 'de-DE,de;q=0.9', site: 'en' };

describe('chooseLanguage', () => {
  it('takes the first source that names a language, in the order query > cookie > account > Accept-Language > site', () => {
    expect(chooseLanguage(ALL)).toBe('fr');
    expect(chooseLanguage({ ...ALL, query: undefined })).toBe('es');
    expect(chooseLanguage({ ...ALL, query: undefined, cookie: undefined })).toBe('ar');
    expect(chooseLanguage({ ...ALL, query: undefined, cookie: undefined, account: null })).toBe('de');
    expect(chooseLanguage({ site: 'es' })).toBe('es');
  });

  it('passes over a source naming a language not shipped, and takes the next', () => {
    expect(chooseLanguage({ ...ALL, query: 'pt' })).toBe('es');
    expect(chooseLanguage({ ...ALL, query: 'xx', cookie: 'garbage' })).toBe('ar');
    expect(chooseLanguage({ ...ALL, query: '', cookie: '', account: 'ja' })).toBe('de');
    expect(chooseLanguage({ query: 'nl', acceptLanguage: 'pt-BR, *', site: 'fr' })).toBe('fr');
  });

  it('reduces a regional tag to its language wherever it comes from', () => {
    expect(chooseLanguage({ query: 'de-CH', site: 'en' })).toBe('de');
    expect(chooseLanguage({ cookie: 'ar_EG', site: 'en' })).toBe('ar');
    expect(chooseLanguage({ account: 'es-MX', site: 'en' })).toBe('es');
  });

  it('lets a tester ask for the pseudo-locale by the query', () => {
    expect(chooseLanguage({ ...ALL, query: 'en-XA' })).toBe('en-XA');
  });

  it('falls back to English when even the site names a language not shipped', () => {
    expect(chooseLanguage({ site: 'klingon' })).toBe('en');
    expect(chooseLanguage({ acceptLanguage: '*', site: '' })).toBe('en');
  });
});
