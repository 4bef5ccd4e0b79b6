import type { Kysely } from 'kysely';
import type { Db } from './create-db.js';
import { classifyDatabaseFault } from './database-faults.js';
import type { Database } from './tables.js';
import { insideTransaction, refuseInsideTransaction } from './transaction-bypass-guard.js';

/** Work that must commit atomically; it gets the transaction to write through. */
export type TransactionWork<T> = (trx: Kysely<Database>) => Promise<T>;

/** Runs units of work each in a transaction of their own, or as if they were. */
export interface TransactionRunner {
  run<T>(work: TransactionWork<T>): Promise<T>;
  /**
   * One write statement that needs no transaction of its own (job bookkeeping): on SQLite it joins the
   * group commit like `run`, so it shares an fsync instead of paying one; on PostgreSQL it runs as is.
   */
  write<T>(work: TransactionWork<T>): Promise<T>;
  /**
   * One write that only records what someone has read (read marks). On SQLite it does not join the
   * group commit: it runs at once in a transaction of its own (after the transaction in progress, if
   * one is), and its caller is answered once it committed, without waiting for the disk. An agent
   * opening a ticket so waits neither for the filings queued nor for an fsync, and whoever reads next
   * finds the mark. A crash can lose it: the ticket then shows unread again, nothing more. On
   * PostgreSQL it runs on connections whose commits do not wait for the disk either (`Db.marks`).
   */
  mark<T>(work: TransactionWork<T>): Promise<T>;
}

/** Most units per group commit: enough to amortize one fsync over many tickets. */
export const MAX_BATCH = 64;

/** Units a batch takes, when they wait, whatever they cost: its commit (an fsync) is shared by at least that many. */
export const MIN_BATCH = 16;

/**
 * Past MIN_BATCH units, a batch stops taking more once it has worked this long (ms), or as long as its
 * last commit took if that is longer. better-sqlite3 is synchronous: while a batch runs, nothing else in
 * the process does, so an agent's request that arrives meanwhile waits for the whole batch, its commit
 * and the answers of its units. Under a flood of filings (`npm run bench:load`, 60 s), batches of 64 units
 * (~30 ms of work) kept the agents' reads at a p50 of 56 ms and a p99 of 125; bounded so, 26 and 96 ms,
 * for 29 % fewer filings under that flood. Bounded from the first unit, batches of a few units each cost
 * the intake bench's 16 connections a third of their rate (a commit and a turn of the event loop per few
 * tickets); from the sixteenth, nothing. The floor at the commit's own time keeps a slow disk's fsync shared by many units.
 */
export const BATCH_WORK_MS = 4;

interface Pending {
  work: TransactionWork<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * SQLite with synchronous=FULL pays one fsync per commit, and its one connection serializes
 * transactions anyway. So units queued while a commit is in progress are run together in the next
 * transaction, each inside its own savepoint: a unit that fails is rolled back alone, the others
 * commit, and every caller is answered only after the commit is durable. PostgreSQL gets a plain
 * transaction per unit (its connections run them in parallel).
 */
export function createTransactionRunner(db: Db): TransactionRunner {
  // Where the guard runs, a unit started from inside another's work is refused like a query bypassing a
  // transaction. Units that open a transaction or query through `db.kysely` are refused by its driver; the two
  // that do neither check here: a SQLite unit joins the queue (and would wait for the batch that waits for it),
  // a PostgreSQL mark goes to connections of its own (and would commit apart from the transaction).
  const guard = db.transactionGuard;
  // Switched off (HELPDESK_PERFORMANCE_OFF=group-commit), each unit commits alone and waits for the disk, read marks
  // too (on SQLite its one connection serializes them; a failed commit's rollback error never hides the commit's).
  if (db.dialect === 'postgres')
    return {
      run: (work) => db.kysely.transaction().execute(work),
      write: (work) => work(db.kysely),
      mark: async (work) => {
        refuseInsideTransaction(guard);
        return work((!db.performanceOff.has('group-commit') && db.marks) || db.kysely);
      },
    };
  if (db.performanceOff.has('group-commit')) {
    const alone = <T>(work: TransactionWork<T>) => {
      refuseInsideTransaction(guard);
      return commitAlone(db, work, { waitsForDisk: true });
    };
    return { run: alone, write: alone, mark: alone };
  }

  const queue: Pending[] = [];
  let draining = false;
  let commitMs = 0;

  async function drain() {
    draining = true;
    while (queue.length) {
      // One turn of the event loop lets requests that are already parsed join this batch, and lets the
      // process answer what came in while the last batch ran.
      await new Promise((resolve) => setImmediate(resolve));
      commitMs = await commitBatch(db, queue, Math.max(BATCH_WORK_MS, commitMs));
    }
    draining = false;
  }

  const run = <T>(work: TransactionWork<T>) =>
    new Promise<T>((resolve, reject) => {
      refuseInsideTransaction(guard);
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!draining) void drain();
    });
  return { run, write: run, mark: (work) => commitAlone(db, work) };
}

/**
 * Runs `work` in a transaction of its own, committed without waiting for the disk (see `TransactionRunner.mark`);
 * with `waitsForDisk`, as any commit (the plain path when the group commit is switched off).
 */
async function commitAlone<T>(db: Db, work: TransactionWork<T>, { waitsForDisk = false } = {}): Promise<T> {
  const trx = await db.kysely.startTransaction().execute();
  let value: T;
  try {
    value = await insideTransaction(db.transactionGuard, () => work(trx));
  } catch (error) {
    // The caller hears the work's error, not a failed rollback's.
    await trx
      .rollback()
      .execute()
      .catch(() => {});
    throw error;
  }
  // The transaction holds the connection: no other commit comes between these two lines.
  if (waitsForDisk) {
    try {
      await trx.commit().execute();
    } catch (error) {
      // A commit the disk refused may leave the transaction open; the caller hears the commit's error.
      await trx
        .rollback()
        .execute()
        .catch(() => {});
      throw error;
    }
    return value;
  }
  db.deferredSync?.deferNextCommit(true);
  try {
    await trx.commit().execute();
  } finally {
    db.deferredSync?.deferNextCommit(false);
  }
  return value;
}

/**
 * Runs units taken from the front of `queue` in one transaction, each in its own savepoint, until
 * `workMs` have passed or MAX_BATCH units ran; commits, then answers their callers once the commit is
 * durable. Returns how long the commit took.
 */
async function commitBatch(db: Db, queue: Pending[], workMs: number): Promise<number> {
  const { kysely, deferredSync } = db;
  const batch: Pending[] = [];
  const outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
  let commitMs = 0;
  try {
    const trx = await kysely.startTransaction().execute();
    try {
      const started = performance.now();
      for (
        let index = 0;
        queue.length && batch.length < MAX_BATCH && (index < MIN_BATCH || performance.now() - started < workMs);
        index++
      ) {
        const item = queue.shift() as Pending;
        batch.push(item);
        const name = `unit_${index}`;
        const unit = await trx.savepoint(name).execute();
        try {
          const value = await insideTransaction(db.transactionGuard, () => item.work(unit));
          await unit.releaseSavepoint(name).execute();
          outcomes.push({ ok: true, value });
        } catch (error) {
          // Disk full, lock or I/O trouble is not this unit's fault and would fail the rest too:
          // the whole batch is rolled back and every caller gets the error (nothing half-stored).
          if (classifyDatabaseFault(error)) throw error;
          await unit.rollbackToSavepoint(name).execute();
          outcomes.push({ ok: false, error });
        }
      }
      const committing = performance.now();
      deferredSync?.deferNextCommit(true);
      try {
        await trx.commit().execute();
      } finally {
        deferredSync?.deferNextCommit(false);
      }
      commitMs = performance.now() - committing;
    } catch (error) {
      await trx
        .rollback()
        .execute()
        .catch(() => {});
      throw error;
    }
  } catch (error) {
    // The lock could not be had, a unit hit a storage fault or the commit itself failed (disk full,
    // I/O error): nothing of this batch was stored. The units waiting behind it, up to a batch, get the
    // error too: each would meet the same fault (after the same busy wait, when it is the lock).
    batch.push(...queue.splice(0, MAX_BATCH - batch.length));
    for (const item of batch) item.reject(error);
    return commitMs;
  }
  const answer = () =>
    batch.forEach((item, index) => {
      const outcome = outcomes[index];
      if (outcome?.ok) item.resolve(outcome.value);
      else item.reject(outcome?.error);
    });
  // Committed without SQLite's fsync (sqlite-deferred-sync.ts): answered once the log is on disk, while the
  // next batch already runs.
  if (deferredSync)
    deferredSync.flush().then(answer, (error) => {
      for (const item of batch) item.reject(error);
    });
  else answer();
  return commitMs;
}
