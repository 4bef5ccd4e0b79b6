import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.js';
import { createMemoryCounterStore } from '../../../intake/counter-store.js';
import { intakeSection } from '../../../intake/intake-settings.js';
import { createRedisCounterStore } from '../../../intake/redis-counter-store.js';
import { updateSettings } from '../../../settings/settings.js';
import { countRows, relaxIntakeLimits, setRegistration, ticketPayload } from '../../../test/fixtures.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { createTestHelpdesk, useTestHelpdesk } from '../../../test/test-helpdesk.js';

const URL_TICKETS = '/api/helpdesk/v1/tickets/';

// Both places the counters live: memory (SQLite's default) and the database (PostgreSQL's, where the
// filing's own statement counts them and writes only within the limits).
for (const counters of ['memory', 'database'] as const)
  describeEachDatabase(`intake protection, counters in ${counters}`, (dialect) => {
    const hd = useTestHelpdesk(dialect, { freshEach: true, counters });
    const post = (payload: object, headers: Record<string, string> = {}, remoteAddress = '203.0.113.7') =>
      hd.app.inject({ method: 'POST', url: URL_TICKETS, payload, headers, remoteAddress });
    beforeEach(async () => {
      await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
      await relaxIntakeLimits(hd.ctx);
    });
    const stats = async () => {
      const admin = await hd.authAs('admin');
      return (await hd.app.inject({ method: 'GET', url: '/api/helpdesk/v1/intake/stats', headers: admin })).json().refused;
    };

    it('refuses the submission over the per-IP hourly limit with 429, Retry-After and RateLimit headers, storing nothing', async () => {
      await updateSettings(hd.ctx, { tickets: { limit_ip_hour: 3 } });
      for (let i = 0; i < 3; i++) expect((await post(ticketPayload())).statusCode).toBe(201);
      const before = await countRows(hd.ctx);
      const refused = await post(ticketPayload());
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', detail: expect.stringMatching(/try again in \d+ minutes/) });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(3000);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      expect(refused.headers['ratelimit-policy']).toBe('"ip-hour";q=3;w=3600');
      expect(refused.headers.ratelimit).toBe(`"ip-hour";r=0;t=${retryAfter}`);
      expect(await countRows(hd.ctx)).toEqual(before);
      // Another address is not affected.
      expect((await post(ticketPayload(), {}, '198.51.100.9')).statusCode).toBe(201);
      expect((await stats()).limit_ip_hour).toBe(1);
    });

    it('takes the client address from the socket: a spoofed X-Forwarded-For does not escape the limit', async () => {
      await updateSettings(hd.ctx, { tickets: { limit_ip_hour: 1 } });
      expect((await post(ticketPayload(), { 'x-forwarded-for': '192.0.2.10' })).statusCode).toBe(201);
      expect((await post(ticketPayload(), { 'x-forwarded-for': '192.0.2.11' })).statusCode).toBe(429);
    });

    it('limits tickets per email address, whatever the IP and the letter case', async () => {
      await updateSettings(hd.ctx, { tickets: { limit_email_hour: 2 } });
      const payload = ticketPayload();
      expect((await post(payload, {}, '192.0.2.1')).statusCode).toBe(201);
      expect((await post({ ...payload, email: payload.email.toUpperCase() }, {}, '192.0.2.2')).statusCode).toBe(201);
      const refused = await post(payload, {}, '192.0.2.3');
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['ratelimit-policy']).toContain('"email-hour";q=2');
    });

    it('caps the whole site per day', async () => {
      await updateSettings(hd.ctx, { tickets: { limit_global_day: 2 } });
      expect((await post(ticketPayload(), {}, '192.0.2.1')).statusCode).toBe(201);
      expect((await post(ticketPayload(), {}, '192.0.2.2')).statusCode).toBe(201);
      expect((await post(ticketPayload(), {}, '192.0.2.3')).statusCode).toBe(429);
    });

    it('never limits agents and admins', async () => {
      await updateSettings(hd.ctx, { tickets: { limit_ip_hour: 1, limit_global_day: 1 } });
      const agent = await hd.authAs('agent');
      for (let i = 0; i < 3; i++) expect((await post(ticketPayload(), agent)).statusCode).toBe(201);
    });

    it('refuses a filled honeypot and a form sent faster than the minimum fill time, storing nothing', async () => {
      await updateSettings(hd.ctx, { tickets: { min_fill_seconds: 3 } });
      const before = await countRows(hd.ctx);
      const honeypot = await post(ticketPayload({ website: 'http://spam.example' }));
      expect(honeypot.statusCode).toBe(400);
      expect(honeypot.json().code).toBe('SUBMISSION_REFUSED');
      const fast = await post(ticketPayload({ fill_ms: 800 }));
      expect(fast.statusCode).toBe(400);
      // Plain words saying what to do: a fast person is not called a bot.
      expect(fast.json().detail).toBe('Please take a moment to check your message, then send it again.');
      expect(await countRows(hd.ctx)).toEqual(before);
      expect((await post(ticketPayload({ fill_ms: 4000, website: '' }))).statusCode).toBe(201);
      expect(await stats()).toMatchObject({ honeypot: 1, too_fast: 1 });
    });

    it('lets a fast person through at the default minimum: autofill, a pasted screenshot and a short subject in 1.5 s', async () => {
      await updateSettings(hd.ctx, { tickets: { min_fill_seconds: intakeSection().fields.min_fill_seconds.default } });
      expect((await post(ticketPayload({ fill_ms: 1500 }))).statusCode).toBe(201);
      // A script that fills and sends the form at once is still refused.
      expect((await post(ticketPayload({ fill_ms: 40 }))).statusCode).toBe(400);
    });

    it('the admin switch takes anonymous intake offline at once', async () => {
      await updateSettings(hd.ctx, { tickets: { intake_enabled: false } });
      const before = await countRows(hd.ctx);
      const res = await post(ticketPayload());
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'INTAKE_OFFLINE' });
      expect(await countRows(hd.ctx)).toEqual(before);
      expect((await stats()).offline).toBe(1);
      await updateSettings(hd.ctx, { tickets: { intake_enabled: true } });
      expect((await post(ticketPayload())).statusCode).toBe(201);
    });
  });

describe('behind a trusted proxy', () => {
  it('with one trusted hop, the address the proxy saw is the one limited', async () => {
    const hd = await createTestHelpdesk('sqlite');
    try {
      await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
      await relaxIntakeLimits(hd.ctx);
      await updateSettings(hd.ctx, { tickets: { limit_ip_hour: 1 } });
      const app = await buildApp({ config: { ...hd.config, trustProxyHops: 1 }, ctx: hd.ctx, counters: createMemoryCounterStore() });
      const post = (client: string) =>
        app.inject({
          method: 'POST',
          url: URL_TICKETS,
          payload: ticketPayload(),
          remoteAddress: '10.0.0.1',
          headers: { 'x-forwarded-for': client },
        });
      expect((await post('192.0.2.10')).statusCode).toBe(201);
      expect((await post('192.0.2.11')).statusCode).toBe(201);
      expect((await post('192.0.2.10')).statusCode).toBe(429);
      await app.close();
    } finally {
      await hd.close();
    }
  });
});

describe('intake counters', () => {
  it('the memory store counts per window and starts again when the window ends', async () => {
    let time = 1_000;
    const store = createMemoryCounterStore(() => time);
    expect(await store.hit('k', 100)).toEqual({ count: 1, resetInMs: 100 });
    time += 40;
    expect(await store.hit('k', 100)).toEqual({ count: 2, resetInMs: 60 });
    time += 60;
    expect(await store.hit('k', 100)).toEqual({ count: 1, resetInMs: 100 });
    expect(await store.peek('k')).toBe(1);
  });

  it('the memory store stays bounded under a flood of distinct keys, dropping ended windows first', async () => {
    let time = 0;
    const store = createMemoryCounterStore(() => time, 10);
    await store.hit('long-lived', 1_000_000);
    for (let i = 0; i < 9; i++) await store.hit(`short-${i}`, 10);
    time = 20;
    for (let i = 0; i < 40; i++) await store.hit(`flood-${i}`, 1_000);
    expect(await store.peek('short-0')).toBe(0);
    expect(await store.peek('flood-39')).toBe(1);
    let live = 0;
    for (let i = 0; i < 40; i++) live += await store.peek(`flood-${i}`);
    expect(live).toBeLessThanOrEqual(10);
  });

  describe('in Redis, shared by two instances', () => {
    const hds: Array<Awaited<ReturnType<typeof createTestHelpdesk>>> = [];
    afterAll(async () => Promise.all(hds.map((hd) => hd.close())));

    it('counts submissions to either instance against the same limit', async () => {
      const redisUrl = 'redis://127.0.0.1:6379';
      const stores = await Promise.all([createRedisCounterStore(redisUrl), createRedisCounterStore(redisUrl)]).catch(() => null);
      if (!stores) {
        console.warn('NOTICE: no Redis at 127.0.0.1:6379; the shared-counter test is SKIPPED.');
        return;
      }
      const hd = await createTestHelpdesk('sqlite');
      hds.push(hd);
      await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
      await relaxIntakeLimits(hd.ctx);
      await updateSettings(hd.ctx, { tickets: { limit_ip_hour: 3 } });
      // A unique address per run, so earlier runs' counters in the shared Redis do not interfere.
      const ip = `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      const apps = await Promise.all(stores.map((counters) => buildApp({ config: hd.config, ctx: hd.ctx, counters })));
      try {
        const codes: number[] = [];
        for (let i = 0; i < 4; i++) {
          const res = await apps[i % 2]?.inject({ method: 'POST', url: URL_TICKETS, payload: ticketPayload(), remoteAddress: ip });
          codes.push(res?.statusCode ?? 0);
        }
        expect(codes).toEqual([201, 201, 201, 429]);
      } finally {
        await Promise.all(apps.map((app) => app.close()));
        await Promise.all(stores.map((store) => store.close()));
      }
    });
  });
});
