import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { DialectName } from '../../server/db/create-db.js';

/** A database made for one measurement: its URL (a SQLite file path or a postgres:// URL) and how to remove it. */
export interface BenchDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh, empty database: a SQLite file in a new temporary folder, or a new PostgreSQL database
 * created through `postgresAdminUrl` (dropped with `drop()`). Null when PostgreSQL does not answer.
 */
export async function createBenchDatabase(
  dialect: DialectName,
  postgresAdminUrl: string,
  prefix = 'helpdesk_bench',
): Promise<BenchDatabase | null> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), `${prefix.replaceAll('_', '-')}-`));
    return { url: join(dir, 'helpdesk.sqlite'), drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresAdminUrl });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
  } catch {
    return null;
  } finally {
    await admin.end().catch(() => {});
  }
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: async () => {
      const client = new pg.Client({ connectionString: postgresAdminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
