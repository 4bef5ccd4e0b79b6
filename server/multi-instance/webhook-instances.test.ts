// Two instances' workers, each with its own connections, share one database's jobs: every webhook delivery is
// claimed by one of them and sent exactly once (PostgreSQL: FOR UPDATE SKIP LOCKED; SQLite: its one writer).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterEach, expect, it } from 'vitest';
import { createDb } from '../db/create-db.js';
import { createDomainContext } from '../domain/context.js';
import { createMailTransport } from '../email/create-transport.js';
import { createWorker } from '../jobs/worker.js';
import { updateSettings } from '../settings/settings.js';
import { createTicket } from '../test/factories.js';
import { relaxIntakeLimits, setRegistration } from '../test/fixtures.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';
import { startReceiver } from '../webhooks/test-receiver.js';

const quiet = { info: () => {}, warn: () => {} };
const TICKETS = 40;

describeEachDatabase('webhook deliveries with two instances on one database', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true });
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()?.();
  });

  it('sends each delivery exactly once, the two workers sharing the work', async () => {
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: true, createAccounts: true });
    await updateSettings(hd.ctx, { tickets: { webhook_allowed_hosts: '127.0.0.1' } });
    const receiver = await startReceiver();
    cleanups.push(() => receiver.close());
    const admin = await hd.authAs('admin');
    const subscribed = await hd.app.inject({
      method: 'POST',
      url: '/api/helpdesk/v1/webhooks/',
      headers: admin,
      payload: { url: receiver.url, events: ['ticket.created', 'ticket.updated'] },
    });
    expect(subscribed.statusCode).toBe(201);
    const { secret } = subscribed.json() as { secret: string };
    for (let i = 0; i < TICKETS; i++) await createTicket(hd, { subject: `Two instances #${i}` });

    // The second instance: its own connections to the same database, its own worker.
    const other = createDb({ url: hd.config.databaseUrl });
    cleanups.push(() => other.close());
    const otherCtx = createDomainContext(other, hd.hooks, hd.ctx.encryptionSeed);
    const transport = createMailTransport({ smtpUrl: null, dataDir: mkdtempSync(join(tmpdir(), 'hd-webhook-instances-')) });
    cleanups.push(() => transport.close());
    const options = { batchSize: 3, webhooks: { retryDelay: () => 0, timeoutMs: 2000 } };
    const a = createWorker(hd.ctx, hd.config, transport, quiet, options);
    const b = createWorker(otherCtx, hd.config, transport, quiet, options);
    const ran = { a: 0, b: 0 };
    for (;;) {
      const [x, y] = await Promise.all([a.runOnce(), b.runOnce()]);
      ran.a += x;
      ran.b += y;
      if (x + y === 0) break;
    }
    expect(ran.a).toBeGreaterThan(0);
    expect(ran.b).toBeGreaterThan(0);

    const deliveries = await hd.ctx.db.selectFrom('webhook_deliveries').select(['message_id', 'state', 'attempts']).execute();
    expect(deliveries).toHaveLength(TICKETS);
    expect(deliveries.every((d) => d.state === 'delivered' && d.attempts === 1)).toBe(true);
    const ids = receiver.received.map((request) => request.headers['webhook-id']);
    expect(ids).toHaveLength(TICKETS);
    expect(new Set(ids)).toEqual(new Set(deliveries.map((d) => d.message_id)));
    const verifier = new Webhook(secret);
    for (const request of receiver.received)
      expect(() => verifier.verify(request.body, request.headers as Record<string, string>)).not.toThrow();
  });
});
