import { type Kysely, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import {
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
import type { Database } from '../tables.js';

/** Search on SQLite: FTS5 tables (tickets_fts, comments_fts, post_meta_fts, users_fts, docs_fts) and BM25. */
export const sqliteSearch: SearchStorage = {
  matchingTickets,
  commentMatches: (terms) => sql<boolean>`c.id in (select rowid from comments_fts where comments_fts match ${ftsQueryText(terms)})`,
  docsMatching,
  docsRank: () => sql`docs_fts.rank`,
  docsSuggested,
};

/** The terms as an FTS5 query: each quoted (no operators) as a phrase whose last word is a prefix; all of them. */
export function ftsQueryText(terms: SearchTerm[]): string {
  return terms.map((words) => `"${words.join(' ')}"*`).join(' ');
}

/**
 * Visitors' words as an FTS5 query that cannot be a syntax error: each word quoted, matched as a
 * prefix, all words required. Nothing searchable matches nothing.
 */
export function toFtsQuery(search: string): string {
  const words = (search.match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 12);
  return words.length ? words.map((word) => `"${word}"*`).join(' ') : '""';
}

// Joined directly (not as a subquery) so that FTS5's rank stays available; titles weigh ten times the body.
function docsMatching<O>(posts: SelectQueryBuilder<Database, 'posts', O>, search: string): SelectQueryBuilder<Database, 'posts', O> {
  const fts = posts.innerJoin(sql<{ rowid: number }>`docs_fts`.as('docs_fts'), 'docs_fts.rowid', 'posts.id');
  return fts.where(
    sql<boolean>`docs_fts match ${toFtsQuery(search)} and docs_fts.rank match 'bm25(10.0, 1.0)'`,
  ) as unknown as SelectQueryBuilder<Database, 'posts', O>;
}

// Any of the words (OR), or every one (AND), each quoted, the last a prefix; BM25 with titles ten times the body, as the docs search.
// A doc holding more of the words scores higher, since BM25 adds each word's part.
// `inTitle`: the title column only (an FTS5 column filter); `candidates`: only the first that many matches in rowid
// order, which FTS5 gives without ranking the rest.
function stageQuery<O>(
  posts: SelectQueryBuilder<Database, 'posts', O>,
  { words, prefix }: SuggestWords,
  { every, inTitle, candidates }: SuggestStage,
): SelectQueryBuilder<Database, 'posts', O> {
  const any = [...words.map((word) => `"${word}"`), ...(prefix ? [`"${prefix}"*`] : [])].join(every ? ' AND ' : ' OR ');
  const query = inTitle ? `{title} : (${any})` : any;
  const fts = posts.innerJoin(sql<{ rowid: number }>`docs_fts`.as('docs_fts'), 'docs_fts.rowid', 'posts.id');
  const matched = fts.where(sql<boolean>`docs_fts match ${query}`);
  const capped =
    candidates === undefined
      ? matched
      : matched.where(
          'posts.id',
          'in',
          sql<number>`(select rowid from docs_fts where docs_fts match ${query} order by rowid limit ${candidates})`,
        );
  return capped.orderBy(sql`bm25(docs_fts, 10.0, 1.0)`) as unknown as SelectQueryBuilder<Database, 'posts', O>;
}

// A stage at a time (suggestInTurn): a statement is a function call here, and the later stages, the costlier,
// mostly never run.
function docsSuggested(db: Kysely<Database>, words: SuggestWords, stages: readonly SuggestStage[], among: SuggestAmong) {
  return suggestInTurn(db, stages, among, async (stage) => {
    const docs = db
      .selectFrom('posts')
      .select('posts.id')
      .where('posts.type', '=', 'doc')
      .where('posts.status', '=', 'publish')
      .where(sql<string>`coalesce(posts.language, ${among.site})`, '=', stage.language);
    const rows = await stageQuery(docs, words, stage).orderBy('posts.id').limit(among.limit).execute();
    return rows.map((row) => row.id);
  });
}

function matchingTickets(terms: SearchTerm[], scope: SearchScope): RawBuilder<{ ticket_id: number; rank: number }> {
  // `+` keeps the list of a client's tickets away from FTS5, which would otherwise run the whole query once per
  // ticket (a prefix's word list merged each time: 0.5 s for a word in every subject).
  const { own, notNote, best } = searchParts(scope, sql`+`);
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
