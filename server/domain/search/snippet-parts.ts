import type { SearchTerm } from './ticket-search.js';

/** A piece of a search result's snippet: plain text, marked when it is a searched word. Never markup. */
export interface SnippetPart {
  text: string;
  match: boolean;
}

/** Characters of context kept before the first match, and the most a snippet shows in all. */
const BEFORE = 60;
const LENGTH = 200;

// Endings the indexes' stemmers drop (PostgreSQL's English, FTS5's porter): "jamming" was found by "jams", so
// the stem "jamm"… is too long; the word without its ending, at least three letters, is looked for next.
const ENDING = /(?:ing|ed|es|er|ly|s)$/u;

/**
 * The part of `text` around its first searched word, the words marked: computed here, from the text alone, so
 * that both databases show the same snippet. The text is the client's or an agent's: it stays text (the caller
 * renders each part as a text node), whatever markup it holds. Null when no word of the search is in it.
 */
export function snippetParts(text: string, terms: SearchTerm[]): SnippetPart[] | null {
  const flat = text.replace(/\s+/gu, ' ').trim();
  const hits = wordHits(flat, terms);
  const first = hits[0];
  if (first === undefined) return null;
  let start = Math.max(0, first.start - BEFORE);
  // Whole words only: the cut moves to the next space (or stays where there is none near).
  if (start > 0) {
    const space = flat.indexOf(' ', start);
    if (space !== -1 && space < first.start) start = space + 1;
  }
  let end = Math.min(flat.length, start + LENGTH);
  if (end < flat.length) {
    const space = flat.lastIndexOf(' ', end);
    if (space > first.end) end = space;
  }
  end = Math.max(end, first.end);
  const parts: SnippetPart[] = [];
  const push = (piece: string, match: boolean) => {
    if (piece) parts.push({ text: piece, match });
  };
  if (start > 0) push('…', false);
  let at = start;
  for (const hit of hits) {
    if (hit.start < at || hit.end > end) continue;
    push(flat.slice(at, hit.start), false);
    push(flat.slice(hit.start, hit.end), true);
    at = hit.end;
  }
  push(flat.slice(at, end), false);
  if (end < flat.length) push('…', false);
  return parts;
}

/**
 * Where the search's terms are in the text, in text order: a word where a word starts with it (to that word's
 * end); an identifier's words one after another as written (ORD-1234), as the indexes match them.
 */
function wordHits(text: string, terms: SearchTerm[]): Array<{ start: number; end: number }> {
  const hits: Array<{ start: number; end: number }> = [];
  for (const words of terms) {
    const found = findTerm(text, words);
    const stem = words.length === 1 ? (words[0] ?? '').replace(ENDING, '') : '';
    if (found.length === 0 && stem.length >= 3 && stem !== words[0]) hits.push(...findTerm(text, [stem]));
    else hits.push(...found);
  }
  hits.sort((a, b) => a.start - b.start || b.end - a.end);
  // Overlapping hits (one word a prefix of another) are one mark.
  const merged: typeof hits = [];
  for (const hit of hits) {
    const last = merged[merged.length - 1];
    if (last && hit.start < last.end) last.end = Math.max(last.end, hit.end);
    else merged.push({ ...hit });
  }
  return merged;
}

function findTerm(text: string, words: string[]): Array<{ start: number; end: number }> {
  const escaped = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  // Whole words but the last, which may be the start of one; anything but letters and digits between them.
  const body = escaped.map((w, i) => (i < escaped.length - 1 ? `${w}(?![\\p{L}\\p{N}])` : w)).join('[^\\p{L}\\p{N}]+');
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${body}[\\p{L}\\p{N}]*`, 'giu');
  return [...text.matchAll(pattern)].map((m) => ({ start: m.index ?? 0, end: (m.index ?? 0) + m[0].length }));
}
