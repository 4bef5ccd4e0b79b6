import type { ReactNode } from 'react';

/** The words of a search as the server's index reads them (server/domain/ticket-search.ts): letters and digits. */
export function searchWords(search: string): string[] {
  return search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * The text with every word that starts like a searched word marked, as the server matched it (by prefix). React
 * escapes the pieces: nothing of the text becomes markup.
 */
export function Highlight({ text, words }: { text: string; words: string[] }): ReactNode {
  if (words.length === 0) return text;
  const escaped = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(${escaped.join('|')})[\\p{L}\\p{N}]*`, 'giu');
  const pieces: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const start = match.index ?? 0;
    if (start > last) pieces.push(text.slice(last, start));
    pieces.push(<mark key={start}>{match[0]}</mark>);
    last = start + match[0].length;
  }
  if (last < text.length) pieces.push(text.slice(last));
  return pieces;
}

/**
 * Where a search found its words in a message (the server's snippet): each part a text node, the searched
 * words in <mark>. The parts are the client's text: React escapes them, no markup of theirs is ever rendered.
 */
export function Snippet({ parts }: { parts: Array<{ text: string; match: boolean }> }): ReactNode {
  return (
    <p className="snippet muted" data-testid="snippet">
      {/* The parts never move: their place is their key. */}
      {parts.map((part, i) => (part.match ? <mark key={i}>{part.text}</mark> : part.text))}
    </p>
  );
}
