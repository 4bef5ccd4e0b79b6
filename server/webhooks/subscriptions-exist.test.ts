// Whether any subscription is enabled is cached per database (the `caches` mechanism): a change without subscriptions
// reads nothing for webhooks, and every write through this process (create, update, delete, turning off) counts at once.
import { afterEach, expect, it, vi } from 'vitest';
import { createDb } from '../db/create-db.js';
import { updateSettings } from '../settings/settings.js';
import { mechanismsOn } from '../test/mechanisms-on.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';
import { enabledSubscriptionsExist, webhookSubscriptionsChanged } from './subscriptions-exist.js';

describeEachDatabase('whether any webhook subscription is enabled', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true });
  const row = (enabled: number) => ({
    url: 'https://example.com/hook',
    description: '',
    events: '["ticket.created"]',
    enabled,
    disabled_reason: null,
    secret: 'v1.x',
    previous_secret: null,
    previous_secret_until: null,
    failing_since: null,
    created_at: '2026-12-01T00:00:00.000Z',
    updated_at: '2026-12-01T00:00:00.000Z',
  });

  afterEach(() => vi.useRealTimers());

  it.runIf(mechanismsOn('caches'))(
    'keeps the answer for the database and its transactions until a subscription is written here',
    async () => {
      // The clock stands still, so a slow machine cannot let the kept answer expire between the two questions.
      vi.useFakeTimers({ toFake: ['Date'] });
      expect(await enabledSubscriptionsExist(hd.ctx.db)).toBe(false);
      // Written behind the cache's back: not seen, from the database or from inside a transaction of it.
      await hd.ctx.db.insertInto('webhook_subscriptions').values(row(1)).execute();
      expect(await enabledSubscriptionsExist(hd.ctx.db)).toBe(false);
      expect(await hd.ctx.db.transaction().execute((trx) => enabledSubscriptionsExist(trx))).toBe(false);
      webhookSubscriptionsChanged(hd.ctx.db);
      expect(await enabledSubscriptionsExist(hd.ctx.db)).toBe(true);
    },
  );

  it('counts a subscription added, turned off, on again and deleted through the API at once', async () => {
    const admin = await hd.authAs('admin');
    await updateSettings(hd.ctx, { tickets: { webhook_allowed_hosts: '127.0.0.1' } });
    const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      hd.app.inject({ method, url: `/api/helpdesk/v1/webhooks/${url}`, headers: admin, payload });
    expect(await enabledSubscriptionsExist(hd.ctx.db)).toBe(false);
    const created = await call('POST', '', { url: 'http://127.0.0.1:9/x', events: ['ticket.created'] });
    const { id } = created.json() as { id: number };
    expect(await enabledSubscriptionsExist(hd.ctx.db)).toBe(true);
    await call('PUT', `${id}`, { url: 'http://127.0.0.1:9/x', events: ['ticket.created'], enabled: false });
    expect(await enabledSubscriptionsExist(hd.ctx.db)).toBe(false);
    await call('PUT', `${id}`, { url: 'http://127.0.0.1:9/x', events: ['ticket.created'], enabled: true });
    expect(await enabledSubscriptionsExist(hd.ctx.db)).toBe(true);
    await call('DELETE', `${id}`);
    expect(await enabledSubscriptionsExist(hd.ctx.db)).toBe(false);
  });

  it('asks the database every time with the caches switched off', async () => {
    const plain = createDb({ url: hd.config.databaseUrl, performanceOff: new Set(['caches']) });
    try {
      expect(await enabledSubscriptionsExist(plain.kysely)).toBe(false);
      await plain.kysely.insertInto('webhook_subscriptions').values(row(1)).execute();
      expect(await plain.kysely.transaction().execute((trx) => enabledSubscriptionsExist(trx))).toBe(true);
    } finally {
      await plain.close();
    }
  });
});
