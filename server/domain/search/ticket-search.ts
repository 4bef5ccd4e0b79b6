import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DialectName } from '../../db/create-db.js';
import type { Database } from '../../db/tables.js';

/** At most this many words of a search are used: enough for a sentence someone remembers, bounded work. */
const MAX_WORDS = 8;

/**
 * A search lists at most this many tickets, the best first: nobody reads further, and a common word then costs
 * the ranking of its matches, not a join of every one of them with the inbox's filters and counts.
 */
export const MAX_SEARCH_RESULTS = 500;

/**
 * Each place (subjects, messages, meta, clients) ranks at most its newest this many matches: a word in thousands
 * of messages then costs a bounded ranking, and the most recent of them are the ones an agent is after.
 */
const SEARCH_CANDIDATES = 1000;

/**
 * The best tickets for the terms, by rank (lower is better), at most MAX_SEARCH_RESULTS; one evaluation.
 * `recentTickets`: see newestMessages (tests pass a small one).
 */
export async function bestMatches(
  db: Kysely<Database>,
  dialect: DialectName,
  terms: SearchTerm[],
  scope: SearchScope,
  recentTickets = RECENT_TICKETS,
): Promise<Array<{ ticket_id: number; rank: number }>> {
  const found = matchingTickets(dialect, terms, scope, recentTickets);
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

/** One term of a search: a word, or the words of an identifier in the order they must appear. */
export type SearchTerm = string[];

/** The terms as a PostgreSQL tsquery: each term's words one after another, the last a prefix; all terms. */
export function tsQueryText(terms: SearchTerm[]): string {
  return terms.map((words) => words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' <-> ')).join(' & ');
}

/** The terms as an FTS5 query: each quoted (no operators) as a phrase whose last word is a prefix; all of them. */
export function ftsQueryText(terms: SearchTerm[]): string {
  return terms.map((words) => `"${words.join(' ')}"*`).join(' ');
}

/** Whose search: staff see every ticket and note; a client (`authorId`) their own tickets, never a note. */
export interface SearchScope {
  includeNotes: boolean;
  authorId?: number;
}

/** The newest tickets a common word's messages are looked for in first (PostgreSQL): ids within this of the newest. */
const RECENT_TICKETS = 10_000;

/** A search of one word: the kind that can be in thousands of messages (several words together rarely are). */
function isOneWord(terms: SearchTerm[]): boolean {
  return terms.length === 1 && terms[0]?.length === 1;
}

/**
 * The tickets of the newest MAX_SEARCH_RESULTS messages matching `matches` (PostgreSQL), as `best` keeps them:
 * every message ranks the same, so more would be cut. A text index cannot give its matches newest first, and
 * reading every match of a common word (~7,000 messages on ~4,800 pages at 100,000 tickets) cost ~25 ms of a
 * search; so the messages of the RECENT_TICKETS newest tickets are read first, their rows found by the text
 * index and the tickets' index together, and the older ones (by the text index alone: `+ 0`, as that range is
 * most of the messages) only when those are too few. Both give the same newest messages: the older tickets'
 * ids are all below the recent ones'. A search that finds few messages then asks the text index twice, so only
 * a one-word search goes this way.
 */
function newestMessages(matches: RawBuilder<unknown>, recentTickets: number) {
  const floor = sql`(select max(id) - ${recentTickets} from posts)`;
  return sql`with recent as materialized (
      select c.post_id as ticket_id from comments c where ${matches} and c.post_id > ${floor}
      order by c.post_id + 0 desc limit ${MAX_SEARCH_RESULTS})
    select ticket_id, -1 as rank from recent
    union all
    (select c.post_id as ticket_id, -1 as rank from comments c
      where (select count(*) from recent) < ${MAX_SEARCH_RESULTS} and ${matches} and c.post_id + 0 <= ${floor}
      order by c.post_id + 0 desc limit ${MAX_SEARCH_RESULTS})`;
}

/**
 * The tickets whose subject and description, one comment, one meta value (order ID, custom fields) or client
 * holds every term (a word as a word or the start of one; an identifier's words one after another, the last as
 * a start), with a rank: lower is better, a subject match best.
 * The expressions repeat the migration's index expressions exactly (2026-11-25-013-ticket-search), or
 * PostgreSQL cannot use the indexes.
 */
export function matchingTickets(
  dialect: DialectName,
  terms: SearchTerm[],
  scope: SearchScope,
  recentTickets = RECENT_TICKETS,
): RawBuilder<{ ticket_id: number; rank: number }> {
  // A client's search is narrowed inside each place, before the best rows are kept: others' tickets never
  // crowd theirs out. On SQLite `+` keeps the list of their tickets away from FTS5, which would otherwise run
  // the whole query once per ticket (a prefix's word list merged each time: 0.5 s for a word in every subject).
  const plus = dialect === 'sqlite' ? sql`+` : sql``;
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
  if (dialect === 'postgres') {
    // Ranked by where the words are (subject, then order ID or custom field, then client, then a message) and
    // then by recency: ts_rank would re-parse every matching text, since the indexes hold no vectors.
    const tsquery = tsQueryText(terms);
    const prose = sql`to_tsquery('english', ${tsquery})`;
    const exact = sql`to_tsquery('simple', ${tsquery})`;
    // `+ 0`: an order no index gives, so PostgreSQL takes the matches from the text index and keeps the newest,
    // instead of walking a ticket index newest first and re-parsing every text until enough match. Only those
    // newest candidates are then ranked: whether the subject holds the words is a parse per row, and a word in
    // every subject would otherwise be parsed 100,000 times.
    const newest = (ticket: string) => sql`order by ${sql.ref(ticket)} + 0 desc limit ${SEARCH_CANDIDATES}`;
    return sql`(select ticket_id, min(rank) as rank from (
      ${best(sql`select p.id as ticket_id, case when to_tsvector('english', p.title) @@ ${prose} then -4 else -2 end as rank
        from (select p.id, p.title from posts p where p.type = 'ticket' and to_tsvector('english', p.title || ' ' || p.content) @@ ${prose}
          ${own('p.id')} ${newest('p.id')}) as p`)}
      union all
      ${best(
        isOneWord(terms)
          ? newestMessages(sql`to_tsvector('english', c.content) @@ ${prose} ${notNote('c.id')} ${own('c.post_id')}`, recentTickets)
          : sql`select c.post_id as ticket_id, -1 as rank from comments c
            where to_tsvector('english', c.content) @@ ${prose} ${notNote('c.id')} ${own('c.post_id')} ${newest('c.post_id')}`,
      )}
      union all
      ${best(sql`select m.post_id as ticket_id, -3 as rank from post_meta m
        where to_tsvector('simple', regexp_replace(m.meta_value, '[^[:alnum:]]+', ' ', 'g')) @@ ${exact} ${own('m.post_id')}
        ${newest('m.post_id')}`)}
      union all
      ${
        // The clients first, by their text index, then their tickets: joined, PostgreSQL without statistics (a
        // fresh install) walked every client by id and parsed each name and email (25 ms at 5,000 clients).
        best(sql`with clients as materialized (select u.id from users u
          where to_tsvector('simple', regexp_replace(u.name || ' ' || u.email, '[^[:alnum:]]+', ' ', 'g')) @@ ${exact})
        select p.id as ticket_id, -2 as rank from posts p where p.author_id in (select id from clients) and p.type = 'ticket'
        ${own('p.id')} ${newest('p.id')}`)
      }
    ) found group by ticket_id)`;
  }
  // FTS5: each term quoted (no operators) as a phrase whose last word is a prefix; all of them must match.
  // BM25 comes from the index, but costs a lookup per row: only the newest SEARCH_CANDIDATES matches of each
  // place are ranked, taken in rowid order, which FTS5 gives without reading the rest.
  const query = ftsQueryText(terms);
  const newest = (rowid: string) => sql`order by ${sql.ref(rowid)} desc limit ${SEARCH_CANDIDATES}`;
  return sql`(select ticket_id, min(rank) as rank from (
    ${best(sql`select tickets_fts.rowid as ticket_id, bm25(tickets_fts, 10.0, 1.0) - 1 as rank from tickets_fts
      where tickets_fts match ${query} ${own('tickets_fts.rowid')} ${newest('tickets_fts.rowid')}`)}
    union all
    ${best(sql`select c.post_id as ticket_id, bm25(comments_fts) as rank from comments_fts join comments c on c.id = comments_fts.rowid
      where comments_fts match ${query} ${notNote('c.id')} ${own('c.post_id')} ${newest('comments_fts.rowid')}`)}
    union all
    ${best(sql`select m.post_id as ticket_id, bm25(post_meta_fts) as rank from post_meta_fts
      join post_meta m on m.id = post_meta_fts.rowid where post_meta_fts match ${query} ${own('m.post_id')}
      ${newest('post_meta_fts.rowid')}`)}
    union all
    ${best(sql`select p.id as ticket_id, -0.1 as rank from users_fts join posts p on p.author_id = users_fts.rowid and p.type = 'ticket'
      where users_fts match ${query} ${own('p.id')} ${newest('p.id')}`)}
  ) group by ticket_id)`;
}
