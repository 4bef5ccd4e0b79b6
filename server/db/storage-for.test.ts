import { expect, it } from 'vitest';
import { createDb } from './create-db.js';
import { postgresStorage } from './postgres/postgres-storage.js';
import { sqliteStorage } from './sqlite/sqlite-storage.js';
import { storageFor } from './storage-for.js';

it('createDb chooses the storage adapter once, by the database it opens', async () => {
  const db = createDb({ url: ':memory:' });
  try {
    expect(db.storage).toBe(sqliteStorage);
  } finally {
    await db.close();
  }
  expect(storageFor('postgres')).toBe(postgresStorage);
});

it('files a ticket in one statement, and tells other instances of changes, on PostgreSQL only', () => {
  expect(postgresStorage.tickets.fileInOneStatement).toBeTypeOf('function');
  expect(sqliteStorage.tickets.fileInOneStatement).toBeUndefined();
  expect(postgresStorage.counters.countingCtes).toBeTypeOf('function');
  expect(sqliteStorage.counters.countingCtes).toBeUndefined();
  expect([postgresStorage.sharedByInstances, sqliteStorage.sharedByInstances]).toEqual([true, false]);
  expect([postgresStorage.filingsRunOnEventLoop, sqliteStorage.filingsRunOnEventLoop]).toEqual([false, true]);
  expect(sqliteStorage.describe('/srv/helpdesk.db')).toBe('SQLite file /srv/helpdesk.db');
  expect(postgresStorage.describe('postgres://db/helpdesk')).toBe('PostgreSQL');
});
