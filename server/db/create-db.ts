import { closeSync, mkdirSync, openSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { type Dialect, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type pgModule from 'pg';
import { NOTHING_OFF, type PerformanceOff } from '../config/performance-off.js';
import { recordPerformanceOff } from './performance-off-of.js';
import { prepareMarkedStatements } from './prepared-statements.js';
import { inSignedInLane, SIGNED_IN_CONNECTIONS, useSignedInLane } from './signed-in-lane.js';
import { createDeferredSync, type DeferredSync, type KyselyStatement } from './sqlite-deferred-sync.js';
import SQLite from './sqlite-driver.js';
import type { Storage } from './storage.js';
import { storageFor } from './storage-for.js';
import type { Database } from './tables.js';
import { guardDialect, guardTransactions, transactionGuardEnabled } from './transaction-bypass-guard.js';

// Loaded on first use (a few MiB resident): a SQLite install never needs the PostgreSQL client.
let pgLoaded: typeof pgModule | undefined;
export const loadPg = (): typeof pgModule => {
  pgLoaded ??= createRequire(import.meta.url)('pg') as typeof pgModule;
  return pgLoaded;
};

export type DialectName = 'sqlite' | 'postgres';

/** A database handle plus what the rest of the code needs to know about it. */
export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  /** What this database does its own way (storage.ts): the one place the rest of the code learns it. */
  storage: Storage;
  /** PostgreSQL: the main pool's size (connections; the signed-in lane has more of its own); SQLite: 1. */
  connections?: number;
  /**
   * PostgreSQL: connections of their own whose commits do not wait for the log to reach the disk
   * (`synchronous_commit=off`), for read marks only (TransactionRunner.mark).
   */
  marks?: Kysely<Database>;
  /** A SQLite file at synchronous=FULL: group commits made durable off the event loop (group-commit.ts). */
  deferredSync?: DeferredSync;
  /** Set where queries that bypass an open transaction are refused (transaction-bypass-guard.ts). */
  transactionGuard?: object;
  /** The performance mechanisms switched off (HELPDESK_PERFORMANCE_OFF): the code built on this database takes the plain paths. */
  performanceOff: PerformanceOff;
  /** PostgreSQL: the main pool's connections now (for /metrics); absent on SQLite. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

/** PostgreSQL connections per process unless `poolSize` says otherwise. */
export const DEFAULT_POOL_SIZE = 16;

/** Tuning read from the environment (see docs/operations.md, "Environment variables"); every field has a default. */
export interface DbTuning {
  /** PostgreSQL pool size. */
  poolSize?: number;
  /** SQLite: how long a write waits for another process's lock before failing with SQLITE_BUSY (5000). */
  sqliteBusyTimeoutMs?: number;
  /** SQLite: FULL (default) survives power loss; NORMAL is faster but may lose the last commits then. */
  sqliteSynchronous?: 'FULL' | 'NORMAL';
  /** PostgreSQL: bound on opening a connection or waiting for a free one in the pool (10000). */
  connectTimeoutMs?: number;
}

export interface DbOptions extends DbTuning {
  /** `postgres://…` selects PostgreSQL; anything else is a SQLite file path (or `:memory:`). */
  url: string;
  /** Mechanisms switched off for diagnosis (docs/PERFORMANCE.md); none when absent. */
  performanceOff?: PerformanceOff;
}

// COUNT(*) and bigint come back from pg as strings; every count we take fits a JS number.
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 20) return (value: string) => Number.parseInt(value, 10);
    return loadPg().types.getTypeParser(oid, format as 'text');
  },
};

/** Opens the store named by `url`: SQLite (WAL, FULL's durability, foreign keys) or a PostgreSQL pool. */
export function createDb(options: DbOptions): Db {
  const performanceOff = options.performanceOff ?? NOTHING_OFF;
  if (/^postgres(ql)?:\/\//.test(options.url)) {
    const connections = options.poolSize ?? DEFAULT_POOL_SIZE;
    const main = createPool(options, connections);
    // Off, every query takes the main pool, and no AsyncLocalStorage is entered.
    const signedIn = performanceOff.has('signed-in-lane') ? undefined : createPool(options, SIGNED_IN_CONNECTIONS);
    if (signedIn) useSignedInLane();
    const pool = {
      connect: () => (signedIn && inSignedInLane() ? signedIn : main).connect(),
      end: async () => {
        await Promise.all([main.end(), signedIn?.end()]);
      },
    };
    const { kysely, transactionGuard } = openKysely(new PostgresDialect({ pool }));
    // Under a flood every commit waits its turn for the log's fsync, and an agent opening a ticket waited for
    // its read marks' commit behind the filings'. A mark lost in a crash only shows a ticket unread again.
    const marks = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: createPool(options, MARK_CONNECTIONS, '-c synchronous_commit=off') }),
    });
    const close = async () => {
      await Promise.all([kysely.destroy(), marks.destroy()]);
    };
    recordPerformanceOff(kysely, performanceOff);
    const poolStats = () => ({ total: main.totalCount, idle: main.idleCount, waiting: main.waitingCount });
    return {
      kysely,
      dialect: 'postgres',
      storage: storageFor('postgres'),
      connections,
      marks,
      transactionGuard,
      performanceOff,
      poolStats,
      close,
    };
  }

  if (options.url !== ':memory:') createPrivateFile(options.url);
  const sqlite = new SQLite(options.url);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${Math.max(0, Math.trunc(options.sqliteBusyTimeoutMs ?? 5000))}`);
  // FULL by default: a ticket that got its 201 survives power loss (see docs/DECISIONS.md for the trade-off).
  // On a file its fsyncs are made by deferredSync (which runs SQLite itself at NORMAL), so that a group
  // commit's runs off the event loop. At NORMAL the operator chose speed over the last commits.
  const isFull = options.sqliteSynchronous !== 'NORMAL';
  // Off, SQLite itself runs at FULL and fsyncs every commit on the event loop.
  const isDeferred = isFull && options.url !== ':memory:' && !performanceOff.has('deferred-sync');
  const deferredSync = isDeferred ? createDeferredSync(sqlite, options.url) : undefined;
  if (!deferredSync) sqlite.pragma(`synchronous = ${isFull ? 'FULL' : 'NORMAL'}`);
  const cacheSize = performanceOff.has('prepared-statements') ? 0 : STATEMENT_CACHE_SIZE;
  const { kysely, transactionGuard } = openKysely(new SqliteDialect({ database: withStatementCache(sqlite, deferredSync, cacheSize) }));
  const close = async () => {
    deferredSync?.close();
    await kysely.destroy();
  };
  recordPerformanceOff(kysely, performanceOff);
  return {
    kysely,
    dialect: 'sqlite',
    storage: storageFor('sqlite'),
    connections: 1,
    deferredSync,
    transactionGuard,
    performanceOff,
    close,
  };
}

/** The main Kysely of a database, refusing queries that bypass its open transactions where the guard runs. */
function openKysely(dialect: Dialect): { kysely: Kysely<Database>; transactionGuard?: object } {
  if (!transactionGuardEnabled()) return { kysely: new Kysely<Database>({ dialect }) };
  const transactionGuard = {};
  const kysely = new Kysely<Database>({ dialect: guardDialect(dialect, transactionGuard) });
  guardTransactions(kysely, transactionGuard);
  return { kysely, transactionGuard };
}

/** PostgreSQL connections for read marks (`Db.marks`); opened when first used. */
const MARK_CONNECTIONS = 2;

/** A pool of `max` connections to the PostgreSQL server in `options.url`, with the server settings in `settings` (`-c name=value`). */
function createPool(options: DbOptions, max: number, settings?: string): pgModule.Pool {
  const pool = new (loadPg().Pool)({
    connectionString: options.url,
    ...(settings ? { options: settings } : {}),
    max,
    types: pgTypes,
    // A server that is down or unreachable fails the request within this bound (a 503), never hangs it.
    connectionTimeoutMillis: options.connectTimeoutMs ?? 10_000,
    keepAlive: true,
  });
  // A client losing its server (restart, admin shutdown) emits 'error'; unheard, that crashes the
  // process. The pool hears its idle clients; a checked-out client gets its own listener, and its
  // next query fails (a 503), after which the pool drops it. New queries open fresh connections,
  // so the service recovers by itself when the server is back.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
    if (!options.performanceOff?.has('prepared-statements')) prepareMarkedStatements(client);
  });
  return pool;
}

/**
 * The database holds every ticket and account: a folder made for it is 0700 and a new file 0600,
 * whatever the umask. SQLite gives the -wal and -shm files it makes the database file's mode. An
 * existing file or folder keeps the mode its owner chose.
 */
function createPrivateFile(path: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  try {
    closeSync(openSync(path, 'wx', 0o600));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

// Kysely prepares every query anew; preparing is a tenth of the intake's CPU, so statements are
// reused by SQL text. Bounded, because `in (?, ?, …)` lists make a new text per length.
const STATEMENT_CACHE_SIZE = 500;

/** Off (`cacheSize` 0, prepared-statements switched off), every query is prepared anew. */
function withStatementCache(sqlite: BetterSqlite3.Database, deferredSync: DeferredSync | undefined, cacheSize = STATEMENT_CACHE_SIZE) {
  // Each statement as Kysely gets it: wrapped by deferredSync once, when prepared, not at every query.
  const statements = new Map<string, KyselyStatement>();
  return {
    close: () => sqlite.close(),
    prepare(rawSql: string) {
      // Kysely opens transactions with a plain (deferred) BEGIN. A deferred transaction asks for the
      // write lock at its first write, once per statement, and in WAL mode a read-then-write one can
      // fail at once (SQLITE_BUSY_SNAPSHOT) without waiting. BEGIN IMMEDIATE takes the lock up front:
      // one wait of at most the busy timeout, and a transaction that got the lock cannot fail on it.
      const sql = rawSql === 'begin' ? 'begin immediate' : rawSql;
      let statement = statements.get(sql);
      if (!statement) {
        const prepared = sqlite.prepare(sql);
        statement = deferredSync ? deferredSync.statement(prepared) : prepared;
        if (cacheSize === 0) return statement;
        if (statements.size >= cacheSize) statements.delete(statements.keys().next().value as string);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}
