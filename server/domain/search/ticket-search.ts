import { type Kysely, type RawBuilder, sql } from 'kysely';
import { MAX_SEARCH_RESULTS, RECENT_TICKETS, type SearchScope, type SearchTerm } from '../../db/search-terms.js';
import type { Storage } from '../../db/storage.js';
import type { Database } from '../../db/tables.js';

export { MAX_SEARCH_RESULTS, type SearchScope, type SearchTerm };

/** At most this many words of a search are used: enough for a sentence someone remembers, bounded work. */
const MAX_WORDS = 8;

/**
 * The best tickets for the terms, by rank (lower is better), at most MAX_SEARCH_RESULTS; one evaluation.
 * `recentTickets`: how far back a one-word search looks first for its newest messages (tests pass a small one).
 */
export async function bestMatches(
  db: Kysely<Database>,
  storage: Storage,
  terms: SearchTerm[],
  scope: SearchScope,
  recentTickets = RECENT_TICKETS,
): Promise<Array<{ ticket_id: number; rank: number }>> {
  const found = matchingTickets(storage, terms, scope, recentTickets);
  const { rows } = await sql<{ ticket_id: number; rank: number }>`select ticket_id, rank from ${found} as found
    order by rank, ticket_id desc limit ${MAX_SEARCH_RESULTS}`.execute(db);
  return rows.map((r) => ({ ticket_id: Number(r.ticket_id), rank: Number(r.rank) }));
}

/**
 * A search's terms as the indexes hold them: letters and digits, lower-cased, and each term the words of one
 * space-separated piece of the search. Most pieces are one word; an identifier is several (an order ID `ORD-1234`
 * is `ord 1234`, an email its local part and domain labels), and they must follow one another as written:
 * matched as separate words, `bench` and `test` of an email or `ord` of an order ID would be in every row.
 * Nothing else reaches a query: no index syntax can be injected. At most MAX_WORDS words in all; empty when
 * there is nothing to search for.
 */
export function searchWords(text: string): SearchTerm[] {
  const terms: SearchTerm[] = [];
  const seen = new Set<string>();
  let words = 0;
  for (const piece of text.toLowerCase().split(/\s+/)) {
    const term = (piece.match(/[\p{L}\p{N}]+/gu) ?? []).map((w) => w.slice(0, 50)).slice(0, MAX_WORDS - words);
    const key = term.join(' ');
    if (term.length === 0 || seen.has(key)) continue;
    seen.add(key);
    terms.push(term);
    words += term.length;
    if (words >= MAX_WORDS) break;
  }
  return terms;
}

/**
 * The tickets whose subject and description, one comment, one meta value (order ID, custom fields) or client
 * holds every term (a word as a word or the start of one; an identifier's words one after another, the last as
 * a start), with a rank: lower is better, a subject match best. The text indexes and their expressions are the
 * store's (storage.search.matchingTickets).
 */
export function matchingTickets(
  storage: Storage,
  terms: SearchTerm[],
  scope: SearchScope,
  recentTickets = RECENT_TICKETS,
): RawBuilder<{ ticket_id: number; rank: number }> {
  return storage.search.matchingTickets(terms, scope, recentTickets);
}
