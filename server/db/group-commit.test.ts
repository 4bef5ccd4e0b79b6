import type BetterSqlite3 from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mechanismsOn } from '../test/mechanisms-on.js';
import { describeEachDatabase, useTestDb } from '../test/test-databases.js';
import type { Db } from './create-db.js';
import { createTransactionRunner, MIN_BATCH } from './group-commit.js';
import { migrateToLatest } from './migrate.js';
import type { DeferredSync } from './sqlite-deferred-sync.js';
import SQLite from './sqlite-driver.js';
import type { Database } from './tables.js';

/** Holds `db`'s log syncs: every flush resolves only once `putOnDisk()` is called; `restore()` undoes it. */
function holdFlush(db: Db) {
  const deferredSync = db.deferredSync as DeferredSync;
  const flush = deferredSync.flush;
  let putOnDisk = () => {};
  const onDisk = new Promise<void>((resolve) => {
    putOnDisk = resolve;
  });
  deferredSync.flush = () => onDisk.then(flush);
  return { deferredSync, putOnDisk, restore: () => (deferredSync.flush = flush) };
}

describeEachDatabase('transaction runner', (dialect) => {
  const database = useTestDb(dialect, { setup: migrateToLatest });

  const option = (name: string) => database.db.kysely.selectFrom('options').select('value').where('name', '=', name).executeTakeFirst();

  it('commits concurrent units independently: a failing unit is rolled back alone and its caller gets its error', async () => {
    const runner = createTransactionRunner(database.db);
    await database.db.kysely.insertInto('options').values({ name: 'taken', value: 'before' }).execute();
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        runner.run(async (trx) => {
          await trx
            .insertInto('options')
            .values({ name: `unit-${i}`, value: String(i) })
            .execute();
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
    const runner = createTransactionRunner(database.db);
    await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        await runner.run((trx) =>
          trx
            .insertInto('options')
            .values({ name: `visible-${i}`, value: 'x' })
            .execute(),
        );
        expect(await option(`visible-${i}`)).toEqual({ value: 'x' });
      }),
    );
  });
});

describe.runIf(mechanismsOn('group-commit', 'deferred-sync'))('group commit on SQLite: batches bounded by their work', () => {
  const database = useTestDb('sqlite', { setup: (db) => sql`create table t (name text primary key)`.execute(db.kysely) });
  let reader: BetterSqlite3.Database;
  beforeAll(() => {
    // A second connection sees only what is committed (WAL): what each unit finds there tells which
    // units shared its transaction.
    reader = new SQLite(database.url, { readonly: true });
  });
  afterAll(() => reader.close());
  const committedRows = () => (reader.prepare('select count(*) as n from t').get() as { n: number }).n;
  /** Queues `count` units in one tick; each inserts a row and reports how many rows were committed when it ran. */
  const queueUnits = (runner: ReturnType<typeof createTransactionRunner>, prefix: string, count: number, busyMs = (_i: number) => 0) =>
    Promise.all(
      Array.from({ length: count }, (_, i) =>
        runner.run(async (trx) => {
          const seen = committedRows();
          const until = performance.now() + busyMs(i);
          while (performance.now() < until) {
            // A unit with this much work of its own (the ticket's rows, its triggers).
          }
          await sql`insert into t (name) values (${`${prefix}-${i}`})`.execute(trx);
          return seen;
        }),
      ),
    );

  it('units queued together share one commit while the batch is within its work bound', async () => {
    const before = committedRows();
    // Fewer than MIN_BATCH: taken together whatever they cost.
    const seen = await queueUnits(createTransactionRunner(database.db), 'shared', 10);
    expect(seen).toEqual(Array(10).fill(before));
    expect(committedRows()).toBe(before + 10);
  });

  it('answers a batch once its log is on disk (deferredSync.flush), and runs the next batch meanwhile', async () => {
    const { putOnDisk, restore } = holdFlush(database.db);
    try {
      const runner = createTransactionRunner(database.db);
      const before = committedRows();
      let answered = 0;
      const insert = (name: string) => runner.run((trx) => sql`insert into t (name) values (${name})`.execute(trx)).then(() => answered++);
      const first = insert('durable-1');
      await vi.waitFor(() => expect(committedRows()).toBe(before + 1));
      const second = insert('durable-2');
      await vi.waitFor(() => expect(committedRows()).toBe(before + 2));
      expect(answered).toBe(0);
      putOnDisk();
      await Promise.all([first, second]);
      expect(answered).toBe(2);
    } finally {
      restore();
    }
  });

  it('a batch takes at least MIN_BATCH units, then stops once it has worked past its bound', async () => {
    const before = committedRows();
    // MIN_BATCH quick units, then one that alone works far longer than the bound (and than any commit
    // takes), then one more: the last waits for a batch of its own.
    const slow = MIN_BATCH;
    const seen = await queueUnits(createTransactionRunner(database.db), 'bounded', MIN_BATCH + 2, (i) => (i === slow ? 50 : 0));
    expect(seen.slice(0, MIN_BATCH)).toEqual(Array(MIN_BATCH).fill(before));
    expect(seen[MIN_BATCH + 1]).toBeGreaterThan(before);
  });
});

describeEachDatabase('marks (TransactionRunner.mark)', (dialect) => {
  const database = useTestDb(dialect, { setup: (db) => sql`create table t (name text primary key)`.execute(db.kysely) });
  const insert = (name: string) => (trx: Kysely<Database>) => sql`insert into t (name) values (${name})`.execute(trx).then(() => name);
  const stored = async (name: string) => (await sql`select name from t where name = ${name}`.execute(database.db.kysely)).rows.length;

  it('is written, and a failing mark is undone alone with its caller told', async () => {
    const runner = createTransactionRunner(database.db);
    expect(await runner.mark(insert('mark-1'))).toBe('mark-1');
    await expect(runner.mark(insert('mark-1'))).rejects.toThrow();
    expect(await stored('mark-1')).toBe(1);
  });

  it.runIf(dialect === 'postgres' && mechanismsOn('group-commit'))(
    'commits without waiting for the disk, unlike every other write',
    async () => {
      const runner = createTransactionRunner(database.db);
      const setting = (trx: Kysely<Database>) =>
        sql<{ value: string }>`select current_setting('synchronous_commit') as value`.execute(trx).then((result) => result.rows[0]?.value);
      expect(await runner.mark(setting)).toBe('off');
      expect(await runner.run(setting)).toBe('on');
      expect(await runner.write(setting)).toBe('on');
    },
  );

  it.runIf(dialect === 'sqlite' && mechanismsOn('group-commit'))(
    'runs at once, ahead of the units waiting, in a transaction of its own, answered once committed without waiting for the disk',
    async () => {
      const { deferredSync, putOnDisk, restore } = holdFlush(database.db);
      try {
        const runner = createTransactionRunner(database.db);
        const deferNextCommit = vi.spyOn(deferredSync, 'deferNextCommit');
        const unitsAnswered: string[] = [];
        const units = Array.from({ length: 20 }, (_, i) => runner.run(insert(`unit-${i}`)).then((name) => unitsAnswered.push(name)));
        const seenWhenAnswered = await runner.mark(insert('mark-2')).then(() => {
          // Another connection reads only what is committed: the mark, and none of the units queued before it.
          const other = new SQLite(database.url, { readonly: true });
          const count = (pattern: string) =>
            (other.prepare('select count(*) as n from t where name like ?').get(pattern) as { n: number }).n;
          const seen = { marks: count('mark-2'), units: count('unit-%') };
          other.close();
          return seen;
        });
        expect(seenWhenAnswered).toEqual({ marks: 1, units: 0 });
        // Its commit made no fsync on the event loop: it was deferred, as a group commit's is.
        expect(deferNextCommit.mock.calls).toEqual([[true], [false]]);
        // The units' batch commits, but its callers hear nothing before the log is on disk.
        await vi.waitFor(async () => expect(await stored('unit-19')).toBe(1));
        expect(unitsAnswered).toEqual([]);
        putOnDisk();
        await Promise.all(units);
        expect(unitsAnswered).toHaveLength(20);
      } finally {
        restore();
        vi.restoreAllMocks();
      }
    },
  );
});

describe.runIf(mechanismsOn('group-commit'))('transaction runner on SQLite under storage faults', () => {
  const database = useTestDb('sqlite', {
    tuning: { sqliteBusyTimeoutMs: 50 },
    setup: (db) => sql`create table t (name text primary key, data blob)`.execute(db.kysely),
  });
  const names = async () =>
    (await sql<{ name: string }>`select name from t order by name`.execute(database.db.kysely)).rows.map((r) => r.name);
  // Queued in one tick, so they are committed as one batch.
  const runBatch = (runner: ReturnType<typeof createTransactionRunner>, prefix: string, big = -1) =>
    Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        runner.run(async (trx) => {
          await sql`insert into t (name, data) values (${`${prefix}-${i}`}, zeroblob(${i === big ? 2_000_000 : 10}))`.execute(trx);
          return i;
        }),
      ),
    );

  it('a disk-full unit fails the whole batch: every caller gets the error and nothing of the batch is stored', async () => {
    const runner = createTransactionRunner(database.db);
    const pages = (await sql<{ page_count: number }>`pragma page_count`.execute(database.db.kysely)).rows[0]?.page_count ?? 0;
    await sql.raw(`pragma max_page_count = ${pages + 20}`).execute(database.db.kysely);
    const results = await runBatch(runner, 'full', 3);
    await sql`pragma max_page_count = 1073741823`.execute(database.db.kysely);
    for (const result of results) expect(result).toMatchObject({ status: 'rejected', reason: { code: 'SQLITE_FULL' } });
    expect(await names()).toEqual([]);
    // The runner goes on once there is room.
    expect((await runBatch(runner, 'after')).map((r) => r.status)).toEqual(Array(8).fill('fulfilled'));
    expect(await names()).toHaveLength(8);
  });

  it(
    'a write lock held by another process beyond the busy timeout fails the ' + 'batch as SQLITE_BUSY; released, the next batch commits',
    async () => {
      const runner = createTransactionRunner(database.db);
      const other = new SQLite(database.url);
      other.exec('begin immediate');
      const before = await names();
      const results = await runBatch(runner, 'locked');
      for (const result of results) expect(result).toMatchObject({ status: 'rejected', reason: { code: 'SQLITE_BUSY' } });
      other.exec('rollback');
      other.close();
      expect(await names()).toEqual(before);
      expect((await runBatch(runner, 'unlocked')).map((r) => r.status)).toEqual(Array(8).fill('fulfilled'));
    },
  );
});
