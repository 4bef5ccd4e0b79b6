// The widget's own ICU formatter (format.ts) and the catalogues' widget messages, which must stay within what it reads.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { SHIPPED_LANGUAGES } from '../../common/i18n/languages.js';
import { format, formatParts } from './format.js';

const catalogue = (language: string): Record<string, string> =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../../common/i18n/locales', language, 'widget.json'), 'utf8'));

describe('format: the subset of ICU the widget reads', () => {
  it('fills {name} placeholders and leaves the rest of the text as it is', () => {
    expect(format('en', 'Tell {site} what you need.', { site: 'Acme' })).toBe('Tell Acme what you need.');
    expect(format('en', 'No placeholder, “quotes” and it’s fine.')).toBe('No placeholder, “quotes” and it’s fine.');
    expect(format('en', '{ a } and {b}', { a: 1, b: 'two' })).toBe('1 and two');
    expect(format('en', 'Missing {x}.')).toBe('Missing .');
  });

  it('chooses a plural branch by Intl.PluralRules, an exact =N first, and puts the number for #', () => {
    const text = 'in {n, plural, =0 {no time} one {# minute} other {# minutes}}.';
    expect(format('en', text, { n: 0 })).toBe('in no time.');
    expect(format('en', text, { n: 1 })).toBe('in 1 minute.');
    expect(format('en', text, { n: 5 })).toBe('in 5 minutes.');
    // Arabic has six forms and its own digits.
    const ar = '{n, plural, zero {صفر} one {دقيقة واحدة} two {دقيقتين} few {# دقائق} many {# دقيقة} other {# دقيقة}}';
    expect(format('ar', ar, { n: 2 })).toBe('دقيقتين');
    expect(format('ar', ar, { n: 3 })).toBe(`${new Intl.NumberFormat('ar').format(3)} دقائق`);
    expect(format('ar', ar, { n: 11 })).toBe(`${new Intl.NumberFormat('ar').format(11)} دقيقة`);
  });

  it('hands back nodes given as values in their place (a <bdi> around a number)', () => {
    const node = { bdi: '#12' };
    expect(formatParts('en', 'Your ticket {number} was filed for {email}.', { number: node, email: 'a@b.c' })).toEqual([
      'Your ticket ',
      node,
      ' was filed for ',
      'a@b.c',
      '.',
    ]);
  });
});

/** What format.ts reads: text, {name}, and cardinal plurals (no offset) whose branches are text and #. */
function outsideSubset(elements: MessageFormatElement[], inPlural = false): string[] {
  return elements.flatMap((element): string[] => {
    if (element.type === TYPE.literal || element.type === TYPE.argument) {
      return element.type === TYPE.argument && inPlural ? ['a placeholder inside a plural branch'] : [];
    }
    if (element.type === TYPE.pound) return [];
    if (element.type === TYPE.plural && !inPlural && element.pluralType === 'cardinal' && element.offset === 0) {
      return Object.values(element.options).flatMap((option) => outsideSubset(option.value, true));
    }
    return [`${TYPE[element.type]}${element.type === TYPE.plural ? ' (ordinal, offset or nested)' : ''}`];
  });
}

describe('every widget message of every language', () => {
  for (const language of SHIPPED_LANGUAGES) {
    it(`${language}: uses only the subset, and reads as intl-messageformat reads it`, () => {
      for (const [key, text] of Object.entries(catalogue(language))) {
        if (/^widget\.(check|settings)\./.test(key)) continue; // the server's own, formatted by the translator
        expect(outsideSubset(parse(text)), `${language} ${key}`).toEqual([]);
        // An apostrophe before a brace, or a doubled one, is ICU quoting that format.ts would not undo.
        expect(text, `${language} ${key}`).not.toMatch(/'[{}'#]/);
        for (const n of [0, 1, 2, 3, 11, 100]) {
          const values = {
            site: 'Acme',
            email: 'ann@example.com',
            number: '#12',
            minutes: n,
            count: n,
            max: n,
            n,
            name: 'a.png',
            names: 'a.png',
            kinds: 'images',
            size: '1 MB',
            percent: n,
          };
          expect(format(language, text, values), `${language} ${key} ${n}`).toBe(
            String(new IntlMessageFormat(text, language).format(values)),
          );
        }
      }
    });
  }
});
