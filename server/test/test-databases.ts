import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { type PerformanceOff, performanceOffFromEnvironment } from '../config/performance-off.js';
import { createDb, type Db, type DbTuning, type DialectName } from '../db/create-db.js';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A new, empty database of that dialect (a SQLite file in a temp folder, or a PostgreSQL database), or a copy of `template`. */
export async function createTestDatabase(dialect: DialectName, template?: string): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'helpdesk-test-'));
    return { url: join(dir, 'helpdesk.sqlite'), drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const adminUrl = inject('postgresUrl');
  if (!adminUrl) throw new Error('PostgreSQL is not available for this run.');
  const name = `helpdesk_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdmin(adminUrl, (client) => client.query(`create database ${name}${template ? ` template ${template}` : ''}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: async () => {
      await withAdmin(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/**
 * A new database of that dialect already at the latest schema: a copy of one migrated for the run
 * (server/test/global-setup.ts), which is what a test helpdesk needs several times a second. Migrating each anew
 * cost about 0.3 s on PostgreSQL and 0.1 s on SQLite; copying, 0.15 s and 0.01 s. The caller still runs the
 * migrations, which then find nothing to do. Tests of the migrations themselves use createTestDatabase.
 */
export async function createMigratedTestDatabase(dialect: DialectName): Promise<TestDatabase> {
  if (dialect === 'postgres') return createTestDatabase('postgres', inject('postgresTemplate') ?? undefined);
  const database = await createTestDatabase('sqlite');
  copyFileSync(inject('sqliteTemplate'), database.url);
  return database;
}

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Runs a suite once per dialect; the PostgreSQL run is skipped (with the global notice) when no server answers. */
export function describeEachDatabase(title: string, body: (dialect: DialectName) => void): void {
  for (const dialect of ['sqlite', 'postgres'] as const) {
    const skip = dialect === 'postgres' && !inject('postgresUrl');
    describe.skipIf(skip)(`${title} [${dialect}]`, () => body(dialect));
  }
}

/**
 * A fresh database of `dialect` for the tests of one suite: created and opened (with `tuning`) before them,
 * `setup` run once on it (migrations, a table of the suite's own), closed and dropped after them. Read
 * `db` and `url` inside the tests, once the suite has started.
 */
export function useTestDb(
  dialect: DialectName,
  options: { tuning?: DbTuning; performanceOff?: PerformanceOff; setup?: (db: Db) => Promise<unknown> } = {},
): { readonly db: Db; readonly url: string } {
  let database: TestDatabase | undefined;
  let db: Db | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    // HELPDESK_PERFORMANCE_OFF=all runs the suites on the plain paths.
    db = createDb({ ...options.tuning, url: database.url, performanceOff: options.performanceOff ?? performanceOffFromEnvironment() });
    await options.setup?.(db);
  });
  afterAll(async () => {
    await db?.close();
    await database?.drop();
  });
  const opened = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The test database is opened when the suite starts; read it inside a test.');
    return value;
  };
  return {
    get db() {
      return opened(db);
    },
    get url() {
      return opened(database).url;
    },
  };
}
