import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-databases.js';
import { createDb, type Db } from './create-db.js';

describe('SQLite: reads outside transactions on a second connection (sqlite-reader-dialect.ts)', () => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    db = createDb({ url: database.url });
    await sql`create table t (name text primary key)`.execute(db.kysely);
    await db.kysely
      .insertInto('t' as never)
      .values({ name: 'committed' } as never)
      .execute();
  });
  afterAll(async () => {
    await db.close();
    await database.drop();
  });
  const names = () =>
    db.kysely
      .selectFrom('t' as never)
      .select('name' as never)
      .execute()
      .then((rows) => (rows as Array<{ name: string }>).map((row) => row.name).sort());
  const settled = (promise: Promise<unknown>) => {
    const state = { done: false };
    void promise.then(() => {
      state.done = true;
    });
    return state;
  };

  it('a read runs while a transaction holds the writer, and sees only what is committed', async () => {
    const trx = await db.kysely.startTransaction().execute();
    try {
      await sql`insert into t (name) values ('in progress')`.execute(trx);
      expect(await names()).toEqual(['committed']);
    } finally {
      await trx.rollback().execute();
    }
  });

  it('a write outside a transaction waits for the transaction to end, then runs on the writer', async () => {
    const trx = await db.kysely.startTransaction().execute();
    const write = sql`insert into t (name) values ('after')`.execute(db.kysely);
    const written = settled(write);
    // The transaction goes on, query after query, and the write still waits for it.
    for (let i = 0; i < 5; i++) await sql`select 1`.execute(trx);
    expect(written.done).toBe(false);
    await trx.commit().execute();
    await vi.waitFor(() => expect(written.done).toBe(true));
    expect(await names()).toEqual(['after', 'committed']);
  });

  it('a transaction begun by hand on a connection keeps its reads on the writer', async () => {
    const seen = await db.kysely.connection().execute(async (connection) => {
      await sql`begin immediate`.execute(connection);
      try {
        await sql`insert into t (name) values ('by hand')`.execute(connection);
        const rows = await connection
          .selectFrom('t' as never)
          .select('name' as never)
          .where('name' as never, '=', 'by hand' as never)
          .execute();
        return rows.length;
      } finally {
        await sql`rollback`.execute(connection);
      }
    });
    expect(seen).toBe(1);
    expect(await names()).toEqual(['after', 'committed']);
  });
});
