import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { promisify } from 'node:util';
import type { Config } from '../config/config-types.js';
import { packageRoot } from '../config/package-root.js';
import SQLite from '../db/sqlite-driver.js';
import { SEED_FILE_NAME } from '../secrets/install-seed.js';
import { createTarWriter } from './tar-archive.js';

const run = promisify(execFile);

/** The databases a backup can be made from, as its manifest names them. */
export const BACKUP_DATABASES = ['sqlite', 'postgres'] as const;

/** What a backup archive says about itself (manifest.json, its first entry). */
export interface BackupManifest {
  format: 'helpdesk-backup';
  formatVersion: 1;
  /** The helpdesk's package version that made it. */
  helpdeskVersion: string;
  createdAt: string;
  database: (typeof BACKUP_DATABASES)[number];
  /** The migrations applied in the database it holds, in order. */
  migrations: string[];
  /** Where attachments were: in the database, in the archive (`files/`), or in a bucket backed up by its own tools. */
  files: { kind: 'database' } | { kind: 'disk'; count: number } | { kind: 's3'; bucket: string; endpoint?: string };
  /** `file`: encryption-seed is in the archive; `environment`: it was HELPDESK_ENCRYPTION_SEED, kept by the operator. */
  seed: 'file' | 'environment' | 'none';
}

/** A failure the operator can act on; the CLI prints its message and exits 1. */
export class OperationError extends Error {
  override name = 'OperationError';
}

export const ARCHIVE = {
  manifest: 'manifest.json',
  sqlite: 'database/helpdesk.sqlite',
  pgdump: 'database/helpdesk.pgdump',
  seed: SEED_FILE_NAME,
  files: 'files/',
};

export const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\//.test(url);

export function helpdeskVersion(): string {
  return (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}

/** A PostgreSQL URL without its password, and the environment that carries it (never on a command line). */
export function pgConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (parsed.password) env.PGPASSWORD = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.href, env };
}

/** The major version of a PostgreSQL client program (pg_dump, pg_restore); a plain-words error when absent. */
export async function clientMajor(program: 'pg_dump' | 'pg_restore'): Promise<number> {
  try {
    const { stdout } = await run(program, ['--version']);
    const match = /(\d+)(?:\.\d+)?/.exec(stdout);
    if (!match) throw new OperationError(`${program} --version printed something unexpected: ${stdout.trim()}`);
    return Number(match[1]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new OperationError(
        `${program} is not installed (or not on PATH). ` +
          'It comes with the PostgreSQL client tools, e.g. apt install postgresql-client-<server major version>.',
      );
    throw error;
  }
}

/** The files of the disk store, relative to its folder, without unfinished uploads. */
function storeFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return (readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[])
    .filter((path) => !path.startsWith(`partial${sep}`) && path !== 'partial' && statSync(join(dir, path)).isFile())
    .sort();
}

export function diskStoreDir(config: Config): string | null {
  return config.files?.kind === 'disk' ? (config.files.dir ?? join(config.dataDir, 'files')) : null;
}

/**
 * `helpdesk backup <file>`: one .tar.gz with the database (SQLite: a consistent snapshot taken through
 * SQLite's online backup, safe while the service writes; PostgreSQL: pg_dump's custom format), the disk
 * store's files, the encryption seed and a manifest.
 */
export async function createBackup(config: Config, target: string, log: (line: string) => void = () => {}): Promise<BackupManifest> {
  if (existsSync(target)) throw new OperationError(`${target} exists already; give a new file name (a backup never overwrites one).`);
  const work = mkdtempSync(join(tmpdir(), 'helpdesk-backup-'));
  try {
    const postgres = isPostgresUrl(config.databaseUrl);
    const dbFile = join(work, postgres ? 'helpdesk.pgdump' : 'helpdesk.sqlite');
    const migrations = postgres ? await dumpPostgres(config.databaseUrl, dbFile) : await snapshotSqlite(config.databaseUrl, dbFile);
    const storeDir = diskStoreDir(config);
    const files = storeDir ? storeFiles(storeDir) : [];
    const seedFile = join(config.dataDir, SEED_FILE_NAME);
    const manifest: BackupManifest = {
      format: 'helpdesk-backup',
      formatVersion: 1,
      helpdeskVersion: helpdeskVersion(),
      createdAt: new Date().toISOString(),
      database: postgres ? 'postgres' : 'sqlite',
      migrations,
      files:
        config.files?.kind === 's3'
          ? { kind: 's3', bucket: config.files.bucket, ...(config.files.endpoint ? { endpoint: config.files.endpoint } : {}) }
          : storeDir
            ? { kind: 'disk', count: files.length }
            : { kind: 'database' },
      seed: config.encryptionSeed ? 'environment' : existsSync(seedFile) ? 'file' : 'none',
    };
    const partial = `${target}.${randomBytes(4).toString('hex')}.part`;
    const tar = createTarWriter(partial);
    try {
      await tar.add(ARCHIVE.manifest, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
      await tar.add(postgres ? ARCHIVE.pgdump : ARCHIVE.sqlite, { path: dbFile, size: statSync(dbFile).size });
      if (manifest.seed === 'file') await tar.add(ARCHIVE.seed, readFileSync(seedFile));
      for (const path of files) {
        const full = join(storeDir as string, path);
        await tar.add(ARCHIVE.files + path.split(sep).join('/'), { path: full, size: statSync(full).size });
      }
      await tar.finish();
      renameSync(partial, target);
    } catch (error) {
      rmSync(partial, { force: true });
      throw error;
    }
    log(
      `Backup written to ${target}: ${manifest.database} database (${migrations.length} migrations), ` +
        `${files.length} stored files${manifest.seed === 'file' ? ', the encryption seed' : ''}.`,
    );
    if (manifest.seed === 'environment')
      log('The encryption seed is HELPDESK_ENCRYPTION_SEED: keep that value with the backup; it is not in the archive.');
    if (manifest.files.kind === 's3') log(`Attachments are in the bucket ${manifest.files.bucket}: back it up with the store's own tools.`);
    return manifest;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Copies a live SQLite database through SQLite's backup API (a consistent snapshot; writers keep going). */
async function snapshotSqlite(path: string, into: string): Promise<string[]> {
  if (!existsSync(path)) throw new OperationError(`There is no database at ${path}: check HELPDESK_DATA_DIR or DATABASE_URL.`);
  const source = new SQLite(path, { readonly: true, fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    await source.backup(into);
  } finally {
    source.close();
  }
  return sqliteMigrations(into);
}

export function sqliteMigrations(file: string): string[] {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const exists = db.prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'").get();
    if (!exists) return [];
    return (db.prepare('select name from kysely_migration order by name').all() as { name: string }[]).map((r) => r.name);
  } finally {
    db.close();
  }
}

async function dumpPostgres(url: string, into: string): Promise<string[]> {
  const { dbname, env } = pgConnection(url);
  const [client, server] = [await clientMajor('pg_dump'), await postgresServerMajor(url)];
  if (client < server)
    throw new OperationError(
      `pg_dump is version ${client} but the database server is version ${server}: ` +
        `pg_dump must be at least the server's version. Install postgresql-client-${server}.`,
    );
  try {
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${into}`, `--dbname=${dbname}`], { env });
  } catch (error) {
    throw new OperationError(`pg_dump failed: ${String((error as { stderr?: string }).stderr ?? (error as Error).message).trim()}`);
  }
  return postgresQuery(url, async (client) => {
    const table = await client.query("select to_regclass('kysely_migration') as t");
    if (!table.rows[0].t) return [];
    return (await client.query('select name from kysely_migration order by name')).rows.map((r: { name: string }) => r.name);
  });
}

/** Runs `fn` on one connection to `url`. */
export async function postgresQuery<T>(url: string, fn: (client: import('pg').Client) => Promise<T>): Promise<T> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new OperationError(`Cannot connect to the PostgreSQL database: ${(error as Error).message}`);
  }
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function postgresServerMajor(url: string): Promise<number> {
  return postgresQuery(url, async (client) =>
    Math.floor(Number((await client.query('show server_version_num')).rows[0].server_version_num) / 10000),
  );
}
