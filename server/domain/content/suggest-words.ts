import type { SuggestWords } from '../../db/search-terms.js';

// Words that say nothing about the topic ("how do I …"): PostgreSQL's English configuration drops them, FTS5
// keeps them, and any-word matching would then suggest every doc holding "how". Dropped here, for both.
const STOP_WORDS = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below between both but by ' +
    'can cannot could did do does doing don down during each few for from further had has have having he her here hers ' +
    'him his how i if in into is it its itself just me more most my myself no nor not now of off on once only or other our ' +
    'ours out over own same she should so some such than that the their theirs them then there these they this those ' +
    'through to too under until up very was we were what when where which while who whom why will with would you your yours'
  ).split(' '),
);

// A visitor's text is short; twelve words are more than a question needs, and bound the query's size.
const MAX_WORDS = 12;

/**
 * A visitor's text as the words to suggest docs for: letters and digits only, lower case, no stop word, no
 * repeat. The last word is a prefix while it may still be being typed (the text does not end with a space or
 * a mark), and then only from two letters on: one letter would match nearly every doc.
 */
export function suggestWords(text: string): SuggestWords {
  const all = (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS);
  const typing = /[\p{L}\p{N}]$/u.test(text) ? all.pop() : undefined;
  const words = [...new Set(all.filter((word) => !STOP_WORDS.has(word)))];
  const prefix = typing !== undefined && typing.length >= 2 && !STOP_WORDS.has(typing) ? typing : null;
  return { words: prefix ? words.filter((word) => word !== prefix) : words, prefix };
}
