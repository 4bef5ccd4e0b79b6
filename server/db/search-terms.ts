import { type RawBuilder, sql } from 'kysely';

/** One term of a search: a word, or the words of an identifier in the order they must appear. */
export type SearchTerm = string[];

/**
 * A visitor's words for the widget's doc suggestions, already cleaned (letters and digits only, lower case,
 * stop words gone): any of them may match; `prefix`, the last word, may still be being typed.
 */
export interface SuggestWords {
  words: string[];
  prefix: string | null;
}

/** One of the suggestions' searches: among the published docs written in `language` (a doc without one is in the site's). */
export interface SuggestStage {
  language: string;
  /** Every word must match, not any (the first of the suggestions' searches). */
  every?: boolean;
  /** Only docs holding a word in their title (an index of the titles alone): few, and the best ranked. */
  inTitle?: boolean;
  /** Rank only this many of the matches, the first the index gives, not all of them (a common word is in thousands). */
  candidates?: number;
}

/** What the suggestions' searches share: the site's language (a doc's without one of its own) and how many docs at most. */
export interface SuggestAmong {
  site: string;
  limit: number;
}

/**
 * The suggestions' last search (any word, anywhere) ranks at most this many docs: ranking every doc holding a common
 * word was most of a suggestion's time at 10,000 docs (16 ms of 18 on PostgreSQL). The docs holding every word and
 * those with a word in the title, ranked in full before it, are nearly always the suggestions already.
 */
export const SUGGEST_CANDIDATES = 200;

/** Whose search: staff see every ticket and note; a client (`authorId`) their own tickets, never a note. */
export interface SearchScope {
  includeNotes: boolean;
  authorId?: number;
}

/**
 * A search lists at most this many tickets, the best first: nobody reads further, and a common word then costs
 * the ranking of its matches, not a join of every one of them with the inbox's filters and counts.
 */
export const MAX_SEARCH_RESULTS = 500;

/**
 * Each place (subjects, messages, meta, clients) ranks at most its newest this many matches: a word in thousands
 * of messages then costs a bounded ranking, and the most recent of them are the ones an agent is after.
 */
export const SEARCH_CANDIDATES = 1000;

/** The newest tickets a common word's messages are looked for in first (PostgreSQL): ids within this of the newest. */
export const RECENT_TICKETS = 10_000;

/**
 * The parts of a ticket search both stores build alike. `plus`: written before the list of a client's tickets
 * (SQLite's `+`, see the SQLite adapter).
 */
export function searchParts(scope: SearchScope, plus: RawBuilder<unknown>) {
  // A client's search is narrowed inside each place, before the best rows are kept: others' tickets never
  // crowd theirs out.
  const own = (ticket: string) =>
    scope.authorId === undefined
      ? sql``
      : sql`and ${plus}${sql.ref(ticket)} in (select id from posts where type = 'ticket' and author_id = ${scope.authorId})`;
  const notNote = (comment: string) =>
    scope.includeNotes
      ? sql``
      : sql`and not exists (select 1 from comment_meta n where n.comment_id = ${sql.ref(comment)}
          and n.meta_key = 'is_internal' and n.meta_value = '1')`;
  // Each place keeps only its best MAX_SEARCH_RESULTS rows before they are merged per ticket.
  const best = (source: RawBuilder<unknown>) =>
    sql`select * from (select * from (${source}) as s order by s.rank, s.ticket_id desc limit ${MAX_SEARCH_RESULTS}) as best`;
  return { own, notNote, best };
}
