// The translator: English for a missing key (and a report of it), dates in the reader's zone and language,
// the direction of the language, and rich messages with parts that are not text.
import { describe, expect, it, vi } from 'vitest';
import type { MessageKey } from './message-keys.js';
import { pseudoLocalize } from './pseudo-locale.js';
import { type Catalogue, createTranslator, message } from './translator.js';

// Test keys outside the shipped catalogues: the translator takes any catalogue, the type only guards callers.
const key = (name: string) => name as MessageKey;

const ENGLISH: Catalogue = {
  'common.test.hello': 'Hello {name}',
  'common.test.only-english': 'Only in English',
  'common.test.tickets': '{count, plural, one {# ticket} other {# tickets}}',
  'common.test.when': 'Sent {when, date, medium} at {when, time, short}',
  'common.test.day': 'On {when, date}',
  'common.test.link': 'Read <link>the guide</link> for {order}',
};
const GERMAN: Catalogue = {
  'common.test.hello': 'Hallo {name}',
  'common.test.tickets': '{count, plural, one {# Ticket} other {# Tickets}}',
  'common.test.when': 'Gesendet am {when, date, medium} um {when, time, short}',
  'common.test.day': 'Am {when, date}',
  'common.test.link': 'Lesen Sie <link>die Anleitung</link> zu {order}',
};
const ARABIC: Catalogue = { 'common.test.hello': 'مرحبًا {name}' };

// 20:30 UTC on 2 December is already 3 December in Tokyo (UTC+9) and still 2 December in New York.
const EVENING = new Date('2026-12-02T20:30:00Z');

describe('createTranslator', () => {
  it('fills placeholders and plurals in the language', () => {
    const de = createTranslator('de', GERMAN, ENGLISH);
    expect(de.t(key('common.test.hello'), { name: 'Ann' })).toBe('Hallo Ann');
    expect(de.t(key('common.test.tickets'), { count: 1 })).toBe('1 Ticket');
    expect(de.t(key('common.test.tickets'), { count: 1200 })).toBe('1.200 Tickets');
  });

  it('shows the English text for a key the language lacks, and calls onMissing once per key', () => {
    const onMissing = vi.fn();
    const de = createTranslator('de', GERMAN, ENGLISH, { onMissing });
    expect(de.t(key('common.test.only-english'))).toBe('Only in English');
    expect(de.t(key('common.test.only-english'))).toBe('Only in English');
    expect(onMissing).toHaveBeenCalledTimes(1);
    expect(onMissing).toHaveBeenCalledWith('common.test.only-english', 'de');
  });

  it('shows the key itself for a key no catalogue has, rather than throwing', () => {
    const onMissing = vi.fn();
    expect(createTranslator('de', GERMAN, ENGLISH, { onMissing }).t(key('common.test.nowhere'))).toBe('common.test.nowhere');
    expect(onMissing).toHaveBeenCalledWith('common.test.nowhere', 'de');
  });

  it('formats dates inside messages in the given zone and language', () => {
    const tokyo = createTranslator('en', ENGLISH, ENGLISH, { timeZone: 'Asia/Tokyo' });
    expect(tokyo.t(key('common.test.when'), { when: EVENING })).toBe('Sent Dec 3, 2026 at 5:30 AM');
    expect(tokyo.t(key('common.test.day'), { when: EVENING })).toBe('On 12/3/2026');
    const newYork = createTranslator('de', GERMAN, ENGLISH, { timeZone: 'America/New_York' });
    expect(newYork.t(key('common.test.when'), { when: EVENING })).toBe('Gesendet am 2. Dez. 2026 um 15:30');
    expect(newYork.t(key('common.test.day'), { when: EVENING })).toBe('Am 2.12.2026');
  });

  it('formats dates, times and numbers outside messages in the zone and language too', () => {
    const de = createTranslator('de', GERMAN, ENGLISH, { timeZone: 'Asia/Tokyo' });
    expect(de.timeZone).toBe('Asia/Tokyo');
    expect(de.date(EVENING)).toBe('03.12.2026');
    expect(de.dateTime(EVENING)).toBe('03.12.2026, 05:30');
    expect(de.number(1234.5)).toBe('1.234,5');
    const en = createTranslator('en', ENGLISH, ENGLISH);
    expect(en.timeZone).toBe('UTC');
    expect(en.dateTime(EVENING.toISOString())).toBe('Dec 2, 2026, 8:30 PM');
    expect(createTranslator('fr', {}, ENGLISH).number(1234.5)).toBe('1\u202f234,5');
  });

  it('is rtl in Arabic and ltr otherwise; the pseudo-locale formats as English does', () => {
    const ar = createTranslator('ar', ARABIC, ENGLISH);
    expect(ar.dir).toBe('rtl');
    expect(ar.language).toBe('ar');
    expect(ar.t(key('common.test.hello'), { name: 'Ann' })).toBe('مرحبًا Ann');
    expect(createTranslator('fr', {}, ENGLISH).dir).toBe('ltr');
    const pseudo = createTranslator('en-XA', { 'common.test.day': pseudoLocalize(ENGLISH['common.test.day'] ?? '') }, ENGLISH);
    expect(pseudo.dir).toBe('ltr');
    expect(pseudo.t(key('common.test.day'), { when: EVENING })).toMatch(/^⟦Óñ 12\/2\/2026 ~+⟧$/);
  });

  it("renders a rich message's tags through the functions given, in order", () => {
    const de = createTranslator('de', GERMAN, ENGLISH);
    const parts = de.rich<{ href: string; text: string }>(key('common.test.link'), {
      link: (chunks) => ({ href: '/guide', text: chunks.join('') }),
      order: 'A-17',
    });
    expect(parts).toEqual(['Lesen Sie ', { href: '/guide', text: 'die Anleitung' }, ' zu A-17']);
  });

  it("hands each non-text part of a rich message, and each tag's chunks, to keyPart with its place", () => {
    const keyPart = (part: unknown, index: number) => ({ key: index, part });
    const de = createTranslator('de', GERMAN, ENGLISH, { keyPart });
    const seen: unknown[][] = [];
    const parts = de.rich<object>(key('common.test.link'), {
      link: (chunks) => {
        seen.push(chunks);
        return { tag: 'a' };
      },
      order: 'A-17',
    });
    expect(parts).toEqual(['Lesen Sie ', { key: 1, part: { tag: 'a' } }, ' zu A-17']);
    expect(seen).toEqual([['die Anleitung']]);
  });

  it('renders a Message handed over by code that did not know the reader', () => {
    const handedOver = message(key('common.test.hello'), { name: 'Ann' });
    expect(createTranslator('de', GERMAN, ENGLISH).render(handedOver)).toBe('Hallo Ann');
    expect(createTranslator('en', ENGLISH, ENGLISH).render(handedOver)).toBe('Hello Ann');
    expect(message(key('common.test.only-english'))).toEqual({ key: 'common.test.only-english' });
  });
});
