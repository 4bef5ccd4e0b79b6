import { type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import {
  MAX_SEARCH_RESULTS,
  RECENT_TICKETS,
  SEARCH_CANDIDATES,
  type SearchScope,
  type SearchTerm,
  type SuggestWords,
  searchParts,
} from '../search-terms.js';
import type { SearchStorage } from '../storage.js';
import type { Database } from '../tables.js';

/** Search on PostgreSQL: text indexes over expressions (migration 2026-11-25-013-ticket-search), tsqueries. */
export const postgresSearch: SearchStorage = {
  matchingTickets,
  commentMatches: (terms) => sql<boolean>`to_tsvector('english', c.content) @@ to_tsquery('english', ${tsQueryText(terms)})`,
  docsMatching: <O>(posts: SelectQueryBuilder<Database, 'posts', O>, search: string) =>
    posts.where(sql<boolean>`search_vector @@ ${tsQuery(search)}`),
  docsRank: (search) => sql`ts_rank(search_vector, ${tsQuery(search)}) desc`,
  docsSuggesting,
};

/**
 * Any of the words (OR), or every one (AND), the last a prefix, over the docs' tsvector (its GIN index). Ranked by ts_rank with a
 * title word (weight A) worth ten body words (B), as SQLite's BM25 weighs them; a doc holding more of the
 * words ranks higher.
 */
function docsSuggesting<O>(posts: SelectQueryBuilder<Database, 'posts', O>, { words, prefix, every }: SuggestWords) {
  // The words are letters and digits only (the domain's cleaning), so none can be tsquery syntax.
  const query = sql`to_tsquery('english', ${[...words, ...(prefix ? [`${prefix}:*`] : [])].join(every ? ' & ' : ' | ')})`;
  return posts.where(sql<boolean>`search_vector @@ ${query}`).orderBy(sql`ts_rank('{0.1, 0.1, 0.1, 1.0}', search_vector, ${query}) desc`);
}

function tsQuery(search: string) {
  return sql`websearch_to_tsquery('english', ${search})`;
}

/** The terms as a PostgreSQL tsquery: each term's words one after another, the last a prefix; all terms. */
export function tsQueryText(terms: SearchTerm[]): string {
  return terms.map((words) => words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' <-> ')).join(' & ');
}

/** A search of one word: the kind that can be in thousands of messages (several words together rarely are). */
function isOneWord(terms: SearchTerm[]): boolean {
  return terms.length === 1 && terms[0]?.length === 1;
}

/**
 * The tickets of the newest MAX_SEARCH_RESULTS messages matching `matches`, as `best` keeps them:
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
 * The expressions repeat the migration's index expressions exactly (2026-11-25-013-ticket-search), or
 * PostgreSQL cannot use the indexes.
 */
function matchingTickets(
  terms: SearchTerm[],
  scope: SearchScope,
  recentTickets = RECENT_TICKETS,
): RawBuilder<{ ticket_id: number; rank: number }> {
  const { own, notNote, best } = searchParts(scope, sql``);
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
