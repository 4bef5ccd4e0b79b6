import type { Kysely } from 'kysely';
import type { Db } from './create-db.js';
import { classifyDatabaseFault } from './database-faults.js';
import type { Database } from './tables.js';

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
}

/**
 * Units per group commit: enough to amortize one fsync over many tickets, small enough that one batch
 * never holds the single SQLite connection for long.
 */
export const MAX_BATCH = 64;

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
  if (db.dialect === 'postgres') return { run: (work) => db.kysely.transaction().execute(work), write: (work) => work(db.kysely) };

  const queue: Pending[] = [];
  let draining = false;

  async function drain() {
    draining = true;
    while (queue.length) {
      // One turn of the event loop lets requests that are already parsed join this batch.
      await new Promise((resolve) => setImmediate(resolve));
      await commitBatch(db.kysely, queue.splice(0, MAX_BATCH));
    }
    draining = false;
  }

  const run = <T>(work: TransactionWork<T>) =>
    new Promise<T>((resolve, reject) => {
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!draining) void drain();
    });
  return { run, write: run };
}

async function commitBatch(kysely: Kysely<Database>, batch: Pending[]): Promise<void> {
  const outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
  try {
    const trx = await kysely.startTransaction().execute();
    try {
      for (const [index, item] of batch.entries()) {
        const name = `unit_${index}`;
        const unit = await trx.savepoint(name).execute();
        try {
          outcomes.push({ ok: true, value: await item.work(unit) });
          await unit.releaseSavepoint(name).execute();
        } catch (error) {
          // Disk full, lock or I/O trouble is not this unit's fault and would fail the rest too:
          // the whole batch is rolled back and every caller gets the error (nothing half-stored).
          if (classifyDatabaseFault(error)) throw error;
          await unit.rollbackToSavepoint(name).execute();
          outcomes.push({ ok: false, error });
        }
      }
      await trx.commit().execute();
    } catch (error) {
      await trx
        .rollback()
        .execute()
        .catch(() => {});
      throw error;
    }
  } catch (error) {
    // The lock could not be had, a unit hit a storage fault or the commit itself failed (disk full,
    // I/O error): nothing of this batch was stored.
    for (const item of batch) item.reject(error);
    return;
  }
  batch.forEach((item, index) => {
    const outcome = outcomes[index];
    if (outcome?.ok) item.resolve(outcome.value);
    else item.reject(outcome?.error);
  });
}
