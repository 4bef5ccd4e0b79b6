import type { Expression, Kysely, RawBuilder, SelectQueryBuilder } from 'kysely';
import type { CounterHit, CounterKey, CountingCtes } from '../intake/counter-store.js';
import type { SearchScope, SearchTerm, SuggestAmong, SuggestStage, SuggestWords } from './search-terms.js';
import type { Database, PostRow } from './tables.js';
import type { Counting, OneStatementOutcome, TicketAccount, TicketRows } from './ticket-filing.js';

/** A counter hit as a store writes it: a key, its window, and how much it adds (1 unless said). */
export type CounterUpsert = CounterKey & { amount?: number };

/**
 * What differs between SQLite and PostgreSQL, said once per database in its adapter (server/db/sqlite/,
 * server/db/postgres/) and chosen once, by createDb (`Db.storage`, `ctx.storage`). Filing, counting and
 * search state their rules once and ask the adapter only for the part that differs; nothing outside
 * server/db reads which database it is (scripts/lint-dialect-checks.ts).
 */
export interface Storage {
  /** How the service names the store when it starts: the SQLite file, or PostgreSQL. */
  describe(url: string): string;
  /**
   * Several instances may share this database (PostgreSQL): each LISTENs for the others' changes (docs, live
   * events, revoked sign-ins). SQLite has one process, which hears its own changes.
   */
  sharedByInstances: boolean;
  /** The planner's statistics can fall far behind a table and are refreshed by the worker (PostgreSQL). */
  keepsPlannerStatistics: boolean;
  /**
   * A filing's writes run on the event loop (SQLite's synchronous calls), so a flood of anonymous filings is
   * paced to leave the agents' reads a turn; on PostgreSQL filings wait on the database instead.
   */
  filingsRunOnEventLoop: boolean;
  tickets: TicketStorage;
  search: SearchStorage;
  keptCounts: KeptCountStorage;
  locks: LockStorage;
  counters: CounterStorage;
  /** Tells the other instances that docs, products, pages or ticket terms changed (NOTIFY); delivered at commit. */
  announcePostsChanged(db: Kysely<Database>): Promise<void>;
}

export interface TicketStorage {
  /**
   * Where the store files a whole ticket in one statement, so one round trip (PostgreSQL): the counters carried
   * (if any), the account (looked up or made; its email normalized and checked by the caller), with `replay`
   * the idempotency key's earlier ticket, and the ticket's rows, written only when all of those allow. Absent
   * where a statement is a function call (SQLite): a filing is then several in one transaction.
   */
  fileInOneStatement?: (
    db: Kysely<Database>,
    rows: Omit<TicketRows, 'authorId'>,
    account: TicketAccount,
    replay: boolean,
    counters?: Counting,
  ) => Promise<OneStatementOutcome>;
  /**
   * The number for a ticket being inserted in `trx`: tickets count #1, #2, … apart from post ids. An
   * expression the insert evaluates, or a number taken in the ticket's own transaction.
   */
  nextNumber(trx: Kysely<Database>): Promise<Expression<number> | number>;
}

export interface SearchStorage {
  /**
   * The tickets whose subject and description, one comment, one meta value or client holds every term, with
   * a rank (lower is better, a subject match best), as a subquery `(ticket_id, rank)`. `recentTickets`: how
   * far back a one-word search looks first for its newest messages, where the store does so.
   */
  matchingTickets(terms: SearchTerm[], scope: SearchScope, recentTickets?: number): RawBuilder<{ ticket_id: number; rank: number }>;
  /** A condition on a comment `c`: the text index matches its content (the same as matchingTickets'). */
  commentMatches(terms: SearchTerm[]): RawBuilder<boolean>;
  /** The posts matching a visitor's search of the docs (joined to the docs index where the rank needs it). */
  docsMatching<O>(posts: SelectQueryBuilder<Database, 'posts', O>, search: string): SelectQueryBuilder<Database, 'posts', O>;
  /** The docs search's order, best match first. */
  docsRank(search: string): RawBuilder<unknown>;
  /**
   * The widget's suggestions: up to `among.limit` published docs holding a visitor's words (POST_COLUMNS), best
   * first. The `stages` search in turn, each only while those before found fewer docs than the limit; within
   * one, title words weigh most and a doc holding more of the words ranks higher, then the lower id.
   */
  docsSuggested(db: Kysely<Database>, words: SuggestWords, stages: readonly SuggestStage[], among: SuggestAmong): Promise<PostRow[]>;
}

/**
 * Kept counts (ticket_status_counts, ticket_view_counts, ticket_unread_counts): where writers add to a row of
 * their own (PostgreSQL, one per connection), a reader that read more than a few rows folds them back into
 * one; on SQLite there is one row per key and nothing to fold. `rowsRead`: how many rows the reader summed.
 */
export interface KeptCountStorage {
  foldStatusCounts(db: Kysely<Database>, rowsRead: number): Promise<void>;
  foldViewCounts(db: Kysely<Database>, rowsRead: number): Promise<void>;
  foldUnreadCounts(db: Kysely<Database>, userId: number, rowsRead: number): Promise<void>;
}

/** Row locks: PostgreSQL's, for readers that must queue or skip; SQLite has one writer, which serialises them. */
export interface LockStorage {
  /** The rows read are locked until the transaction ends (`FOR UPDATE`). */
  forUpdate<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O>;
  /** The rows read are locked, and rows another transaction holds are skipped (`FOR UPDATE SKIP LOCKED`). */
  forUpdateSkipLocked<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O>;
}

/** The intake counters in `counter_windows` (database-counter-store.ts). */
export interface CounterStorage {
  /** The hits (distinct keys) as one atomic upsert at `time`, answered in the order given. */
  upsert(db: Kysely<Database>, hits: ReadonlyArray<CounterUpsert>, time: number): Promise<CounterHit[]>;
  /** Where a filing's statement can carry the hits itself (PostgreSQL): them as CTEs ending in `counted`. */
  countingCtes?: (hits: ReadonlyArray<CounterUpsert>, time: number) => CountingCtes;
}
