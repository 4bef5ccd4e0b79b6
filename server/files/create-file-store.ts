import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { FilesSetting } from '../config/config-types.js';
import type { Database } from '../db/tables.js';
import { createDatabaseFileStore } from './database-file-store.js';
import { createDiskFileStore } from './disk-file-store.js';
import type { FileStore } from './file-store.js';
import { createS3FileStore } from './s3-file-store.js';

/**
 * The store HELPDESK_FILES chose: the database (default), a folder, or an S3-compatible bucket (whose
 * uploads wait in `<data folder>/s3-spool/` until whole).
 */
export async function createFileStore(setting: FilesSetting | undefined, db: Kysely<Database>, dataDir: string): Promise<FileStore> {
  if (setting?.kind === 's3') return createS3FileStore(setting, { spoolDir: join(dataDir, 's3-spool') });
  if (setting?.kind === 'disk') return createDiskFileStore(setting.dir ?? join(dataDir, 'files'));
  return createDatabaseFileStore(db);
}
