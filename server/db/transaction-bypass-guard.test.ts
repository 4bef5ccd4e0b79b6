import { expect, it } from 'vitest';
import { describeEachDatabase, useTestDb } from '../test/test-databases.js';
import { createTransactionRunner } from './group-commit.js';
import { migrateToLatest } from './migrate.js';
import { TransactionBypassError, transactionGuardEnabled } from './transaction-bypass-guard.js';

const option = (value: string) => ({ name: `guard-${value}`, value });

it('runs in the test suites and where HELPDESK_CHECK_TRANSACTIONS=1, nowhere else', () => {
  expect(transactionGuardEnabled({ VITEST: 'true' })).toBe(true);
  expect(transactionGuardEnabled({ HELPDESK_CHECK_TRANSACTIONS: '1' })).toBe(true);
  expect(transactionGuardEnabled({})).toBe(false);
});

describeEachDatabase('a query that bypasses an open transaction', (dialect) => {
  const database = useTestDb(dialect, { setup: migrateToLatest });
  const stored = async (name: string) =>
    (await database.db.kysely.selectFrom('options').select('name').where('name', '=', name).executeTakeFirst()) !== undefined;

  // Without the guard, on SQLite, each of these hangs: the query waits for the connection the transaction holds.
  it('is refused inside kysely.transaction(), and the transaction rolls back', async () => {
    const { kysely } = database.db;
    const attempt = kysely.transaction().execute(async (trx) => {
      await trx.insertInto('options').values(option('a')).execute();
      await kysely.selectFrom('options').select('name').execute();
    });
    await expect(attempt).rejects.toThrow(TransactionBypassError);
    await expect(attempt).rejects.toThrow(/pass the transaction \(trx\)/);
    expect(await stored('guard-a')).toBe(false);
  });

  it('is refused inside a unit of the transaction runner (and a SQLite mark, a transaction too), and only that unit fails', async () => {
    const runner = createTransactionRunner(database.db);
    const { kysely } = database.db;
    const results = await Promise.allSettled([
      runner.run(async (trx) => {
        await trx.insertInto('options').values(option('b')).execute();
        await kysely.selectFrom('options').select('name').execute();
      }),
      runner.run((trx) => trx.insertInto('options').values(option('c')).execute()),
      runner.mark(async (trx) => {
        await trx.insertInto('options').values(option('d')).execute();
        await kysely.selectFrom('options').select('name').execute();
      }),
    ]);
    // On PostgreSQL a mark is one statement on connections of its own, in no transaction: nothing to bypass.
    const markIsTransaction = dialect === 'sqlite';
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', markIsTransaction ? 'rejected' : 'fulfilled']);
    expect((results[0] as PromiseRejectedResult).reason).toBeInstanceOf(TransactionBypassError);
    if (markIsTransaction) expect((results[2] as PromiseRejectedResult).reason).toBeInstanceOf(TransactionBypassError);
    expect([await stored('guard-b'), await stored('guard-c'), await stored('guard-d')]).toEqual([false, true, !markIsTransaction]);
  });

  it('refuses a unit started from inside another unit (it would wait for the batch that waits for it)', async () => {
    const runner = createTransactionRunner(database.db);
    const attempt = runner.run(async (trx) => {
      await trx.insertInto('options').values(option('e')).execute();
      await runner.run((inner) => inner.insertInto('options').values(option('f')).execute());
    });
    await expect(attempt).rejects.toThrow(TransactionBypassError);
    expect([await stored('guard-e'), await stored('guard-f')]).toEqual([false, false]);
  });

  it('lets queries through outside transactions, and work a transaction started once it has ended', async () => {
    const { kysely } = database.db;
    let later: Promise<unknown> = Promise.resolve();
    await kysely.transaction().execute(async (trx) => {
      await trx.insertInto('options').values(option('g')).execute();
      // Started from inside the transaction, run after it: by then the connection is free.
      later = new Promise((resolve) => setImmediate(resolve)).then(() => kysely.insertInto('options').values(option('h')).execute());
    });
    await later;
    expect([await stored('guard-g'), await stored('guard-h')]).toEqual([true, true]);
  });
});
