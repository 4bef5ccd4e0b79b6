import { postgresStorage } from './postgres/postgres-storage.js';
import { sqliteStorage } from './sqlite/sqlite-storage.js';
import type { Storage } from './storage.js';

/** The storage adapter of a database (createDb sets it as `Db.storage`; tests pick one per database). */
export function storageFor(dialect: 'sqlite' | 'postgres'): Storage {
  return dialect === 'postgres' ? postgresStorage : sqliteStorage;
}
