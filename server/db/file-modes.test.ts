import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { loadInstallSeed, SEED_FILE_NAME } from '../secrets/install-seed.js';
import { createDb } from './create-db.js';
import { migrateToLatest } from './migrate.js';

// SQLite only: PostgreSQL keeps its files itself.
let root: string;
let umask: number;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'helpdesk-modes-'));
  // The usual umask, which would leave new files readable by every local user.
  umask = process.umask(0o022);
});
afterEach(() => {
  process.umask(umask);
  rmSync(root, { recursive: true, force: true });
});

const modeOf = (path: string) => statSync(path).mode & 0o777;

it('creates the SQLite database 0600 (and its -wal and -shm files) inside a 0700 data folder', async () => {
  const dataDir = join(root, 'data');
  const file = join(dataDir, 'helpdesk.sqlite');
  const db = createDb({ url: file });
  try {
    await migrateToLatest(db);
    expect(modeOf(dataDir).toString(8)).toBe('700');
    for (const path of [file, `${file}-wal`, `${file}-shm`]) expect(modeOf(path).toString(8), path).toBe('600');
  } finally {
    await db.close();
  }
});

it('creates the data folder 0700 and the seed file 0600 when the seed comes first', () => {
  const dataDir = join(root, 'seed-first');
  loadInstallSeed(dataDir, undefined);
  expect(modeOf(dataDir).toString(8)).toBe('700');
  expect(modeOf(join(dataDir, SEED_FILE_NAME)).toString(8)).toBe('600');
});
