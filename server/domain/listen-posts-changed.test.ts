import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb, type Db } from '../db/create-db.js';
import { migrateToLatest } from '../db/migrate.js';
import { createHooks } from '../hooks/create-hooks.js';
import { createTestDatabase, type TestDatabase } from '../test/test-databases.js';
import { createDomainContext, type DomainContext } from './context.js';
import { createPost } from './create-post.js';
import { listenForPostsChanges } from './listen-posts-changed.js';
import { getPosts } from './post.js';

// Two instances on one PostgreSQL database, as two contexts with their own connections and caches.
describe.skipIf(!inject('postgresUrl'))('docs written on one instance [postgres]', () => {
  let database: TestDatabase;
  let dbs: Db[] = [];
  let writer: DomainContext;
  let reader: DomainContext;
  let listener: { close(): Promise<void> };
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    dbs = [createDb({ url: database.url }), createDb({ url: database.url })];
    await migrateToLatest(dbs[0] as Db);
    [writer, reader] = dbs.map((db) => createDomainContext(db, createHooks())) as [DomainContext, DomainContext];
    listener = await listenForPostsChanges(database.url, reader.postsCache, () => {});
  });
  afterAll(async () => {
    await listener?.close();
    for (const db of dbs) await db.close();
    await database?.drop();
  });

  const titles = async (ctx: DomainContext) =>
    (await getPosts(ctx, { type: 'doc', status: 'publish', orderBy: 'menu_order', limit: 10 })).map((post) => post.title);

  it('are seen by the other instance at once, not after its cache expires (5 s)', async () => {
    expect(await titles(reader)).toEqual([]);
    await createPost(writer, 'doc', { title: 'Written elsewhere', status: 'publish' }, null);
    await expect.poll(() => titles(reader), { timeout: 2_000, interval: 20 }).toEqual(['Written elsewhere']);
  });
});
