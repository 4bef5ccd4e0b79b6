import * as fs from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDeferredSync, type DeferredSync } from './sqlite-deferred-sync.js';
import SQLite from './sqlite-driver.js';

// SQLite only: PostgreSQL makes its commits durable itself.
describe('SQLite commits made durable by deferredSync', () => {
  let dir: string;
  let path: string;
  let sqlite: BetterSqlite3.Database;
  let deferred: DeferredSync;
  const synced = { atOnce: 0, onThreadPool: 0 };
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'helpdesk-sync-'));
    path = join(dir, 'db.sqlite');
    sqlite = new SQLite(path);
    sqlite.pragma('journal_mode = WAL');
    sqlite.exec('create table t (n integer, data blob)');
    synced.atOnce = 0;
    synced.onThreadPool = 0;
    deferred = createDeferredSync(sqlite, path, {
      fdatasyncSync: (fd) => {
        synced.atOnce += 1;
        fs.fdatasyncSync(fd);
      },
      fdatasync: ((fd: number, callback: fs.NoParamCallback) => {
        synced.onThreadPool += 1;
        fs.fdatasync(fd, callback);
      }) as typeof fs.fdatasync,
    });
  });
  afterEach(() => {
    deferred.close();
    sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  });
  /** Runs SQL as Kysely does: through the statement deferredSync hands out. */
  const run = (text: string) => deferred.statement(sqlite.prepare(text)).run();

  it('runs SQLite at NORMAL and fsyncs as FULL would: every commit and every write outside a transaction, nothing else', () => {
    expect(sqlite.pragma('synchronous', { simple: true })).toBe(1);
    run('insert into t (n) values (1)');
    expect(synced.atOnce).toBe(1);
    run('begin immediate');
    run('insert into t (n) values (2)');
    run('insert into t (n) values (3)');
    expect(synced.atOnce).toBe(1);
    run('commit');
    expect(synced.atOnce).toBe(2);
    run('begin immediate');
    run('insert into t (n) values (4)');
    run('rollback');
    deferred.statement(sqlite.prepare('select count(*) from t')).all();
    expect(synced.atOnce).toBe(2);
    expect(synced.onThreadPool).toBe(0);
  });

  it("leaves a group commit's fsync to flush(), on the thread pool, one for all who wait meanwhile", async () => {
    run('begin immediate');
    run('insert into t (n) values (1)');
    deferred.deferNextCommit(true);
    run('commit');
    expect(synced.atOnce).toBe(0);
    // The first flush starts a sync; the two asked while it runs share the one after it.
    await Promise.all([deferred.flush(), deferred.flush(), deferred.flush()]);
    expect(synced.onThreadPool).toBe(2);
    // Only the next commit was deferred.
    run('insert into t (n) values (2)');
    expect(synced.atOnce).toBe(1);
  });
});
