import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../test/test-databases.js';
import { createTestDatabase, type TestDatabase } from '../test/test-databases.js';
import { createDb, type Db } from './create-db.js';
import { createTransactionRunner } from './group-commit.js';
import { migrateToLatest } from './migrate.js';

describeEachDatabase('transaction runner', (dialect) => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    db = createDb({ url: database.url });
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db.close();
    await database.drop();
  });

  const option = (name: string) => db.kysely.selectFrom('options').select('value').where('name', '=', name).executeTakeFirst();

  it('commits concurrent units independently: a failing unit is rolled back alone and its caller gets its error', async () => {
    const runner = createTransactionRunner(db);
    await db.kysely.insertInto('options').values({ name: 'taken', value: 'before' }).execute();
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        runner.run(async (trx) => {
          await trx.insertInto('options').values({ name: `unit-${i}`, value: String(i) }).execute();
          if (i % 5 === 0) throw new Error(`unit ${i} failed`);
          // A constraint violation after a successful write: only this unit is undone.
          if (i === 7) await trx.insertInto('options').values({ name: 'taken', value: 'again' }).execute();
          return i;
        }),
      ),
    );
    results.forEach((result, i) => {
      if (i % 5 === 0) expect(result).toEqual({ status: 'rejected', reason: new Error(`unit ${i} failed`) });
      else if (i === 7) expect(result.status).toBe('rejected');
      else expect(result).toEqual({ status: 'fulfilled', value: i });
    });
    for (let i = 0; i < 20; i++) {
      const stored = await option(`unit-${i}`);
      expect(stored?.value, `unit-${i}`).toBe(i % 5 === 0 || i === 7 ? undefined : String(i));
    }
    expect((await option('taken'))?.value).toBe('before');
  });

  it('answers only after the commit: the caller can read its own write outside the transaction', async () => {
    const runner = createTransactionRunner(db);
    await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        await runner.run((trx) => trx.insertInto('options').values({ name: `visible-${i}`, value: 'x' }).execute());
        expect(await option(`visible-${i}`)).toEqual({ value: 'x' });
      }),
    );
  });
});
