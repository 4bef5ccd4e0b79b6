import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './tables.js';

export type DialectName = 'sqlite' | 'postgres';

/** A database handle plus what the rest of the code needs to know about it. */
export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
}

/** PostgreSQL connections per process unless `poolSize` says otherwise. */
export const DEFAULT_POOL_SIZE = 16;

export interface DbOptions {
  /** `postgres://…` selects PostgreSQL; anything else is a SQLite file path (or `:memory:`). */
  url: string;
  /** PostgreSQL pool size. */
  poolSize?: number;
}

// COUNT(*) and bigint come back from pg as strings; every count we take fits a JS number.
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 20) return (value: string) => Number.parseInt(value, 10);
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

/** Opens the store named by `url`: SQLite (WAL, synchronous=FULL, foreign keys) or a PostgreSQL pool. */
export function createDb(options: DbOptions): Db {
  if (/^postgres(ql)?:\/\//.test(options.url)) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? DEFAULT_POOL_SIZE, types: pgTypes });
    // An idle client losing its server must not crash the process; the next query reports the error.
    pool.on('error', () => {});
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: 'postgres', close: () => kysely.destroy() };
  }

  if (options.url !== ':memory:') mkdirSync(dirname(options.url), { recursive: true });
  const sqlite = new SQLite(options.url);
  sqlite.pragma('journal_mode = WAL');
  // FULL: a ticket that got its 201 survives power loss (see docs/ARCHITECTURE.md for the trade-off).
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { kysely, dialect: 'sqlite', close: () => kysely.destroy() };
}

// Kysely prepares every query anew; preparing is a tenth of the intake's CPU, so statements are
// reused by SQL text. Bounded, because `in (?, ?, …)` lists make a new text per length.
const STATEMENT_CACHE_SIZE = 500;

function withStatementCache(sqlite: SQLite.Database) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}
