import { describe, expect, it } from 'vitest';
import { suggestQuery } from './suggest-query.js';

describe('suggestQuery: what the widget asks suggestions for', () => {
  it('is empty until the subject or the description holds three characters that are not spaces', () => {
    expect(suggestQuery('', '')).toBe('');
    expect(suggestQuery('re', '')).toBe('');
    expect(suggestQuery(' r e ', '  ')).toBe('');
    expect(suggestQuery('res', '')).toBe('res');
    expect(suggestQuery('', 'pas')).toBe('pas');
  });

  it('is the subject then the description on one line, a finished last word keeping its space', () => {
    expect(suggestQuery('  Reset  password ', '')).toBe('Reset password ');
    expect(suggestQuery('Reset password', 'I forgot\nmy  password')).toBe('Reset password I forgot my password');
    expect(suggestQuery('', '\n  forgot my\tpass')).toBe('forgot my pass');
  });

  it('is at most 200 characters (what the route takes)', () => {
    expect(suggestQuery('word '.repeat(100), '')).toHaveLength(200);
  });
});
