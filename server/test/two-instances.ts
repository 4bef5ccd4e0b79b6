import { afterAll, beforeAll } from 'vitest';
import { createDb, type Db } from '../db/create-db.js';
import { migrateToLatest } from '../db/migrate.js';
import { listenForPostsChanges } from '../domain/content/listen-posts-changed.js';
import { createDomainContext, type DomainContext } from '../domain/context.js';
import { createHooks } from '../hooks/create-hooks.js';
import { createTestDatabase, type TestDatabase } from './test-databases.js';

/**
 * Two instances on one fresh PostgreSQL database, as two domain contexts with their own connections and
 * caches; the reader hears the writer's posts changes over LISTEN/NOTIFY, as a second process would. Call it
 * inside a `describe` that only runs when PostgreSQL answers.
 */
export function useTwoPostgresInstances(): { writer(): DomainContext; reader(): DomainContext } {
  let database: TestDatabase | undefined;
  let dbs: Db[] = [];
  let contexts: DomainContext[] = [];
  let listener: { close(): Promise<void> } | undefined;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    dbs = [createDb({ url: database.url }), createDb({ url: database.url })];
    await migrateToLatest(dbs[0] as Db);
    contexts = dbs.map((db) => createDomainContext(db, createHooks()));
    listener = await listenForPostsChanges(database.url, (contexts[1] as DomainContext).postsCache, () => {});
  });
  afterAll(async () => {
    await listener?.close();
    for (const db of dbs) await db.close();
    await database?.drop();
  });
  return { writer: () => contexts[0] as DomainContext, reader: () => contexts[1] as DomainContext };
}
