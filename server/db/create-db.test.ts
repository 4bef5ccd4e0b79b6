import type BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-databases.js';
import { createDb, type Db } from './create-db.js';
import { classifyDatabaseFault } from './database-faults.js';
import SQLite from './sqlite-driver.js';

describe('createDb on SQLite', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()?.();
  });
  async function open(
    tuning: Parameters<typeof createDb>[0] extends infer O ? Omit<O, 'url'> : never = {},
  ): Promise<{ db: Db; database: TestDatabase }> {
    const database = await createTestDatabase('sqlite');
    const db = createDb({ ...tuning, url: database.url });
    await sql`create table t (x integer)`.execute(db.kysely);
    cleanups.push(
      () => database.drop(),
      () => db.close(),
    );
    return { db, database };
  }
  // Another process's handle on the same file (the CLI, a backup tool).
  function otherHandle(url: string): BetterSqlite3.Database {
    const other = new SQLite(url);
    other.pragma('busy_timeout = 0');
    cleanups.push(() => void other.close());
    return other;
  }

  it('syncs as FULL by default (own fsyncs, sqlite-deferred-sync.ts), 5 s busy timeout; NORMAL and another timeout if asked', async () => {
    const { db } = await open();
    // SQLite itself runs at NORMAL: the fsyncs FULL would make are made by deferredSync.
    expect(db.deferredSync).toBeDefined();
    expect((await sql<{ synchronous: number }>`pragma synchronous`.execute(db.kysely)).rows).toEqual([{ synchronous: 1 }]);
    expect((await sql<{ timeout: number }>`pragma busy_timeout`.execute(db.kysely)).rows).toEqual([{ timeout: 5000 }]);
    const tuned = await open({ sqliteSynchronous: 'NORMAL', sqliteBusyTimeoutMs: 50 });
    expect((await sql<{ synchronous: number }>`pragma synchronous`.execute(tuned.db.kysely)).rows).toEqual([{ synchronous: 1 }]);
    expect(tuned.db.deferredSync).toBeUndefined();
    expect((await sql<{ timeout: number }>`pragma busy_timeout`.execute(tuned.db.kysely)).rows).toEqual([{ timeout: 50 }]);
  });

  it('takes the write lock when a transaction begins, even one that reads first', async () => {
    const { db, database } = await open();
    const other = otherHandle(database.url);
    await db.kysely.transaction().execute(async (trx) => {
      await sql`select count(*) from t`.execute(trx);
      // With a deferred BEGIN this other writer would get the lock now, and our write below would
      // fail at once with SQLITE_BUSY_SNAPSHOT instead of waiting.
      expect(() => other.exec('begin immediate')).toThrow(expect.objectContaining({ code: 'SQLITE_BUSY' }));
      await sql`insert into t values (1)`.execute(trx);
    });
    expect(other.prepare('select count(*) as n from t').get()).toEqual({ n: 1 });
  });

  it('gives up on a lock held beyond the busy timeout with a "busy" fault, and writes once it is released', async () => {
    const { db, database } = await open({ sqliteBusyTimeoutMs: 50 });
    const other = otherHandle(database.url);
    other.exec('begin immediate');
    const error = await sql`insert into t values (1)`.execute(db.kysely).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'SQLITE_BUSY' });
    expect(classifyDatabaseFault(error)).toBe('busy');
    other.exec('rollback');
    await sql`insert into t values (2)`.execute(db.kysely);
    expect(other.prepare('select x from t').all()).toEqual([{ x: 2 }]);
  });
});
