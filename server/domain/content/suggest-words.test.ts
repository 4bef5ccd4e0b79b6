import { expect, it } from 'vitest';
import { suggestWords } from './suggest-words.js';

it('keeps the telling words, lower case, without stop words or repeats', () => {
  expect(suggestWords('How do I reset my Password? password!')).toEqual({ words: ['reset', 'password'], prefix: null });
});

it('reads the last word as still being typed unless a space or mark follows it', () => {
  expect(suggestWords('reset my passw')).toEqual({ words: ['reset'], prefix: 'passw' });
  expect(suggestWords('reset my passw ')).toEqual({ words: ['reset', 'passw'], prefix: null });
});

it('drops a one-letter word being typed and a stop word being typed', () => {
  expect(suggestWords('refund p')).toEqual({ words: ['refund'], prefix: null });
  expect(suggestWords('refund for')).toEqual({ words: ['refund'], prefix: null });
});

it('leaves only letters and digits, whatever syntax the text holds', () => {
  expect(suggestWords('"export" OR NEAR( csv* -x')).toEqual({ words: ['export', 'near', 'csv'], prefix: null });
  expect(suggestWords('Überweisung 2fa')).toEqual({ words: ['überweisung'], prefix: '2fa' });
});
