import { EventEmitter } from 'node:events';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.js';
import { createDb, type Db } from '../db/create-db.js';
import { migrateToLatest } from '../db/migrate.js';
import { runInSignedInLane } from '../db/signed-in-lane.js';
import SQLite from '../db/sqlite-driver.js';
import { storageFor } from '../db/storage-for.js';
import { createPost } from '../domain/content/create-post.js';
import { createDomainContext } from '../domain/context.js';
import type { FileStore } from '../files/file-store.js';
import { findThumbnail, thumbnailWork } from '../files/find-thumbnail.js';
import { createHooks } from '../hooks/create-hooks.js';
import { loggerOptions } from '../http/log-serializers.js';
import { paceAnonymousFilings } from '../http/routes/tickets/pace-anonymous-filings.js';
import { parseIncomingMail } from '../mail-inbound/parse-incoming-mail.js';
import { getSettings } from '../settings/settings.js';
import { getSiteOptions } from '../settings/site-options.js';
import { createTestDatabase, describeEachDatabase } from '../test/test-databases.js';
import { createTestHelpdesk, type TestHelpdesk } from '../test/test-helpdesk.js';
import { loadConfig } from './load-config.js';
import { PERFORMANCE_MECHANISMS, type PerformanceMechanism, type PerformanceOff, parsePerformanceOff } from './performance-off.js';

// Each switch of HELPDESK_PERFORMANCE_OFF, shown to change the path taken: every test compares the mechanism on and
// off, so one that ignored its switch fails.

const off = (...names: PerformanceMechanism[]): PerformanceOff => new Set(names);
const NONE = off();

const opened: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const item of opened.splice(0)) await item.close();
});

async function openDb(dialect: 'sqlite' | 'postgres', performanceOff: PerformanceOff): Promise<Db> {
  const database = await createTestDatabase(dialect);
  const db = createDb({ url: database.url, performanceOff });
  opened.push({
    close: async () => {
      await db.close();
      await database.drop();
    },
  });
  await migrateToLatest(db);
  return db;
}

async function helpdesk(performanceOff: PerformanceOff, options: Parameters<typeof createTestHelpdesk>[1] = {}): Promise<TestHelpdesk> {
  const hd = await createTestHelpdesk('sqlite', { ...options, performanceOff });
  opened.push(hd);
  return hd;
}

describe('HELPDESK_PERFORMANCE_OFF', () => {
  it('takes a list of mechanisms or all, and names an unknown one in a plain problem', async () => {
    const problems: string[] = [];
    expect([...parsePerformanceOff(' group-commit, Caches ', problems)]).toEqual(['group-commit', 'caches']);
    expect([...parsePerformanceOff('all', problems)]).toEqual([...PERFORMANCE_MECHANISMS]);
    expect(parsePerformanceOff(undefined, problems).size).toBe(0);
    expect(problems).toEqual([]);
    parsePerformanceOff('caches,group-comit,v8-flags', problems);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/unknown mechanism "group-comit"; use all or any of group-commit, /);
    expect(problems[1]).toMatch(/cannot switch off v8-flags: .*node dist\/server\/index\.js serve/);
    await expect(loadConfig({ HELPDESK_PERFORMANCE_OFF: 'fast' }, '/tmp')).rejects.toThrow(/unknown mechanism "fast"/);
    expect([...((await loadConfig({ HELPDESK_PERFORMANCE_OFF: 'compression' }, '/tmp')).performanceOff ?? [])]).toEqual(['compression']);
  });
});

describe('group-commit', () => {
  it('off, each unit of work commits in a transaction of its own', async () => {
    const counts: number[] = [];
    for (const performanceOff of [NONE, off('group-commit')]) {
      const db = await openDb('sqlite', performanceOff);
      const ctx = createDomainContext(db, createHooks());
      const begun = vi.spyOn(db.kysely, 'startTransaction');
      const whole = vi.spyOn(db.kysely, 'transaction');
      await Promise.all(Array.from({ length: 8 }, () => ctx.transactions.run((trx) => sql`select 1`.execute(trx))));
      counts.push(begun.mock.calls.length + whole.mock.calls.length);
    }
    expect(counts[0]).toBeLessThan(8);
    expect(counts[1]).toBe(8);
  });
});

describe('deferred-sync', () => {
  it('off, SQLite runs at synchronous=FULL and makes its own fsyncs', async () => {
    const on = await openDb('sqlite', NONE);
    const plain = await openDb('sqlite', off('deferred-sync'));
    expect(on.deferredSync).toBeDefined();
    expect(plain.deferredSync).toBeUndefined();
    const level = async (db: Db) => (await sql<{ synchronous: number }>`pragma synchronous`.execute(db.kysely)).rows[0]?.synchronous;
    expect(await level(on)).toBe(1);
    expect(await level(plain)).toBe(2);
  });
});

describe('prepared-statements', () => {
  it('off, SQLite prepares a statement again for every query', async () => {
    const counts: number[] = [];
    for (const performanceOff of [NONE, off('prepared-statements')]) {
      const db = await openDb('sqlite', performanceOff);
      const prepare = vi.spyOn(SQLite.prototype, 'prepare');
      for (let i = 0; i < 3; i += 1) await sql`select ${i} as n`.execute(db.kysely);
      counts.push(prepare.mock.calls.length);
      prepare.mockRestore();
    }
    expect(counts).toEqual([1, 3]);
  });
});

describe('caches', () => {
  it('off, the settings, the site options and the posts cache read the database every time', async () => {
    for (const [performanceOff, isCached] of [
      [NONE, true],
      [off('caches'), false],
    ] as const) {
      const db = await openDb('sqlite', performanceOff);
      const ctx = createDomainContext(db, createHooks());
      const settings = [await getSettings(ctx), await getSettings(ctx)];
      expect(settings[0] === settings[1]).toBe(isCached);
      const options = [await getSiteOptions(db.kysely), await getSiteOptions(db.kysely)];
      expect(options[0] === options[1]).toBe(isCached);
      const load = vi.fn(async () => 1);
      await ctx.postsCache.get('key', load);
      await ctx.postsCache.get('key', load);
      expect(load).toHaveBeenCalledTimes(isCached ? 1 : 2);
    }
  });
});

describe('work-gate', () => {
  it('off, filings on PostgreSQL are not held to the pool less the connections kept for reads', async () => {
    const fakeDb = (performanceOff: PerformanceOff) =>
      ({ kysely: {}, dialect: 'postgres', connections: 16, performanceOff, close: async () => {} }) as unknown as Db;
    for (const [performanceOff, running] of [
      [NONE, 12],
      [off('work-gate'), 20],
    ] as const) {
      const ctx = createDomainContext(fakeDb(performanceOff), createHooks(), undefined, {} as FileStore);
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const units = Array.from({ length: 20 }, () => ctx.hotWrites.run(() => held));
      expect(ctx.hotWrites.active).toBe(running);
      release();
      await Promise.all(units);
    }
  });
});

describe('turn-pacer', () => {
  it('off, anonymous filings on SQLite are not paced', () => {
    expect(paceAnonymousFilings(storageFor('sqlite'), false)).toBeTypeOf('function');
    expect(paceAnonymousFilings(storageFor('sqlite'), true)).toBeUndefined();
  });
});

describe('thumbnail-sharing', () => {
  it('off, a thumbnail is made at once, outside the uploaders’ turns', async () => {
    const store = { get: async () => Promise.reject(new Error('no bytes in this store')) } as unknown as FileStore;
    const file = {
      rowId: 1,
      publicId: 'f',
      name: 'a.png',
      size: 10,
      type: 'image/png',
      storageKey: 'k',
      thumbKey: null,
      thumbSize: null,
      uploader: { key: 'client:1', isStaff: false },
    };
    for (const [performanceOff, turns] of [
      [NONE, 1],
      [off('thumbnail-sharing'), 0],
    ] as const) {
      const db = await openDb('sqlite', performanceOff);
      const run = vi.spyOn(thumbnailWork, 'run');
      await expect(findThumbnail(createDomainContext(db, createHooks(), undefined, store), file)).rejects.toThrow('no bytes');
      expect(run).toHaveBeenCalledTimes(turns);
      run.mockRestore();
    }
  });
});

describe('mail-decode-thread', () => {
  it('off, a large message is read on the main thread', async () => {
    const head = 'From: ann@client.test\r\nSubject: Big\r\nMessage-ID: <big@client.test>\r\n\r\n';
    const raw = `${head}${'words and more words\r\n'.repeat(14_000)}`;
    // A worker is ended once it has answered; read here, there is none.
    const { Worker } = await import('node:worker_threads');
    const ended = vi.spyOn(Worker.prototype, 'terminate');
    expect((await parseIncomingMail(raw)).subject).toBe('Big');
    expect(ended).toHaveBeenCalledTimes(1);
    expect((await parseIncomingMail(raw, { inThread: false })).subject).toBe('Big');
    expect(ended).toHaveBeenCalledTimes(1);
  });
});

describe('fast-paths and compression', () => {
  const widget = '/helpdesk/tickets/embed/';
  async function served(performanceOff: PerformanceOff) {
    const lines: string[] = [];
    const hd = await helpdesk(performanceOff);
    const app = await buildApp({
      config: hd.config,
      ctx: hd.ctx,
      logger: loggerOptions('info', { write: (line: string) => lines.push(line) }),
    });
    opened.push(app);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    return { hd, base, lines };
  }

  it('off, the widget script and the docs list are answered by Fastify', async () => {
    for (const [performanceOff, isFast] of [
      [NONE, true],
      [off('fast-paths'), false],
    ] as const) {
      const { hd, base, lines } = await served(performanceOff);
      expect((await fetch(`${base}${widget}`)).status).toBe(200);
      // Fastify logs the requests it answers; the widget's fast path writes no line.
      await expect.poll(() => lines.some((line) => line.includes(widget))).toBe(!isFast);
      const get = vi.spyOn(hd.ctx.postsCache, 'get');
      for (let i = 0; i < 2; i += 1) expect((await fetch(`${base}/api/helpdesk/v1/docs/`)).status).toBe(200);
      // The route runs for the first request; the second is answered from the cache before Fastify, when allowed.
      expect(get.mock.calls.filter(([key]) => key.startsWith('docs-answer:'))).toHaveLength(isFast ? 1 : 2);
    }
  });

  it('off, answers are sent uncompressed', async () => {
    for (const [performanceOff, encoding] of [
      [NONE, 'gzip'],
      [off('compression'), undefined],
    ] as const) {
      const hd = await helpdesk(performanceOff);
      const answer = await hd.app.inject({ method: 'GET', url: '/api/helpdesk/v1/openapi.json', headers: { 'accept-encoding': 'gzip' } });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-encoding']).toBe(encoding);
    }
  });
});

describeEachDatabase('signed-in-lane', (dialect) => {
  it.skipIf(dialect === 'sqlite')('off, requests with a credential query through the main pool', async () => {
    const connections: number[] = [];
    for (const performanceOff of [NONE, off('signed-in-lane')]) {
      const db = await openDb('postgres', performanceOff);
      const count = async () =>
        (await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database()`.execute(db.kysely))
          .rows[0]?.n;
      await count();
      const response = new EventEmitter();
      await new Promise((resolve) => runInSignedInLane(response, () => void sql`select 1`.execute(db.kysely).then(resolve)));
      response.emit('close');
      connections.push((await count()) ?? 0);
    }
    expect(connections).toEqual([2, 1]);
  });
});

describeEachDatabase('suggest-one-statement', (dialect) => {
  it.skipIf(dialect === 'sqlite')('off, PostgreSQL asks for the suggestions a statement per stage and one for the rows', async () => {
    const statements: number[] = [];
    const found: string[][] = [];
    for (const performanceOff of [NONE, off('suggest-one-statement')]) {
      const db = await openDb('postgres', performanceOff);
      const ctx = createDomainContext(db, createHooks());
      await createPost(ctx, 'doc', { title: 'Pair a headset', content: 'Hold the button.' }, null);
      await createPost(ctx, 'doc', { title: 'Charging', content: 'Pair the cable with the charger.' }, null);
      const query = vi.spyOn(pg.Client.prototype, 'query');
      const stages = [{ language: 'en', inTitle: true }, { language: 'en' }];
      const rows = await db.storage.search.docsSuggested(db.kysely, { words: ['pair'], prefix: null }, stages, { site: 'en', limit: 3 });
      statements.push(query.mock.calls.length);
      query.mockRestore();
      found.push(rows.map((row) => row.title));
    }
    expect(statements).toEqual([1, 3]);
    expect(found[1]).toEqual(found[0]);
    expect(found[0]).toEqual(['Pair a headset', 'Charging']);
  });
});
