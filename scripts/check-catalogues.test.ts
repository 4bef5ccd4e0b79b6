// The catalogue check behind `npm run lint:messages`: each kind of problem is caught, and a sound set passes.
import { describe, expect, it } from 'vitest';
import { argumentsOf, type CatalogueFiles, findCatalogueProblems } from './check-catalogues.js';

const ENGLISH = {
  site: {
    'site.home.title': 'Help center',
    'site.tickets.count': '{count, plural, one {# ticket} other {# tickets}}',
    'site.ticket.filed': 'Ticket {number} was filed on {when, date, medium}',
    'site.login.hint': 'Read <link>the guide</link> first',
    'site.ticket.by': '{role, select, agent {An agent} other {You}} wrote',
  },
};
const GERMAN = {
  site: {
    'site.home.title': 'Hilfe-Center',
    'site.tickets.count': '{count, plural, one {# Ticket} other {# Tickets}}',
    'site.ticket.filed': 'Ticket {number} wurde am {when, date, medium} angelegt',
    'site.login.hint': 'Lesen Sie zuerst <link>die Anleitung</link>',
    'site.ticket.by': '{role, select, agent {Ein Agent} other {Sie}} schrieb',
  },
};

// A copy of the sound pair with one German message changed (or removed, for `undefined`).
function withGerman(key: keyof typeof GERMAN.site, text: string | undefined): CatalogueFiles {
  const site: Record<string, string> = { ...GERMAN.site };
  if (text === undefined) delete site[key];
  else site[key] = text;
  return { en: ENGLISH, de: { site } };
}

describe('findCatalogueProblems', () => {
  it('finds nothing in catalogues that agree', () => {
    expect(findCatalogueProblems({ en: ENGLISH, de: GERMAN })).toEqual([]);
  });

  it('names a key missing in a language, and one left empty', () => {
    expect(findCatalogueProblems(withGerman('site.home.title', undefined))).toEqual(['de/site.json: "site.home.title" is missing']);
    expect(findCatalogueProblems(withGerman('site.home.title', '  '))).toEqual(['de/site.json: "site.home.title" is missing']);
  });

  it('names a whole namespace file missing in a language, and one English does not have', () => {
    expect(findCatalogueProblems({ en: ENGLISH, de: {} })).toEqual(['de/site.json is missing']);
    expect(findCatalogueProblems({ en: ENGLISH, de: { ...GERMAN, mail: {} } })).toEqual(['de/mail.json: no such file in en/']);
  });

  it('names a key beyond English, to be removed', () => {
    const files = { en: ENGLISH, de: { site: { ...GERMAN.site, 'site.home.old': 'Alt' } } };
    expect(findCatalogueProblems(files)).toEqual(['de/site.json: "site.home.old" is not in English (remove it)']);
  });

  it("names an English key that does not start with its file's namespace", () => {
    const files = { en: { site: { ...ENGLISH.site, 'home.title': 'Help' } }, de: { site: { ...GERMAN.site, 'home.title': 'Hilfe' } } };
    expect(findCatalogueProblems(files)).toEqual(['en/site.json: "home.title" must start with "site."']);
  });

  it('names a placeholder renamed or dropped', () => {
    expect(findCatalogueProblems(withGerman('site.ticket.filed', 'Ticket {nummer} wurde am {when, date, medium} angelegt'))).toEqual([
      'de/site.json: "site.ticket.filed" has {nummer:argument, when:date} but English has {number:argument, when:date}',
    ]);
    expect(findCatalogueProblems(withGerman('site.ticket.filed', 'Ticket wurde angelegt'))).toHaveLength(1);
  });

  it('names a plural turned into a plain placeholder, a select dropped, and a date turned into text', () => {
    expect(findCatalogueProblems(withGerman('site.tickets.count', '{count} Tickets'))).toEqual([
      'de/site.json: "site.tickets.count" has {count:argument} but English has {count:plural}',
    ]);
    expect(findCatalogueProblems(withGerman('site.ticket.by', 'Jemand schrieb'))).toEqual([
      'de/site.json: "site.ticket.by" has {} but English has {role:select}',
    ]);
    expect(findCatalogueProblems(withGerman('site.ticket.filed', 'Ticket {number} wurde am {when} angelegt'))).toHaveLength(1);
  });

  it('names a rich tag dropped or renamed', () => {
    expect(findCatalogueProblems(withGerman('site.login.hint', 'Lesen Sie zuerst die Anleitung'))).toEqual([
      'de/site.json: "site.login.hint" has {} but English has {link:tag}',
    ]);
    expect(findCatalogueProblems(withGerman('site.login.hint', 'Lesen Sie <a>die Anleitung</a>'))).toHaveLength(1);
  });

  it('names a text that is not ICU MessageFormat, in any language, English included', () => {
    const [broken] = findCatalogueProblems(withGerman('site.tickets.count', '{count, plural, one {# Ticket}'));
    expect(broken).toMatch(/^de\/site\.json: "site\.tickets\.count" is not ICU MessageFormat \(/);
    expect(findCatalogueProblems(withGerman('site.login.hint', 'Lesen Sie <link>die Anleitung'))[0]).toMatch(/is not ICU MessageFormat/);
    // A plural without `other` is refused by the parser too.
    expect(findCatalogueProblems(withGerman('site.tickets.count', '{count, plural, one {# Ticket}}'))[0]).toMatch(
      /is not ICU MessageFormat/,
    );
    const brokenEnglish = { en: { site: { 'site.x': 'Hello {name' } }, de: { site: { 'site.x': 'Hallo {name}' } } };
    expect(findCatalogueProblems(brokenEnglish)[0]).toMatch(/^en\/site\.json: "site\.x" is not ICU MessageFormat/);
  });

  it('names a message that is not a text (a nested object, as in nested JSON)', () => {
    const files = { en: ENGLISH, de: { site: { ...GERMAN.site, 'site.home.title': { text: 'Hilfe' } } } };
    expect(findCatalogueProblems(files)).toEqual(['de/site.json: "site.home.title" is not a text (flat JSON: one ICU string per key)']);
  });
});

describe('argumentsOf', () => {
  it('lists each argument with its kind, inside plurals, selects and tags too, sorted', () => {
    expect(argumentsOf('<b>{count, plural, one {{name} has # ticket} other {{name} has # tickets}}</b> {n, number}')).toEqual([
      'b:tag',
      'count:plural',
      'n:number',
      'name:argument',
    ]);
  });
});
