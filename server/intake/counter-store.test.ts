import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createDb } from '../db/create-db.js';
import { createDomainContext } from '../domain/context.js';
import { updateSettings } from '../settings/settings.js';
import { relaxIntakeLimits, setRegistration, ticketPayload } from '../test/fixtures.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { createTestHelpdesk, useTestHelpdesk } from '../test/test-helpdesk.js';
import { type CounterStore, createMemoryCounterStore } from './counter-store.js';
import { createDatabaseCounterStore, deleteEndedCounterWindows } from './database-counter-store.js';
import { createRedisCounterStore } from './redis-counter-store.js';

const poll = { timeout: 5_000, interval: 5 };

/**
 * What every CounterStore must do, whichever backend: the same checks run against memory, the
 * database on both dialects, and Redis. `open` gives a store and a key prefix nobody else uses.
 */
function checkCounterStoreContract(open: () => Promise<{ store: CounterStore; prefix: string }>) {
  let store: CounterStore;
  let key: (name: string) => string;
  beforeAll(async () => {
    const opened = await open();
    store = opened.store;
    key = (name) => `${opened.prefix}${name}`;
  });

  it('counts hits per key from 1 and says when the window ends', async () => {
    const first = await store.hit(key('a'), 60_000);
    expect(first.count).toBe(1);
    expect(first.resetInMs).toBeGreaterThan(50_000);
    expect(first.resetInMs).toBeLessThanOrEqual(60_000);
    const second = await store.hit(key('a'), 60_000);
    expect(second.count).toBe(2);
    expect(second.resetInMs).toBeLessThanOrEqual(first.resetInMs);
  });

  it('keeps keys apart, and peek reads without counting (0 for an unknown key)', async () => {
    await store.hit(key('b'), 60_000);
    expect(await store.peek(key('b'))).toBe(1);
    expect(await store.peek(key('b'))).toBe(1);
    expect(await store.peek(key('never-hit'))).toBe(0);
    expect((await store.hit(key('c'), 60_000)).count).toBe(1);
  });

  it('starts a key again from 1 once its window has ended', async () => {
    await store.hit(key('short'), 40);
    await store.hit(key('short'), 40);
    await expect.poll(() => store.peek(key('short')), poll).toBe(0);
    expect((await store.hit(key('short'), 60_000)).count).toBe(1);
  });

  it('gives concurrent hits on one key distinct counts (no lost update)', async () => {
    const hits = await Promise.all(Array.from({ length: 40 }, () => store.hit(key('race'), 60_000)));
    expect(hits.map((h) => h.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(await store.peek(key('race'))).toBe(40);
  });
}

describe('counter store contract: memory', () => {
  checkCounterStoreContract(async () => ({ store: createMemoryCounterStore(), prefix: '' }));
});

describeEachDatabase('counter store contract: database', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  checkCounterStoreContract(async () => ({ store: createDatabaseCounterStore(hd.ctx.db, hd.ctx.storage), prefix: '' }));

  it('counts several keys in one statement as hit() on each would, concurrent calls included', async () => {
    let time = 5_000_000;
    const store = createDatabaseCounterStore(hd.ctx.db, hd.ctx.storage, () => time);
    const hitAll = store.hitAll?.bind(store);
    if (!hitAll) throw new Error('the database store counts several keys at once');
    const keys = [
      { key: 'all:z-site', windowMs: 1_000 },
      { key: 'all:a-ip', windowMs: 100 },
    ];
    await store.hit('all:a-ip', 100);
    expect(await hitAll(keys)).toEqual([
      { count: 1, resetInMs: 1_000 },
      { count: 2, resetInMs: 100 },
    ]);
    time += 150;
    // The short window ended: it restarts at 1 while the long one goes on counting.
    expect(await hitAll(keys)).toEqual([
      { count: 2, resetInMs: 850 },
      { count: 1, resetInMs: 100 },
    ]);
    // Many at once, every one on the shared key in opposite orders: distinct counts, no deadlock.
    const calls = Array.from({ length: 30 }, (_, i) =>
      hitAll(
        i % 2
          ? [
              { key: 'all:z-site', windowMs: 1_000 },
              { key: `all:ip-${i}`, windowMs: 100 },
            ]
          : [
              { key: `all:ip-${i}`, windowMs: 100 },
              { key: 'all:z-site', windowMs: 1_000 },
            ],
      ),
    );
    const site = (await Promise.all(calls)).map((hits, i) => (i % 2 ? hits[0] : hits[1])?.count);
    expect(site.sort((x = 0, y = 0) => x - y)).toEqual(Array.from({ length: 30 }, (_, i) => i + 3));
    // A repeated key counts twice, as two hits would.
    expect(
      (
        await hitAll([
          { key: 'all:twice', windowMs: 100 },
          { key: 'all:twice', windowMs: 100 },
        ])
      )
        .map((h) => h.count)
        .sort(),
    ).toEqual([1, 2]);
  });

  it('a spread key (the site-wide counter) counts every hit, in several rows on PostgreSQL so hits do not queue on one lock', async () => {
    let time = 7_000_000;
    const store = createDatabaseCounterStore(hd.ctx.db, hd.ctx.storage, () => time);
    const hitAll = store.hitAll?.bind(store);
    if (!hitAll) throw new Error('the database store counts several keys at once');
    const site = { key: 'spread:site', windowMs: 1_000, spread: true };
    // One after another, each hit sees every earlier one: the sum is exact.
    for (let n = 1; n <= 3; n++) expect((await hitAll([site, { key: `spread:ip-${n}`, windowMs: 100 }]))[0]?.count).toBe(n);
    // At once: none lost; a hit may miss one made at the same moment, never count one twice.
    const counts = await Promise.all(Array.from({ length: 40 }, (_, i) => hitAll([{ key: `spread:ip-c${i}`, windowMs: 100 }, site])));
    for (const hits of counts) expect(hits[1]?.count).toBeLessThanOrEqual(43);
    expect((await hitAll([site]))[0]).toEqual({ count: 44, resetInMs: expect.any(Number) });
    const rows = await hd.ctx.db.selectFrom('counter_windows').select('key').where('key', 'like', 'spread:site%').execute();
    if (dialect === 'postgres') {
      expect(rows.length).toBeGreaterThan(1);
      expect(rows.every((row) => /^spread:site~\d+$/.test(row.key))).toBe(true);
    } else expect(rows.map((row) => row.key)).toEqual(['spread:site']);
    // Its window ends as every other does: the rows restart at 1.
    time += 1_000;
    expect((await hitAll([site]))[0]?.count).toBe(1);
  });

  it('housekeeping deletes the rows of ended windows and keeps live ones', async () => {
    let time = 1_000_000;
    const store = createDatabaseCounterStore(hd.ctx.db, hd.ctx.storage, () => time);
    await store.hit('hk:ended', 10);
    await store.hit('hk:live', 1_000);
    time += 20;
    await deleteEndedCounterWindows(hd.ctx.db, time);
    const keys = await hd.ctx.db.selectFrom('counter_windows').select('key').where('key', 'like', 'hk:%').execute();
    expect(keys.map((r) => r.key)).toEqual(['hk:live']);
    expect(await store.peek('hk:live')).toBe(1);
  });
});

const REDIS_URL = 'redis://127.0.0.1:6379';
const redisProbe = await createRedisCounterStore(REDIS_URL).catch(() => null);
await redisProbe?.close();
if (!redisProbe) console.warn('NOTICE: no Redis at 127.0.0.1:6379; the Redis counter contract is SKIPPED.');

describe.skipIf(!redisProbe)('counter store contract: Redis', () => {
  const stores: CounterStore[] = [];
  afterAll(async () => Promise.all(stores.map((s) => s.close())));
  checkCounterStoreContract(async () => {
    const store = await createRedisCounterStore(REDIS_URL);
    stores.push(store);
    // The Redis server is shared: a prefix no other run uses.
    return { store, prefix: `helpdesk-test:${process.pid}:${randomBytes(4).toString('hex')}:` };
  });
});

describeEachDatabase('two instances on one database, counters in it', (dialect) => {
  const closers: Array<() => Promise<void>> = [];
  afterEach(async () => {
    while (closers.length) await closers.pop()?.();
  });

  it('count submissions to either instance against the same limits, and either shows the refusals', async () => {
    const hd = await createTestHelpdesk(dialect);
    closers.push(() => hd.close());
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    await relaxIntakeLimits(hd.ctx);
    await updateSettings(hd.ctx, { tickets: { limit_ip_hour: 3 } });
    // The second instance has its own connection pool, domain context and counter store, as a second
    // process would; all they share is the database.
    const db2 = createDb({ url: hd.config.databaseUrl });
    closers.push(() => db2.close());
    const ctx2 = createDomainContext(db2, hd.hooks);
    const apps = [
      await buildApp({ config: hd.config, ctx: hd.ctx, counters: createDatabaseCounterStore(hd.ctx.db, hd.ctx.storage) }),
      await buildApp({ config: hd.config, ctx: ctx2, counters: createDatabaseCounterStore(ctx2.db, ctx2.storage) }),
    ];
    closers.push(async () => void (await Promise.all(apps.map((app) => app.close()))));
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await apps[i % 2]?.inject({
        method: 'POST',
        url: '/api/helpdesk/v1/tickets/',
        payload: ticketPayload(),
        remoteAddress: '198.18.0.7',
      });
      codes.push(res?.statusCode ?? 0);
    }
    expect(codes).toEqual([201, 201, 201, 429, 429]);
    const admin = await hd.authAs('admin');
    const stats = await apps[0]?.inject({ method: 'GET', url: '/api/helpdesk/v1/intake/stats', headers: admin });
    expect(stats?.json().refused.limit_ip_hour).toBe(2);
  });
});
