import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { FilesSetting } from '../config/config-types.js';
import type { Database } from '../db/tables.js';
import { createDatabaseFileStore } from './database-file-store.js';
import { createDiskFileStore } from './disk-file-store.js';
import type { FileStore } from './file-store.js';

/**
 * The store HELPDESK_FILES chose. An S3-compatible bucket (`s3://bucket?endpoint=…&region=…`) is the
 * next kind: loadConfig already reads its address and refuses it until it is built, so adding it is a
 * third branch here and one more FileStore beside these two.
 */
export function createFileStore(setting: FilesSetting | undefined, db: Kysely<Database>, dataDir: string): FileStore {
  if (setting?.kind === 'disk') return createDiskFileStore(setting.dir ?? join(dataDir, 'files'));
  return createDatabaseFileStore(db);
}
