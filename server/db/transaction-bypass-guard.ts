import { AsyncLocalStorage } from 'node:async_hooks';
import type { Dialect, Kysely, TransactionBuilder } from 'kysely';
import type { Database } from './tables.js';

/**
 * A query sent through the database handle instead of the transaction, from inside that transaction's work.
 * On SQLite (one connection) it waits for the connection the transaction holds while the transaction waits
 * for it: both hang, and every request after them. On PostgreSQL it runs outside the transaction (another
 * snapshot, locks not held). The mistake is easy to make (a helper that takes `ctx` called with `ctx` rather
 * than the transaction) and was made once (addComment); this guard turns it into this error at the query.
 */
export class TransactionBypassError extends Error {
  constructor() {
    super(
      'A query went to the database handle from inside a transaction: pass the transaction (trx) to the code that ' +
        'made it. On SQLite it would wait forever for the connection the transaction holds.',
    );
    this.name = 'TransactionBypassError';
  }
}

interface OpenTransaction {
  readonly guard: object;
  open: boolean;
}

const openTransaction = new AsyncLocalStorage<OpenTransaction>();

/**
 * Whether the guard runs. Node 20's AsyncLocalStorage switches promise hooks on for good and they cost
 * every request some CPU (see signed-in-lane.ts), so it runs where mistakes are found: the test suites
 * (Vitest sets VITEST; the end-to-end servers set HELPDESK_CHECK_TRANSACTIONS=1).
 */
export const transactionGuardEnabled = (env: NodeJS.ProcessEnv = process.env): boolean =>
  Boolean(env.VITEST) || env.HELPDESK_CHECK_TRANSACTIONS === '1';

/**
 * Runs `work` (what a transaction of `guard`'s database does) so that the database refuses, with
 * TransactionBypassError, any query sent to it other than through the transaction until `work` settles.
 * Work it started without waiting for may query freely once it settled.
 */
export function insideTransaction<T>(guard: object | undefined, work: () => Promise<T>): Promise<T> {
  // Without the guard (production) the work runs as is: no extra promise per group-commit unit.
  return guard ? runGuarded(guard, work) : work();
}

async function runGuarded<T>(guard: object, work: () => Promise<T>): Promise<T> {
  const transaction: OpenTransaction = { guard, open: true };
  try {
    return await openTransaction.run(transaction, work);
  } finally {
    transaction.open = false;
  }
}

/**
 * Runs `work` as if from another session, not from inside the transaction whose work calls it: for tests
 * that make a second session's query wait on the transaction's locks on PostgreSQL (on SQLite it would hang).
 */
export function asAnotherSession<T>(work: () => T): T {
  return openTransaction.exit(work);
}

/** Refuses (TransactionBypassError) when called from inside the work of one of `guard`'s transactions. */
export function refuseInsideTransaction(guard: object | undefined): void {
  if (!guard) return;
  const transaction = openTransaction.getStore();
  if (transaction?.open && transaction.guard === guard) throw new TransactionBypassError();
}

/** `dialect`, whose connections are refused to code running inside one of `guard`'s transactions. */
export function guardDialect(dialect: Dialect, guard: object): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver() {
      const driver = dialect.createDriver();
      const acquire = driver.acquireConnection.bind(driver);
      // A transaction's own queries never get here: Kysely sends them on the connection it already holds.
      driver.acquireConnection = async () => {
        refuseInsideTransaction(guard);
        return acquire();
      };
      return driver;
    },
  };
}

/** Makes `kysely.transaction().execute(work)` run `work` inside the guard (see insideTransaction). */
export function guardTransactions(kysely: Kysely<Database>, guard: object): void {
  const begin = kysely.transaction.bind(kysely);
  kysely.transaction = () => guardBuilder(begin(), guard);
}

function guardBuilder(builder: TransactionBuilder<Database>, guard: object): TransactionBuilder<Database> {
  const execute = builder.execute.bind(builder);
  const setIsolationLevel = builder.setIsolationLevel.bind(builder);
  const setAccessMode = builder.setAccessMode.bind(builder);
  return Object.assign(builder, {
    execute: <T>(work: Parameters<typeof execute<T>>[0]) => execute((trx) => insideTransaction(guard, () => work(trx))),
    setIsolationLevel: (level: Parameters<typeof setIsolationLevel>[0]) => guardBuilder(setIsolationLevel(level), guard),
    setAccessMode: (mode: Parameters<typeof setAccessMode>[0]) => guardBuilder(setAccessMode(mode), guard),
  });
}
