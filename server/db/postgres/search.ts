import { type Kysely, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import { performanceOffOf } from '../performance-off-of.js';
import { POST_COLUMNS } from '../post-columns.js';
import { PREPARED } from '../prepared-statements.js';
import {
  MAX_SEARCH_RESULTS,
  RECENT_TICKETS,
  SEARCH_CANDIDATES,
  type SearchScope,
  type SearchTerm,
  type SuggestAmong,
  type SuggestStage,
  type SuggestWords,
  searchParts,
} from '../search-terms.js';
import type { SearchStorage } from '../storage.js';
import { suggestInTurn } from '../suggest-in-turn.js';
import type { Database, PostRow } from '../tables.js';

/** Search on PostgreSQL: text indexes over expressions (migration 2026-11-25-013-ticket-search), tsqueries. */
export const postgresSearch: SearchStorage = {
  matchingTickets,
  commentMatches: (terms) => sql<boolean>`to_tsvector('english', c.content) @@ to_tsquery('english', ${tsQueryText(terms)})`,
  docsMatching: <O>(posts: SelectQueryBuilder<Database, 'posts', O>, search: string) =>
    posts.where(sql<boolean>`search_vector @@ ${tsQuery(search)}`),
  docsRank: (search) => sql`ts_rank(search_vector, ${tsQuery(search)}) desc`,
  docsSuggested,
};

/**
 * One stage's best `limit` docs as `(id, pos)`: any of the words (OR), or every one (AND), the last a prefix, over
 * the docs' tsvector (its GIN index), or over their titles' own. Ranked by ts_rank with a title word (weight A)
 * worth ten body words (B), as SQLite's BM25 weighs them; a doc holding more of the words ranks higher. `gate`: a
 * condition on the stages before, tested once (a One-Time Filter): false, this stage reads nothing.
 */
function stageQuery(
  { words, prefix }: SuggestWords,
  { language, every, inTitle, candidates }: SuggestStage,
  site: string,
  limit: number,
  gate: RawBuilder<boolean>,
) {
  // The words are letters and digits only (the domain's cleaning), so none can be tsquery syntax.
  const query = sql`to_tsquery('english', ${[...words, ...(prefix ? [`${prefix}:*`] : [])].join(every ? ' & ' : ' | ')})`;
  // A word in the title: the titles' own index (migration 2026-12-03-120-docs-suggest-indexes, its expression
  // repeated exactly); anywhere: the docs' text index. `candidates`: only the first that many matches are ranked.
  const match = inTitle ? sql`to_tsvector('english', posts.title) @@ ${query}` : sql`search_vector @@ ${query}`;
  // `offset 0` keeps the ranking out of the scan, so each match's row is read once, by the text index, and ranked
  // after. `status || ''`: a condition no index serves, so that the docs' `type, status` index, which holds every
  // published doc, is never the way in. Planned without statistics (docs just imported, before the first ANALYZE)
  // it looked cheapest, and the match was then tested on every published doc: 33–120 ms a search at 10,000 docs,
  // against 1–4 ms through the text index.
  return sql`select id, row_number() over (order by rank desc, id) as pos from (
      select id, ts_rank('{0.1, 0.1, 0.1, 1.0}', m.search_vector, ${query}) as rank from (
        select id, search_vector from posts
        where type = 'doc' and ${match} and status || '' = 'publish' and coalesce(language, ${site}) = ${language} and ${gate}
        ${candidates === undefined ? sql`offset 0` : sql`limit ${candidates}`}) as m
      order by rank desc, id limit ${limit}) as best`;
}

/**
 * The stages in one statement, a round trip where they were one each and the docs' rows another (a suggestion
 * asked 2.8 on average, each a parse, a plan and a reply): each stage a CTE that runs only while the distinct
 * docs of those before are fewer than the limit. The first of a doc's places (its stage, then its rank there)
 * orders it. Prepared: the text varies with the stages' kinds only (a handful of shapes), never with the words.
 * With `suggest-one-statement` off, a statement per stage and one for the rows (suggestInTurn), as on SQLite.
 */
async function docsSuggested(db: Kysely<Database>, words: SuggestWords, stages: readonly SuggestStage[], among: SuggestAmong) {
  const { site, limit } = among;
  if (performanceOffOf(db).has('suggest-one-statement'))
    return suggestInTurn(db, stages, among, async (stage) => {
      const { rows } = await sql<{ id: number }>`${stageQuery(words, stage, site, limit, sql<boolean>`true`)}`.execute(db);
      return rows.map((row) => row.id);
    });
  if (!stages.length) return [];
  const names = stages.map((_, n) => sql.raw(`s${n}`));
  const ctes = stages.map((stage, n) => {
    const before = names.slice(0, n).map((name) => sql`select id from ${name}`);
    const gate = before.length
      ? sql<boolean>`(select count(*) from (${sql.join(before, sql` union `)}) as found) < ${limit}`
      : sql<boolean>`true`;
    return sql`${names[n]} as materialized (${stageQuery(words, stage, site, limit, gate)})`;
  });
  const places = names.map((name, n) => sql`select id, ${sql.lit(n)} * ${sql.lit(STAGE_SPAN)} + pos as place from ${name}`);
  const columns = sql.join(POST_COLUMNS.map((column) => sql.ref(column)));
  const { rows } = await sql<PostRow>`${PREPARED} with ${sql.join(ctes)},
      chosen as (select id, min(place) as place from (${sql.join(places, sql` union all `)}) as places
        group by id order by place limit ${limit})
    select ${columns} from chosen join posts on posts.id = chosen.id order by chosen.place`.execute(db);
  return rows;
}

/** More than any stage's rank (DOCS_SUGGEST_MAX): a stage's places come after every place of the stages before. */
const STAGE_SPAN = 1000;

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
