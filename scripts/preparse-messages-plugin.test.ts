import { describe, expect, it } from 'vitest';
import { createTranslator } from '../common/i18n/translator.js';
import { preparseCatalogue, preparseMessagesPlugin } from './preparse-messages-plugin.mjs';

// What the admin app's build does to each catalogue; the first-screen budget in admin-bundle.test.ts shows the gain.
describe('the admin catalogues parsed at build time', () => {
  const texts = {
    plural: '{count, plural, =0 {no tickets} one {# ticket} other {# tickets}} for {name}',
    date: 'Filed {when, date, medium} at {when, time, short}',
    rich: 'Read <link>the guide</link> about ‘{topic}’',
    quoted: "It's '{literal}' here",
    select: '{role, select, agent {An agent} other {You}} replied',
  };
  const values = { count: 2, name: 'Ana', when: new Date('2026-12-02T14:05:00Z'), topic: 'Export', role: 'agent' };

  it('formats every message exactly as its text does, in English, German and Arabic', () => {
    for (const language of ['en', 'de', 'ar'] as const) {
      const fromText = createTranslator(language, texts, texts, { timeZone: 'Europe/Berlin' });
      const parsed = preparseCatalogue(texts, language);
      const fromTree = createTranslator(language, parsed, parsed, { timeZone: 'Europe/Berlin' });
      for (const key of ['plural', 'date', 'quoted', 'select'] as const) {
        expect(fromTree.t(key as never, values), `${language} ${key}`).toBe(fromText.t(key as never, values));
      }
      const link = (chunks: unknown[]) => `[${chunks.join('')}]`;
      expect(fromTree.rich('rich' as never, { ...values, link })).toEqual(fromText.rich('rich' as never, { ...values, link }));
    }
  });

  it('turns an imported catalogue file into its parsed keys, and leaves other JSON alone', () => {
    const transform = preparseMessagesPlugin.transform as (code: string, id: string) => { code: string } | null;
    const out = transform(JSON.stringify({ 'admin.x': 'Hello {name}' }), '/repo/common/i18n/locales/de/admin.json?import');
    expect(JSON.parse(out?.code ?? '')).toEqual({
      'admin.x': [
        { type: 0, value: 'Hello ' },
        { type: 1, value: 'name' },
      ],
    });
    expect(transform('{"a":"b"}', '/repo/package.json')).toBeNull();
  });
});
