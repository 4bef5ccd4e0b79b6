// The pseudo-locale: bracketed, accented, a third longer, and still a working ICU message.
import { parse } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { pseudoLocalize, pseudoLocalizeElements } from './pseudo-locale.js';

const format = (message: string, values?: Record<string, unknown>) =>
  new IntlMessageFormat(message, 'en', undefined, { ignoreTag: false }).format(values as never);

describe('pseudoLocalize', () => {
  it('brackets the whole message, so a text without ⟦…⟧ on a screen did not come from a catalogue', () => {
    const shown = String(format(pseudoLocalize('Send ticket')));
    expect(shown.startsWith('⟦')).toBe(true);
    expect(shown.endsWith('⟧')).toBe(true);
  });

  it('accents every ASCII letter of the words and keeps digits and punctuation', () => {
    const shown = String(format(pseudoLocalize('Send 2 tickets, now!')));
    expect(shown).toMatch(/^⟦Šéñð 2 ţíçķéţš, ñóŵ! ~+⟧$/);
    expect(shown.slice(1, -1)).not.toMatch(/[A-Za-z]/);
  });

  it('makes the shown text at least 30 % longer than the English one, counting words, not ICU syntax', () => {
    for (const [message, values] of [
      ['Send ticket', {}],
      ['Help center', {}],
      ['{count, plural, one {# ticket} other {# tickets}}', { count: 3 }],
      ['Open <link>your ticket</link>', { link: (chunks: string[]) => chunks.join('') }],
    ] as const) {
      const english = String(format(message, values));
      const pseudo = String(format(pseudoLocalize(message), values));
      expect(pseudo.length, message).toBeGreaterThanOrEqual(english.length * 1.3);
      // …but not fivefold because of the plural's syntax.
      expect(pseudo.length, message).toBeLessThanOrEqual(english.length * 1.6 + 4);
    }
  });

  it('leaves placeholders working: names, numbers and dates are filled, not accented', () => {
    const shown = String(format(pseudoLocalize('Hello {name}, you have {n, number} new'), { name: 'Ann', n: 1200 }));
    expect(shown).toContain('Ann');
    expect(shown).toContain('1,200');
    expect(shown).toContain('Ĥéĺĺó');
  });

  it('leaves plurals and selects working, their branches accented', () => {
    const plural = pseudoLocalize('{count, plural, one {# ticket} other {# tickets}}');
    expect(String(format(plural, { count: 1 }))).toMatch(/^⟦1 ţíçķéţ ~+⟧$/);
    expect(String(format(plural, { count: 5 }))).toMatch(/^⟦5 ţíçķéţš ~+⟧$/);
    const select = pseudoLocalize('{role, select, agent {Agent} other {Client}}');
    expect(String(format(select, { role: 'agent' }))).toContain('Áĝéñţ');
    expect(String(format(select, { role: 'x' }))).toContain('Çĺíéñţ');
  });

  it('leaves rich tags working, their words accented and their names kept', () => {
    const parts = format(pseudoLocalize('Read <link>the guide</link> first'), { link: (chunks: string[]) => `[${chunks.join('')}]` });
    expect(Array.isArray(parts) ? parts.join('') : String(parts)).toMatch(/^⟦Ŕéáð \[ţĥé ĝúíðé\] ƒíŕšţ ~+⟧$/);
  });

  it('keeps apostrophes literal (ICU quoting survives the round trip)', () => {
    expect(String(format(pseudoLocalize("Don't send it"), {}))).toMatch(/^⟦Ðóñ'ţ šéñð íţ ~+⟧$/);
    expect(String(format(pseudoLocalize('It’s {n}'), { n: 2 }))).toMatch(/^⟦Íţ’š 2 ~+⟧$/);
  });
});

describe('pseudoLocalizeElements', () => {
  it('makes of a parsed message (the admin app’s build) the text pseudoLocalize makes, leaving the given tree as it was', () => {
    for (const text of [
      'Send ticket',
      '{count, plural, one {# ticket} other {# tickets}} for {name}',
      'Read <link>the guide</link> first',
      "It's '{literal}' {role, select, agent {here} other {there}}",
    ]) {
      const tree = parse(text, { ignoreTag: false });
      const before = JSON.stringify(tree);
      const values = { count: 3, name: 'Ana', role: 'agent', link: (chunks: unknown[]) => `[${chunks.join('')}]` };
      const fromTree = new IntlMessageFormat(pseudoLocalizeElements(tree), 'en', undefined, { ignoreTag: false }).format(values);
      const fromText = new IntlMessageFormat(pseudoLocalize(text), 'en', undefined, { ignoreTag: false }).format(values);
      expect(fromTree, text).toEqual(fromText);
      expect(JSON.stringify(tree)).toBe(before);
    }
  });
});
