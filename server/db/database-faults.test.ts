import { writeFileSync } from 'node:fs';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { describeFailure, problemHeaders, toProblem } from '../http/problem.js';
import { freePort } from '../test/smtp-sink.js';
import { createTestDatabase } from '../test/test-databases.js';
import { createDb, type Db } from './create-db.js';
import { classifyDatabaseFault } from './database-faults.js';

// Every error here is a real one, raised by the driver or the kernel, not built by hand.
describe('classifyDatabaseFault', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()?.();
  });
  function track(db: Db): Db {
    cleanups.push(() => db.close());
    return db;
  }

  it('a PostgreSQL server that is down is "unavailable", and the client gets a 503 with Retry-After, not a 500', async () => {
    const db = track(createDb({ url: `postgres://postgres@127.0.0.1:${await freePort()}/none`, connectTimeoutMs: 2000 }));
    const error = await sql`select 1`.execute(db.kysely).catch((e: unknown) => e);
    expect(classifyDatabaseFault(error)).toBe('unavailable');
    expect(toProblem(error)).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(toProblem(error).detail).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
    expect(problemHeaders(error)).toEqual({ 'retry-after': '5' });
  });

  it('SQLite out of pages is "full" and answers STORAGE_FULL; ENOSPC from the file system too', async () => {
    const database = await createTestDatabase('sqlite');
    cleanups.push(() => database.drop());
    const db = track(createDb({ url: database.url }));
    await sql`create table t (x blob)`.execute(db.kysely);
    const pages = (await sql<{ page_count: number }>`pragma page_count`.execute(db.kysely)).rows[0]?.page_count;
    await sql.raw(`pragma max_page_count = ${pages}`).execute(db.kysely);
    const full = await sql`insert into t values (zeroblob(100000))`.execute(db.kysely).catch((e: unknown) => e);
    expect(full).toMatchObject({ code: 'SQLITE_FULL' });
    expect(classifyDatabaseFault(full)).toBe('full');
    expect(toProblem(full)).toMatchObject({ status: 503, code: 'STORAGE_FULL' });
    expect(problemHeaders(full)).toEqual({ 'retry-after': '60' });
    // The operator's log line says what to do.
    expect(describeFailure(full)).toMatch(/DISK FULL.*Free space/);

    let enospc: unknown;
    try {
      writeFileSync('/dev/full', 'x');
    } catch (error) {
      enospc = error;
    }
    expect(classifyDatabaseFault(enospc)).toBe('full');
  });

  it('a constraint violation or a programming error is not a fault: it stays a 500 (or what it is)', async () => {
    const database = await createTestDatabase('sqlite');
    cleanups.push(() => database.drop());
    const db = track(createDb({ url: database.url }));
    await sql`create table t (x integer primary key)`.execute(db.kysely);
    await sql`insert into t values (1)`.execute(db.kysely);
    const duplicate = await sql`insert into t values (1)`.execute(db.kysely).catch((e: unknown) => e);
    const syntax = await sql`selec 1`.execute(db.kysely).catch((e: unknown) => e);
    for (const error of [duplicate, syntax, new TypeError('x is undefined')]) {
      expect(classifyDatabaseFault(error)).toBeNull();
      expect(problemHeaders(error)).toEqual({});
    }
    expect(toProblem(syntax).status).toBe(500);
  });

  describe.skipIf(!inject('postgresUrl'))('on PostgreSQL', () => {
    const url = inject('postgresUrl') as string;

    it('a backend terminated by the server (admin shutdown) is "unavailable"', async () => {
      const client = new pg.Client({ connectionString: url });
      const admin = new pg.Client({ connectionString: url });
      await client.connect();
      await admin.connect();
      cleanups.push(
        () => admin.end(),
        () => client.end().catch(() => {}),
      );
      const errors: unknown[] = [];
      client.on('error', (error) => errors.push(error));
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      // Only this test's own connection is terminated.
      await admin.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
      const next = await client.query('select 1').catch((e: unknown) => e);
      for (const error of [...errors, next]) expect(classifyDatabaseFault(error), String(error)).toBe('unavailable');
    });

    it('no free connection within the connect timeout is "unavailable"', async () => {
      const db = track(createDb({ url, poolSize: 1, connectTimeoutMs: 100 }));
      let release = () => {};
      const held = db.kysely.connection().execute(() => new Promise<void>((resolve) => (release = resolve)));
      const error = await sql`select 1`.execute(db.kysely).catch((e: unknown) => e);
      release();
      await held;
      expect(error).toMatchObject({ message: expect.stringMatching(/timeout/) });
      expect(classifyDatabaseFault(error)).toBe('unavailable');
    });
  });
});
