import * as fs from 'node:fs';
import type SQLite from 'better-sqlite3';

/**
 * Group commits on SQLite made durable off the event loop. better-sqlite3 is synchronous: at
 * synchronous=FULL every COMMIT fsyncs the write-ahead log on the event loop, and under a flood of
 * filings, with the disk busy with their mail, one such fsync held every request for 30-580 ms a few
 * times a minute. SQLite cannot change the setting inside a transaction, so the connection runs at
 * NORMAL (SQLite writes the log, never fsyncs it on commit) and this module does FULL's fsync itself:
 * - a group commit's COMMIT (`deferNextCommit(true)`) is answered once `flush()` has fdatasync'ed the
 *   log on the thread pool, while the next batch runs: as durable as FULL before anyone hears "stored";
 * - every other commit, and every write outside a transaction, fdatasyncs the log before it returns,
 *   as SQLite at FULL would have.
 * Checkpoints stay SQLite's own, in the COMMIT that crosses 1000 pages of log (docs/DECISIONS.md: a thread
 * of their own was tried and dropped).
 */
export interface DeferredSync {
  /** Whether the next COMMIT on the connection is a group commit's, whose fsync `flush()` does. */
  deferNextCommit(isDeferred: boolean): void;
  /** The statement to hand to Kysely (called once per prepared statement): a write is followed by the fsync FULL would have made. */
  statement(statement: SQLite.Statement): KyselyStatement;
  /** Resolves once every commit made before the call is on disk; one fdatasync serves all who wait for it. */
  flush(): Promise<void>;
  close(): void;
}

const ENDS_TRANSACTION = /^\s*(commit|end|release)\b/i;

/** What Kysely's SQLite driver uses of a statement. */
export type KyselyStatement = Pick<SQLite.Statement, 'reader' | 'run' | 'all' | 'iterate'>;

/** The two ways of syncing the log: on the thread pool, and at once (the tests count them). */
export interface LogSyncs {
  fdatasync: typeof fs.fdatasync;
  fdatasyncSync: typeof fs.fdatasyncSync;
}

export function createDeferredSync(sqlite: SQLite.Database, path: string, syncs: LogSyncs = fs): DeferredSync {
  sqlite.pragma('synchronous = NORMAL');
  let isNextDeferred = false;
  let fd: number | undefined;
  // The fdatasync in progress, and the one that will start after it for the commits made meanwhile.
  let running: Promise<void> | undefined;
  let next: Promise<void> | undefined;

  // The log exists from the first commit on, and SQLite keeps that file while the database is open.
  const log = () => {
    fd ??= fs.openSync(`${path}-wal`, 'r');
    return fd;
  };

  const syncOnce = () => new Promise<void>((resolve, reject) => syncs.fdatasync(log(), (error) => (error ? reject(error) : resolve())));

  const flush = (): Promise<void> => {
    if (!running) {
      running = syncOnce().finally(() => {
        running = undefined;
      });
      return running;
    }
    // The sync in progress may have started before the latest commits: the next one, after it, covers them.
    next ??= running
      .catch(() => {})
      .then(() => {
        next = undefined;
        return flush();
      });
    return next;
  };

  /** Runs a write; when it ended a transaction or was one (outside any), syncs as FULL would have. */
  const write = <T>(statement: SQLite.Statement, execute: () => T): T => {
    const wasInTransaction = sqlite.inTransaction;
    const result = execute();
    if (sqlite.inTransaction || statement.source === 'rollback') return result;
    if (wasInTransaction && isNextDeferred) {
      isNextDeferred = false;
      return result;
    }
    syncs.fdatasyncSync(log());
    return result;
  };

  return {
    deferNextCommit(isDeferred) {
      isNextDeferred = isDeferred;
    },
    statement(statement) {
      // SQLite counts COMMIT and RELEASE as read-only: they write nothing themselves, but they end a transaction.
      if (statement.readonly && !ENDS_TRANSACTION.test(statement.source)) return statement;
      return {
        reader: statement.reader,
        run: (...parameters: unknown[]) => write(statement, () => statement.run(...parameters)),
        all: (...parameters: unknown[]) => write(statement, () => statement.all(...parameters)),
        iterate: (...parameters: unknown[]) => statement.iterate(...parameters),
      };
    },
    flush,
    close() {
      if (fd !== undefined) fs.closeSync(fd);
      fd = undefined;
    },
  };
}
