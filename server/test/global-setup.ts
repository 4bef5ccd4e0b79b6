import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb } from '../db/create-db.js';
import { migrateToLatest } from '../db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of the PostgreSQL server the storage tests use, or null when they are skipped. */
    postgresUrl: string | null;
    /** A database on that server migrated to the latest schema, copied for each test helpdesk (test-databases.ts). */
    postgresTemplate: string | null;
    /** A SQLite file migrated to the latest schema, copied likewise. */
    sqliteTemplate: string;
  }
}

const LOCAL_DEFAULT = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Migrates one SQLite file for the run, and finds the PostgreSQL server once. With TEST_DATABASE_URL set (as in CI)
 * it is required; without it a local server is used when one answers, else the PostgreSQL runs are skipped with a
 * printed notice. Where it answers, one database is migrated for the run too. Both are removed after the run.
 */
export default async function setup(project: TestProject) {
  const sqliteDir = mkdtempSync(join(tmpdir(), 'helpdesk-template-'));
  project.provide('sqliteTemplate', await migrated(join(sqliteDir, 'helpdesk.sqlite')));
  const removeSqlite = () => rmSync(sqliteDir, { recursive: true, force: true });
  const required = process.env.TEST_DATABASE_URL;
  const url = required ?? LOCAL_DEFAULT;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    project.provide('postgresUrl', url);
  } catch (error) {
    if (required) throw new Error(`TEST_DATABASE_URL is set but PostgreSQL does not answer at ${url}: ${(error as Error).message}`);
    console.warn(
      `\nNOTICE: no PostgreSQL at ${LOCAL_DEFAULT}; the PostgreSQL runs of ` +
        `the storage tests are SKIPPED. Set TEST_DATABASE_URL to require them.\n`,
    );
    project.provide('postgresUrl', null);
    project.provide('postgresTemplate', null);
    return removeSqlite;
  } finally {
    await client.end().catch(() => {});
  }
  const template = `helpdesk_template_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin(url, `create database ${template}`);
  const templateUrl = new URL(url);
  templateUrl.pathname = `/${template}`;
  await migrated(templateUrl.href);
  project.provide('postgresTemplate', template);
  return async () => {
    removeSqlite();
    await admin(url, `drop database if exists ${template} with (force)`);
  };
}

/**
 * Migrates the database at `url` and closes it: PostgreSQL copies a database only while nobody is connected to
 * it, and closing SQLite checkpoints its write-ahead log into the file that is copied.
 */
async function migrated(url: string): Promise<string> {
  const db = createDb({ url });
  try {
    await migrateToLatest(db);
  } finally {
    await db.close();
  }
  return url;
}

async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
