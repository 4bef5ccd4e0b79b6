// The shipped catalogues themselves: every language has every English key, with the same placeholders.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type CatalogueFiles, findCatalogueProblems } from '../../scripts/check-catalogues.js';
import { SHIPPED_LANGUAGES } from './languages.js';
import { NAMESPACES } from './message-keys.js';

const LOCALES = join(import.meta.dirname, 'locales');

describe('the shipped catalogues', () => {
  const files: CatalogueFiles = {};
  for (const language of readdirSync(LOCALES)) {
    files[language] = {};
    for (const name of readdirSync(join(LOCALES, language))) {
      files[language][name.replace(/\.json$/, '')] = JSON.parse(readFileSync(join(LOCALES, language, name), 'utf8'));
    }
  }

  it('are one folder per shipped language, each with every namespace', () => {
    expect(Object.keys(files).sort()).toEqual([...SHIPPED_LANGUAGES].sort());
    for (const language of SHIPPED_LANGUAGES) expect(Object.keys(files[language] ?? {}).sort()).toEqual([...NAMESPACES].sort());
  });

  it('agree with English: no key missing or extra, the same placeholders, all ICU MessageFormat', () => {
    expect(findCatalogueProblems(files)).toEqual([]);
  });
});
