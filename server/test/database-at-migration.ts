import { Migrator } from 'kysely';
import { afterEach } from 'vitest';
import { createDb, type Db, type DialectName } from '../db/create-db.js';
import { provider } from '../db/migrate.js';
import { createTestDatabase, type TestDatabase } from './test-databases.js';

/**
 * For a migration's own test: opens a fresh database of that dialect migrated up to (and with) the named
 * migration, so the test can write rows as an older install had them before migrating further. Each one
 * is closed and dropped after its test.
 */
export function useDatabaseAtMigration(dialect: DialectName): (migration: string) => Promise<Db> {
  const opened: Array<{ database: TestDatabase; db: Db }> = [];
  afterEach(async () => {
    for (const { database, db } of opened.splice(0)) {
      await db.close();
      await database.drop();
    }
  });
  return async (migration) => {
    const database = await createTestDatabase(dialect);
    const db = createDb({ url: database.url });
    opened.push({ database, db });
    await new Migrator({ db: db.kysely, provider }).migrateTo(migration);
    return db;
  };
}

/**
 * A post row with only the columns every schema since the first has: a ticket titled `title`, unless `extra`
 * says otherwise or adds what a later migration brought (the number, the assignee, …).
 */
export function oldPostRow<Extra extends object = object>(title: string, extra?: Extra) {
  return {
    type: 'ticket',
    status: 'publish',
    title,
    content: 'x',
    slug: '',
    author_id: null,
    product_id: null,
    parent_id: null,
    menu_order: 0,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...(extra as Extra),
  };
}
