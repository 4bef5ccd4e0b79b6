import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  SelectQueryNode,
  SqliteDialect,
  SqliteDriver,
} from 'kysely';
import type { KyselyStatement } from './sqlite-deferred-sync.js';

/** Where statements come from: a connection, with its statement cache (create-db.ts). */
export interface StatementSource {
  prepare(sql: string): KyselyStatement;
  close(): void;
}

/**
 * Kysely's SQLite dialect, with a second connection for reads. Kysely gives its one SQLite connection
 * to one transaction at a time, and a group commit holds it across a batch of filings (group-commit.ts):
 * under a flood, every query of an agent's request waited for the batch in progress, a few ms per query,
 * three or four queries per request. In WAL mode a second connection reads the last commit while a
 * transaction is open on the first. So:
 * - a SELECT outside any transaction runs on `reader` at once;
 * - a transaction, and any other statement, gets `writer` alone, as with Kysely's own driver (a
 *   transaction begun by hand too, on a connection from `db.connection()`).
 * A read so sees what has been committed, never what a transaction in progress may yet undo, and
 * whoever was answered after a commit (group-commit.ts answers nobody earlier) finds it on the reader.
 */
export class SqliteReaderDialect extends SqliteDialect {
  readonly #writer: StatementSource;
  readonly #reader: StatementSource;

  constructor(writer: StatementSource, reader: StatementSource) {
    super({ database: writer });
    this.#writer = writer;
    this.#reader = reader;
  }

  override createDriver(): Driver {
    return new ReaderDriver(this.#writer, this.#reader);
  }
}

class ReaderDriver implements Driver {
  readonly #lock = new WriterLock();
  // Kysely's own driver, for what does not depend on which connection runs it (BEGIN, COMMIT, savepoints).
  readonly #statements: SqliteDriver;
  readonly #writer: StatementSource;
  readonly #reader: StatementSource;

  constructor(writer: StatementSource, reader: StatementSource) {
    this.#statements = new SqliteDriver({ database: writer });
    this.#writer = writer;
    this.#reader = reader;
  }

  async init(): Promise<void> {}

  // No lock here: a connection takes the writer's when it begins a transaction or writes.
  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutedConnection(this.#writer, this.#reader, this.#lock);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as RoutedConnection).holdWriter();
    await this.#statements.beginTransaction(connection);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#statements.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#statements.rollbackTransaction(connection);
  }

  savepoint(...args: Parameters<SqliteDriver['savepoint']>): Promise<void> {
    return this.#statements.savepoint(...args);
  }

  rollbackToSavepoint(...args: Parameters<SqliteDriver['rollbackToSavepoint']>): Promise<void> {
    return this.#statements.rollbackToSavepoint(...args);
  }

  releaseSavepoint(...args: Parameters<SqliteDriver['releaseSavepoint']>): Promise<void> {
    return this.#statements.releaseSavepoint(...args);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as RoutedConnection).releaseWriter();
  }

  async destroy(): Promise<void> {
    this.#reader.close();
    this.#writer.close();
  }
}

class RoutedConnection implements DatabaseConnection {
  #holdsWriter = false;

  constructor(
    private readonly writer: StatementSource,
    private readonly reader: StatementSource,
    private readonly lock: WriterLock,
  ) {}

  async holdWriter(): Promise<void> {
    await this.lock.take();
    this.#holdsWriter = true;
  }

  releaseWriter(): void {
    if (!this.#holdsWriter) return;
    this.#holdsWriter = false;
    this.lock.release();
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    if (this.#holdsWriter) return execute(this.writer, compiled);
    // A transaction begun by hand (`db.connection()` then `begin`, as migrate.ts does) keeps the writer
    // for the rest of the connection's use, reads included.
    if (BEGINS_TRANSACTION.test(compiled.sql)) {
      await this.holdWriter();
      return execute(this.writer, compiled);
    }
    if (SelectQueryNode.is(compiled.query)) return execute(this.reader, compiled);
    await this.lock.take();
    try {
      return execute(this.writer, compiled);
    } finally {
      this.lock.release();
    }
  }

  // Nothing here streams; rows come one by one from a whole result, so a cached statement is never left mid-iteration.
  async *streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const { rows } = await this.executeQuery<R>(compiled);
    for (const row of rows) yield { rows: [row] };
  }
}

const BEGINS_TRANSACTION = /^\s*begin\b/i;

function execute<R>(source: StatementSource, { sql, parameters }: CompiledQuery): QueryResult<R> {
  const statement = source.prepare(sql);
  if (statement.reader) return { rows: statement.all(parameters) as R[] };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}

/** The writer, to one holder at a time, in the order they asked. */
class WriterLock {
  #held = false;
  readonly #waiting: Array<() => void> = [];

  async take(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return;
    }
    await new Promise<void>((resolve) => this.#waiting.push(resolve));
  }

  // The next in line gets it still held: nobody can slip in between.
  release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#held = false;
  }
}
