import { describe, expect, it } from 'vitest';
import type { Language } from '../../../common/i18n/languages.js';
import arAdmin from '../../../common/i18n/locales/ar/admin.json' with { type: 'json' };
import deAdmin from '../../../common/i18n/locales/de/admin.json' with { type: 'json' };
import enAdmin from '../../../common/i18n/locales/en/admin.json' with { type: 'json' };
import esAdmin from '../../../common/i18n/locales/es/admin.json' with { type: 'json' };
import frAdmin from '../../../common/i18n/locales/fr/admin.json' with { type: 'json' };
import { createTranslator } from '../../../common/i18n/translator.js';
import { dueText } from './due-text.js';

const now = Date.parse('2026-12-07T10:00:00.000Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const due = (ms: number) => new Date(now + ms).toISOString();
const catalogues = { en: enAdmin, de: deAdmin, es: esAdmin, fr: frAdmin, ar: arAdmin };
const tr = (language: keyof typeof catalogues) => createTranslator(language as Language, catalogues[language], enAdmin);
const en = tr('en');

describe('dueText', () => {
  it('says how long until a due time, in minutes rounded up below an hour', () => {
    expect(dueText(en, due(25 * MINUTE), now)).toEqual({ text: 'due in 25 min', tone: 'soon' });
    expect(dueText(en, due(24 * MINUTE + 1000), now).text).toBe('due in 25 min');
    expect(dueText(en, due(1000), now).text).toBe('due in 1 min');
  });

  it('says how long a ticket is overdue, rounded down: "overdue 2 h"', () => {
    expect(dueText(en, due(-2 * HOUR - 59 * MINUTE), now)).toEqual({ text: 'overdue 2 hr', tone: 'overdue' });
    expect(dueText(en, due(-5 * MINUTE), now)).toEqual({ text: 'overdue 5 min', tone: 'overdue' });
    expect(dueText(en, due(-3 * 24 * HOUR), now).text).toBe('overdue 3 days');
  });

  it('is overdue at the due time itself, "due now" in its first minute', () => {
    expect(dueText(en, due(0), now)).toEqual({ text: 'due now', tone: 'overdue' });
    expect(dueText(en, due(-59_000), now).text).toBe('due now');
  });

  it('is "soon" up to exactly an hour ahead, as the Due within 1 hour view, and "later" after', () => {
    expect(dueText(en, due(HOUR), now)).toEqual({ text: 'due in 1 hr', tone: 'soon' });
    expect(dueText(en, due(HOUR + 1000), now).tone).toBe('later');
    expect(dueText(en, due(30 * HOUR), now).text).toBe('due in 30 hr');
  });

  it('reads in every language of the app, its number and unit by Intl', () => {
    const words = Object.fromEntries(
      (['en', 'de', 'es', 'fr', 'ar'] as const).map((language) => [language, dueText(tr(language), due(-2 * HOUR), now).text]),
    );
    expect(words.de).toMatch(/^überfällig seit 2 Std\.$/);
    expect(words.es).toContain('vencida hace 2');
    expect(words.fr).toContain('en retard de 2');
    // The Arabic frame with the Arabic unit (the digits are whichever Intl's data gives Arabic).
    expect(words.ar).toMatch(/^متأخرة منذ [2٢] س/);
    expect(new Set(Object.values(words)).size).toBe(5);
  });
});
