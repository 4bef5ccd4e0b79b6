import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, normalize, sep } from 'node:path';
import { promisify } from 'node:util';
import type { Config } from '../config/config-types.js';
import { MIGRATION_NAMES } from '../db/migrate.js';
import { SEED_FILE_NAME } from '../secrets/install-seed.js';
import {
  ARCHIVE,
  BACKUP_DATABASES,
  type BackupManifest,
  clientMajor,
  diskStoreDir,
  isPostgresUrl,
  OperationError,
  pgConnection,
  postgresQuery,
  sqliteMigrations,
} from './backup.js';
import { ArchiveFormatError, readTar } from './tar-archive.js';

const run = promisify(execFile);

export interface RestoreOptions {
  /** Overwrite a data folder (and SQLite database) that is not empty. */
  force?: boolean;
}

function isEmptyDir(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

/** A name inside the archive that stays inside its folder (no `..`, no absolute path). */
function safeRelative(name: string): string {
  const path = normalize(name.split('/').join(sep));
  if (path.startsWith('..') || path.startsWith(sep) || path.includes(`${sep}..${sep}`) || path === '..')
    throw new OperationError(`The archive names a file outside its folder (${name}); it was not made by helpdesk backup.`);
  return path;
}

/**
 * `helpdesk restore <file>`: puts a backup back into the data folder and database `config` names. Refuses
 * a data folder that is not empty (unless `force`) and a PostgreSQL database that has tables. Migrations
 * from a newer helpdesk than this one are refused; older ones are brought up to date at the next start.
 */
export async function restoreBackup(
  config: Config,
  archive: string,
  options: RestoreOptions = {},
  log: (l: string) => void = () => {},
): Promise<BackupManifest> {
  if (!existsSync(archive)) throw new OperationError(`There is no file ${archive}.`);
  const postgres = isPostgresUrl(config.databaseUrl);
  if (!options.force && !isEmptyDir(config.dataDir))
    throw new OperationError(
      `The data folder ${config.dataDir} is not empty. Restore into a new folder (--data-dir DIR), or add --force to overwrite it.`,
    );
  if (!postgres && !options.force && existsSync(config.databaseUrl))
    throw new OperationError(`A database exists at ${config.databaseUrl}. Restore into a new place, or add --force to overwrite it.`);

  let manifest: BackupManifest | null = null;
  const storeDir = diskStoreDir(config);
  let fileCount = 0;
  try {
    for await (const entry of readTar(archive)) {
      if (!manifest) {
        if (entry.name !== ARCHIVE.manifest)
          throw new OperationError(`${archive} is not a helpdesk backup (it has no manifest.json first).`);
        manifest = checkManifest(JSON.parse((await entry.bytes()).toString('utf8')), postgres, archive);
        if (postgres) await checkEmptyPostgres(config.databaseUrl);
        mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
        continue;
      }
      if (entry.name === ARCHIVE.sqlite) {
        for (const suffix of ['', '-wal', '-shm']) rmSync(`${config.databaseUrl}${suffix}`, { force: true });
        mkdirSync(dirname(config.databaseUrl), { recursive: true, mode: 0o700 });
        await writeEntry(entry, config.databaseUrl);
      } else if (entry.name === ARCHIVE.pgdump) {
        const dump = join(config.dataDir, `.restore-${process.pid}.pgdump`);
        await writeEntry(entry, dump);
        try {
          await pgRestore(config.databaseUrl, dump);
        } finally {
          rmSync(dump, { force: true });
        }
      } else if (entry.name === ARCHIVE.seed) {
        if (config.encryptionSeed)
          log("HELPDESK_ENCRYPTION_SEED is set: it is used, and the archive's seed file is written beside it unused.");
        writeFileSync(join(config.dataDir, SEED_FILE_NAME), await entry.bytes(), { mode: 0o600 });
      } else if (entry.name.startsWith(ARCHIVE.files)) {
        if (!storeDir)
          throw new OperationError(
            'The backup holds attachment files, but HELPDESK_FILES is not disk here: ' +
              'set HELPDESK_FILES=disk (as when the backup was made) and restore again.',
          );
        const target = join(storeDir, safeRelative(entry.name.slice(ARCHIVE.files.length)));
        mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
        await writeEntry(entry, target);
        fileCount++;
      }
    }
  } catch (error) {
    if (error instanceof ArchiveFormatError) throw new OperationError(`${archive} is not a helpdesk backup archive: ${error.message}`);
    if (error instanceof SyntaxError)
      throw new OperationError(`${archive} has an unreadable manifest.json; it was not made by helpdesk backup.`);
    throw error;
  }
  if (!manifest) throw new OperationError(`${archive} is empty; it is not a helpdesk backup.`);
  if (!postgres) {
    const applied = sqliteMigrations(config.databaseUrl);
    if (applied.join() !== manifest.migrations.join())
      throw new OperationError('The restored database does not match its manifest; the archive is damaged.');
  }
  log(
    `Restored a ${manifest.database} backup of ${manifest.createdAt} ` +
      `(${manifest.migrations.length} migrations, ${fileCount} stored files) into ${config.dataDir}.`,
  );
  if (manifest.seed === 'environment')
    log("That helpdesk's encryption seed was HELPDESK_ENCRYPTION_SEED: set the same value here before starting.");
  if (manifest.files.kind === 's3')
    log(`Attachments are in the bucket ${manifest.files.bucket}: restore it with the store's own tools and set HELPDESK_FILES to it.`);
  log('Start the helpdesk as usual: pending migrations run at start.');
  return manifest;
}

function checkManifest(value: unknown, postgres: boolean, archive: string): BackupManifest {
  const m = value as BackupManifest;
  if (m?.format !== 'helpdesk-backup' || !Array.isArray(m.migrations))
    throw new OperationError(`${archive} is not a helpdesk backup (its manifest is not one).`);
  if (m.formatVersion !== 1)
    throw new OperationError(`${archive} was made by a newer helpdesk (backup format ${m.formatVersion}); restore it with that version.`);
  const unknown = m.migrations.filter((name) => !MIGRATION_NAMES.includes(name));
  if (unknown.length)
    throw new OperationError(
      `The backup comes from a newer helpdesk (version ${m.helpdeskVersion}; ` +
        `its database has migrations this version does not know: ${unknown.join(', ')}). Install that version or newer, then restore.`,
    );
  if (madeFromOtherDatabase(m, postgres))
    throw new OperationError(
      postgres
        ? 'The backup is of a SQLite database: unset DATABASE_URL (the database goes in the data folder) and restore again.'
        : 'The backup is of a PostgreSQL database: set DATABASE_URL to an empty PostgreSQL database and restore again.',
    );
  return m;
}

/**
 * Whether the manifest names the other kind of database than the one this helpdesk runs on (`postgres`, from its
 * config). Which database a backup was made from is a fact the archive records, not a dialect check. A manifest
 * that names neither kind is not refused here.
 */
function madeFromOtherDatabase(manifest: BackupManifest, postgres: boolean): boolean {
  const here: BackupManifest['database'] = postgres ? 'postgres' : 'sqlite';
  return BACKUP_DATABASES.includes(manifest.database) && manifest.database !== here;
}

async function checkEmptyPostgres(url: string): Promise<void> {
  const count = await postgresQuery(url, async (client) =>
    Number(
      (await client.query("select count(*) as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')")).rows[0].n,
    ),
  );
  if (count > 0)
    throw new OperationError(
      `The PostgreSQL database in DATABASE_URL has ${count} tables. ` +
        'Restore into an empty database (createdb helpdesk_restored), never over one in use.',
    );
}

async function pgRestore(url: string, dump: string): Promise<void> {
  await clientMajor('pg_restore');
  const { dbname, env } = pgConnection(url);
  try {
    await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`, dump], {
      env,
    });
  } catch (error) {
    throw new OperationError(`pg_restore failed: ${String((error as { stderr?: string }).stderr ?? (error as Error).message).trim()}`);
  }
}

async function writeEntry(entry: { pipeTo(out: NodeJS.WritableStream): Promise<void> }, path: string): Promise<void> {
  const out = createWriteStream(path, { mode: 0o600 });
  await entry.pipeTo(out as never);
  out.end();
  await once(out, 'close');
}
