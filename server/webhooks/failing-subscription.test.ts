// Issue 39 part 2: five days of nothing but failed attempts turn a subscription off, stop its waiting deliveries and
// mail each admin once (one mail even when two instances fail at the same moment); any 2xx starts the count again.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { unlinkableText } from '../../common/unlinkable-text.js';
import { createDb } from '../db/create-db.js';
import { createDomainContext } from '../domain/context.js';
import { createMailTransport } from '../email/create-transport.js';
import { buildWebhookDisabledMail } from '../email/webhook-disabled-mail.js';
import { createWorker, type Worker } from '../jobs/worker.js';
import { updateSettings } from '../settings/settings.js';
import { createTicket } from '../test/factories.js';
import { relaxIntakeLimits, setRegistration } from '../test/fixtures.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';
import { FAILING_DISABLES_AFTER_MS, recordAttemptResult } from './disable-failing-subscription.js';
import { startReceiver, type TestReceiver } from './test-receiver.js';

type Headers = Record<string, string>;
const quiet = { info: () => {}, warn: () => {} };
const T0 = Date.parse('2026-12-07T10:00:00.000Z');
const MINUTE = 60_000;

describeEachDatabase('a webhook failing for five days', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true });
  let admin: Headers;
  let worker: Worker;
  const cleanups: Array<() => Promise<void> | void> = [];
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    hd.app.inject({ method, url: `/api/helpdesk/v1${url}`, headers: admin, payload });

  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()?.();
  });

  async function setUp(): Promise<TestReceiver> {
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: true, createAccounts: true });
    await updateSettings(hd.ctx, { tickets: { webhook_allowed_hosts: '127.0.0.1' } });
    admin = await hd.authAs('admin');
    await hd.authAs('admin');
    const transport = createMailTransport({ smtpUrl: null, dataDir: mkdtempSync(join(tmpdir(), 'hd-webhooks-failing-')) });
    // A failed attempt's retry waits an hour of real time: the deliveries stay pending while the test's clock moves.
    worker = createWorker(hd.ctx, hd.config, transport, quiet, { webhooks: { retryDelay: () => 3_600_000, timeoutMs: 300 } });
    cleanups.push(() => transport.close());
    const r = await startReceiver(Array.from({ length: 100 }, () => ({ status: 503 })));
    cleanups.push(() => r.close());
    return r;
  }
  const at = (ms: number) => {
    hd.ctx.now = () => new Date(ms);
  };
  async function subscribe(url: string): Promise<number> {
    const res = await call('POST', '/webhooks/', { url, events: ['ticket.created'] });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: number }).id;
  }
  /** Files a ticket and runs the worker until its delivery has had its first attempt. */
  async function fileAndAttempt(): Promise<void> {
    const before = await attemptCount();
    await createTicket(hd);
    for (let round = 0; round < 20 && (await attemptCount()) === before; round++) await worker.runOnce();
    expect(await attemptCount()).toBe(before + 1);
  }
  const attemptCount = async () => (await hd.ctx.db.selectFrom('webhook_attempts').select('id').execute()).length;
  const subscription = async (id: number) => (await call('GET', `/webhooks/${id}`)).json() as Record<string, unknown>;
  const mailJobs = () => hd.ctx.db.selectFrom('jobs').select(['payload', 'state']).where('kind', '=', 'webhook_disabled_mail').execute();

  it('turns it off at a failure five days after the first, fails its waiting deliveries and mails each admin once', async () => {
    const r = await setUp();
    const id = await subscribe(r.url);
    at(T0);
    await fileAndAttempt();
    expect(await subscription(id)).toMatchObject({ enabled: true, failing_since: new Date(T0).toISOString() });
    at(T0 + FAILING_DISABLES_AFTER_MS - MINUTE);
    await fileAndAttempt();
    expect(await subscription(id)).toMatchObject({ enabled: true, disabled_reason: null });
    expect(await mailJobs()).toHaveLength(0);

    at(T0 + FAILING_DISABLES_AFTER_MS);
    await fileAndAttempt();
    expect(await subscription(id)).toMatchObject({ enabled: false, disabled_reason: 'failing' });
    const states = await hd.ctx.db.selectFrom('webhook_deliveries').select('state').execute();
    expect(states.map((d) => d.state)).toEqual(['failed', 'failed', 'failed']);
    const admins = await hd.ctx.db.selectFrom('users').select('id').where('role', '=', 'admin').orderBy('id').execute();
    const jobs = await mailJobs();
    expect(jobs.map((j) => (JSON.parse(j.payload) as { userId: number }).userId).sort()).toEqual(admins.map((a) => a.id).sort());

    // The waiting deliveries' jobs end without sending; a new ticket queues nothing for the subscription.
    const sent = r.received.length;
    await createTicket(hd);
    for (let round = 0; round < 20 && (await worker.runOnce()) > 0; round++);
    expect(r.received).toHaveLength(sent);
    expect(await hd.ctx.db.selectFrom('webhook_deliveries').select('id').execute()).toHaveLength(3);
    expect((await mailJobs()).every((j) => j.state === 'done')).toBe(true);
  });

  it('says in the mail the URL, since when it failed, the last error in words and the link to the webhooks screen', async () => {
    const r = await setUp();
    await subscribe(r.url);
    const [first] = await hd.ctx.db.selectFrom('users').select('id').where('role', '=', 'admin').orderBy('id').execute();
    const mail = await buildWebhookDisabledMail(hd.ctx, hd.config, {
      id: 1,
      userId: first?.id as number,
      url: r.url,
      failingSince: new Date(T0).toISOString(),
      lastStatus: 503,
      lastError: null,
    });
    expect(mail?.text).toContain(unlinkableText(r.url));
    expect(mail?.text).toContain('Dec 7, 2026');
    expect(mail?.text).toContain('HTTP status 503');
    expect(mail?.text).toContain('http://help.test/admin/webhooks');
    expect(mail?.html).toContain('http://help.test/admin/webhooks');
    const timeout = await buildWebhookDisabledMail(hd.ctx, hd.config, {
      id: 2,
      userId: first?.id as number,
      url: r.url,
      failingSince: new Date(T0).toISOString(),
      lastStatus: null,
      lastError: 'network:ECONNREFUSED',
    });
    expect(timeout?.text).toContain('the connection failed (ECONNREFUSED)');
  });

  it('a 2xx clears the failing record, so five days count from the next failure', async () => {
    const r = await setUp();
    r.answers.splice(1, r.answers.length, { status: 200 }, ...Array.from({ length: 50 }, () => ({ status: 503 })));
    const id = await subscribe(r.url);
    at(T0);
    await fileAndAttempt();
    at(T0 + MINUTE);
    await fileAndAttempt();
    expect(await subscription(id)).toMatchObject({ failing_since: null });
    at(T0 + FAILING_DISABLES_AFTER_MS);
    await fileAndAttempt();
    expect(await subscription(id)).toMatchObject({ enabled: true, failing_since: new Date(T0 + FAILING_DISABLES_AFTER_MS).toISOString() });
    // Enabled again by an admin after being turned off: the count starts again too.
    await hd.ctx.db.updateTable('webhook_subscriptions').set({ enabled: 0, disabled_reason: 'failing' }).where('id', '=', id).execute();
    const body = { url: r.url, events: ['ticket.created'], enabled: true };
    expect((await call('PUT', `/webhooks/${id}`, body)).json()).toMatchObject({
      enabled: true,
      disabled_reason: null,
      failing_since: null,
    });
  });

  it('two instances failing at the same moment queue one mail per admin', async () => {
    const r = await setUp();
    const id = await subscribe(r.url);
    await hd.ctx.db
      .updateTable('webhook_subscriptions')
      .set({ failing_since: new Date(T0).toISOString() })
      .where('id', '=', id)
      .execute();
    const other = createDb({ url: hd.config.databaseUrl as string });
    cleanups.push(() => other.close());
    const otherCtx = createDomainContext(other, hd.hooks);
    const result = { subscriptionId: id, success: false, status: 503, error: null };
    const when = new Date(T0 + FAILING_DISABLES_AFTER_MS + MINUTE);
    const turnedOff = await Promise.all(
      [hd.ctx, otherCtx, hd.ctx, otherCtx].map((ctx) => ctx.transactions.write((db) => recordAttemptResult(db, result, when))),
    );
    expect(turnedOff.filter(Boolean)).toHaveLength(1);
    expect(await mailJobs()).toHaveLength(2);
  });
});
