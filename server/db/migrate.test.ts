import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { spawnHelpdesk } from '../test/helpdesk-process.js';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../test/test-databases.js';
import { createDb, type Db } from './create-db.js';
import { MIGRATION_NAMES, migrateToLatest } from './migrate.js';

describeEachDatabase('migrations started by several processes at once', (dialect) => {
  let database: TestDatabase | undefined;
  let handles: Db[] = [];
  afterEach(async () => {
    await Promise.all(handles.map((db) => db.close()));
    handles = [];
    await database?.drop();
  });

  async function expectMigratedOnce(db: Db) {
    const applied = (await db.kysely
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .execute()) as { name: string }[];
    expect(applied.map((row) => row.name).sort()).toEqual([...MIGRATION_NAMES].sort());
    // Migration 002 seeds the two client pages: run twice, they would be there twice.
    const pages = await db.kysely.selectFrom('posts').select('slug').where('type', '=', 'page').orderBy('slug').execute();
    expect(pages.map((p) => p.slug)).toEqual(['tickets', 'tickets/new']);
  }

  it('run once: every start succeeds and each migration is applied once', async () => {
    database = await createTestDatabase(dialect);
    const url = database.url;
    if (dialect === 'postgres') {
      // Separate pools, as separate processes would have: they meet on PostgreSQL's advisory lock.
      handles = Array.from({ length: 4 }, () => createDb({ url }));
      const outcomes = await Promise.allSettled(handles.map((db) => migrateToLatest(db)));
      expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
    } else {
      // better-sqlite3 waits for a lock synchronously, so SQLite needs real processes (`helpdesk
      // migrate`), sharing one data folder too: they also race to make the install seed.
      const dataDir = mkdtempSync(join(tmpdir(), 'helpdesk-migrate-'));
      try {
        const runs = Array.from({ length: 3 }, () =>
          spawnHelpdesk(['migrate'], { HELPDESK_DATA_DIR: dataDir, DATABASE_URL: url, LOG_LEVEL: 'silent' }, dataDir),
        );
        const codes = await Promise.all(runs.map((run) => run.exited));
        expect(codes, runs.map((run) => run.output()).join('\n')).toEqual([0, 0, 0]);
        for (const run of runs) expect(run.output()).toContain('The database is up to date.');
        expect(readFileSync(join(dataDir, 'encryption-seed'), 'utf8')).toMatch(/^[0-9a-f]{64}\n$/);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
      handles = [createDb({ url })];
    }
    await expectMigratedOnce(handles[0] as Db);
  });
});
