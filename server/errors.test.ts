import { describe, expect, it } from 'vitest';
import { SHIPPED_LANGUAGES } from '../common/i18n/languages.js';
import { message } from '../common/i18n/translator.js';
import { AppError, ERROR_CODES, type ErrorCode, invalidField, titleKey } from './errors.js';
import { CATALOGUES } from './i18n/catalogues.js';

describe('error codes and their texts', () => {
  it('every code has a title in every shipped language', () => {
    for (const code of Object.keys(ERROR_CODES) as ErrorCode[]) {
      for (const language of SHIPPED_LANGUAGES) expect(CATALOGUES[language][titleKey(code)], `${code} in ${language}`).toBeTruthy();
    }
  });

  it('an AppError’s message is the English of its detail, for logs', () => {
    expect(new AppError('NOT_FOUND', message('problems.ticket.not_found')).message).toBe('There is no such ticket.');
    expect(invalidField('tags', message('problems.tag.no_name')).message).toBe('tags: a tag needs a name');
  });
});
