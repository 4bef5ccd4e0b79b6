// Webhooks (issue 39): subscriptions through the API, the outbox, signed deliveries verified by the standardwebhooks
// library, retries, 410, the address guard, rotation, the delivery log, replay and housekeeping, with real local receivers.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterEach, expect, it } from 'vitest';
import { recordRating } from '../domain/ratings/record-rating.js';
import { changeTicket } from '../domain/tickets/change-ticket.js';
import { fireSlaEvents } from '../domain/tickets/fire-sla-events.js';
import { createMailTransport } from '../email/create-transport.js';
import { cleanUpExpired } from '../jobs/housekeeping.js';
import { createWorker, type Worker } from '../jobs/worker.js';
import { getCoreSettings } from '../settings/core-settings.js';
import { updateSettings } from '../settings/settings.js';
import { createTicket, replyAs } from '../test/factories.js';
import { relaxIntakeLimits, setRegistration } from '../test/fixtures.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';
import { RETRY_SCHEDULE_MS } from './deliver-webhook.js';
import { type ReceiverAnswer, startReceiver, type TestReceiver } from './test-receiver.js';
import { newWebhookSecret, sealWebhookSecret } from './webhook-secret.js';

type Headers = Record<string, string>;
const quiet = { info: () => {}, warn: () => {} };

describeEachDatabase('webhooks', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true });
  let admin: Headers;
  let agent: Headers;
  let worker: Worker;
  const cleanups: Array<() => Promise<void> | void> = [];
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', url: string, headers: Headers = {}, payload?: object) =>
    hd.app.inject({ method, url: `/api/helpdesk/v1${url}`, headers, payload });

  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()?.();
  });

  async function setUp(hosts = '127.0.0.1') {
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: true, createAccounts: true });
    await updateSettings(hd.ctx, { tickets: { webhook_allowed_hosts: hosts } });
    [admin, agent] = await Promise.all([hd.authAs('admin'), hd.authAs('agent')]);
    const transport = createMailTransport({ smtpUrl: null, dataDir: mkdtempSync(join(tmpdir(), 'hd-webhooks-')) });
    // The clock's control: every retry is due at once (the planned wait is kept in the log), and a timeout is short.
    worker = createWorker(hd.ctx, hd.config, transport, quiet, { webhooks: { retryDelay: () => 0, timeoutMs: 300 } });
    cleanups.push(() => transport.close());
  }
  async function receiver(answers: ReceiverAnswer[] = []): Promise<TestReceiver> {
    const r = await startReceiver(answers);
    cleanups.push(() => r.close());
    return r;
  }
  async function subscribe(url: string, events: string[] = ['ticket.created', 'ticket.updated', 'comment.created']) {
    const res = await call('POST', '/webhooks/', admin, { url, events, description: 'Tests' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; secret: string };
  }
  /** Runs the worker until `done` holds (no sleep: each round is the work itself); fails after 50 rounds. */
  async function drainUntil(done: () => boolean | Promise<boolean>) {
    for (let round = 0; round < 50; round++) {
      if (await done()) return;
      await worker.runOnce();
    }
    throw new Error('The condition never held.');
  }
  const deliveries = async (id: number) =>
    (await call('GET', `/webhooks/${id}/deliveries/`, admin)).json() as Array<{
      id: number;
      message_id: string;
      type: string;
      state: string;
      attempts: Array<{ status: number | null; error: string | null; response: string | null }>;
    }>;

  it('an admin adds a subscription whose secret is shown once and stored encrypted; agents may not', async () => {
    await setUp();
    const { id, secret } = await subscribe('http://127.0.0.1:9/x');
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(secret.slice(6), 'base64').length).toBeGreaterThanOrEqual(24);
    const read = await call('GET', `/webhooks/${id}`, admin);
    expect(read.json()).toMatchObject({ id, enabled: true, events: ['ticket.created', 'ticket.updated', 'comment.created'] });
    expect(read.body).not.toContain('whsec_');
    expect((await call('GET', '/webhooks/', admin)).body).not.toContain('whsec_');
    const stored = await hd.ctx.db.selectFrom('webhook_subscriptions').select('secret').where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.secret).not.toContain(secret.slice(6, 20));
    expect(stored.secret.startsWith('v1.')).toBe(true);
    const replaced = await call('PUT', `/webhooks/${id}`, admin, {
      url: 'http://127.0.0.1:9/y',
      events: ['client.created'],
      enabled: false,
    });
    expect(replaced.json()).toMatchObject({ url: 'http://127.0.0.1:9/y', events: ['client.created'], enabled: false });
    expect((await call('GET', '/webhooks/', agent)).statusCode).toBe(403);
    expect((await call('POST', '/webhooks/', agent, { url: 'https://example.com/', events: ['ticket.created'] })).statusCode).toBe(403);
    expect((await call('GET', '/webhooks/')).statusCode).toBe(401);
    expect((await call('DELETE', `/webhooks/${id}`, admin)).statusCode).toBe(204);
    expect((await call('GET', `/webhooks/${id}`, admin)).json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('refuses a bad or internal address and an unknown event, naming the field', async () => {
    await setUp('');
    const fieldOf = (res: { json(): { errors?: Array<{ field: string }> } }) => res.json().errors?.map((e) => e.field);
    for (const url of ['not a url', 'ftp://example.com/', 'https://user:pw@example.com/']) {
      const res = await call('POST', '/webhooks/', admin, { url, events: ['ticket.created'] });
      expect(res.statusCode).toBe(400);
      expect(fieldOf(res)).toEqual(['url']);
    }
    for (const url of [
      'http://127.0.0.1/',
      'http://10.1.2.3/',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/',
      'http://localhost/',
      'http://[::ffff:192.168.1.1]/',
    ]) {
      const res = await call('POST', '/webhooks/', admin, { url, events: ['ticket.created'] });
      expect(res.statusCode, url).toBe(400);
      expect(fieldOf(res)).toEqual(['url']);
    }
    const unknown = await call('POST', '/webhooks/', admin, { url: 'https://example.com/', events: ['ticket.exploded'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('events');
  });

  it('sends ticket.created, ticket.updated with its changes and comment.created, each verified by standardwebhooks', async () => {
    await setUp();
    const r = await receiver();
    // client.created too: filed without service levels, PostgreSQL makes the account in the filing's one statement.
    const { id, secret } = await subscribe(r.url, ['ticket.created', 'ticket.updated', 'comment.created', 'client.created']);
    const ticket = await createTicket(hd, { subject: 'Webhook me' });
    await call('PATCH', `/tickets/${ticket.id}`, agent, { status: 'in-progress' });
    await replyAs(hd, agent, ticket.id, 'On it.');
    await drainUntil(() => r.received.length >= 4);
    const verifier = new Webhook(secret);
    const bodies = r.received.map((request) => {
      const headers = request.headers as Record<string, string>;
      expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
      expect(verifier.verify(request.body, headers)).toEqual(JSON.parse(request.body));
      // One byte changed: refused.
      expect(() => verifier.verify(request.body.replace('"type"', '"typf"'), headers)).toThrow();
      return JSON.parse(request.body) as { type: string; timestamp: string; data: Record<string, unknown> };
    });
    const byType = Object.fromEntries(bodies.map((body) => [body.type, body]));
    expect(Object.keys(byType).sort()).toEqual(['client.created', 'comment.created', 'ticket.created', 'ticket.updated']);
    expect(byType['client.created']?.data.client).toMatchObject({ email: ticket.email.toLowerCase() });
    expect(byType['ticket.created']?.data.ticket).toMatchObject({ id: ticket.id, number: ticket.number, subject: 'Webhook me' });
    expect(byType['ticket.updated']?.data.changes).toMatchObject({ status: ['Open', 'In Progress'] });
    expect(byType['comment.created']?.data.comment).toMatchObject({ text: 'On it.', internal: false, author_role: 'agent' });
    expect((await deliveries(id)).every((d) => d.state === 'delivered' && d.attempts.length === 1)).toBe(true);
  });

  it('a change that rolls back queues nothing', async () => {
    await setUp();
    const r = await receiver();
    await subscribe(r.url);
    const ticket = await createTicket(hd);
    await drainUntil(() => r.received.length >= 1);
    const settings = await getCoreSettings(hd.ctx);
    await expect(
      hd.ctx.db.transaction().execute(async (trx) => {
        await changeTicket(trx, ticket.id, { status: 'in-progress' }, { actorId: null, settings });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const queued = await hd.ctx.db.selectFrom('webhook_deliveries').select('event_type').execute();
    expect(queued.map((d) => d.event_type)).toEqual(['ticket.created']);
  });

  it('retries a 500 with the same webhook-id on the schedule, and honours a 429’s Retry-After', async () => {
    await setUp();
    const r = await receiver([
      { status: 500, body: 'x'.repeat(10_000) },
      { status: 429, headers: { 'retry-after': '7' } },
    ]);
    const { id } = await subscribe(r.url, ['ticket.created']);
    await createTicket(hd);
    const planned: Array<number | null> = [];
    await drainUntil(async () => {
      const row = await hd.ctx.db.selectFrom('webhook_deliveries').select(['next_delay_ms', 'state']).executeTakeFirst();
      if (row && planned.at(-1) !== row.next_delay_ms) planned.push(row.next_delay_ms);
      return row?.state === 'delivered';
    });
    expect(r.received).toHaveLength(3);
    expect(new Set(r.received.map((q) => q.headers['webhook-id'])).size).toBe(1);
    const [delivery] = await deliveries(id);
    expect(delivery?.attempts.map((a) => a.status)).toEqual([500, 429, 200]);
    expect(delivery?.attempts[0]?.response).toHaveLength(4096);
    // The first wait: 5 s with ±10 % jitter; the second: the Retry-After's 7 s.
    const first = planned.find((ms) => ms !== null && ms !== 7000) as number;
    expect(first).toBeGreaterThanOrEqual((RETRY_SCHEDULE_MS[0] as number) * 0.9);
    expect(first).toBeLessThanOrEqual((RETRY_SCHEDULE_MS[0] as number) * 1.1);
    expect(planned).toContain(7000);
  });

  it('retries a timeout, gives up after the schedule, and a 410 disables the endpoint at once', async () => {
    await setUp();
    const slow = await receiver(['hang']);
    const { id: slowId } = await subscribe(slow.url, ['ticket.created']);
    await createTicket(hd);
    await drainUntil(async () => (await deliveries(slowId))[0]?.state === 'delivered');
    expect((await deliveries(slowId))[0]?.attempts.map((a) => a.error ?? a.status)).toEqual(['timeout', 200]);
    await call('DELETE', `/webhooks/${slowId}`, admin);

    const failing = await receiver(Array.from({ length: 20 }, () => ({ status: 503 })));
    const { id: failingId } = await subscribe(failing.url, ['ticket.created']);
    await createTicket(hd);
    await drainUntil(async () => (await deliveries(failingId))[0]?.state === 'failed');
    expect((await deliveries(failingId))[0]?.attempts).toHaveLength(RETRY_SCHEDULE_MS.length + 1);
    await call('DELETE', `/webhooks/${failingId}`, admin);

    const gone = await receiver([{ status: 410 }]);
    const { id: goneId } = await subscribe(gone.url, ['ticket.created']);
    await createTicket(hd);
    await drainUntil(async () => (await deliveries(goneId))[0]?.state === 'failed');
    expect(gone.received).toHaveLength(1);
    expect((await call('GET', `/webhooks/${goneId}`, admin)).json()).toMatchObject({ enabled: false, disabled_reason: 'gone' });
    await createTicket(hd);
    await drainUntil(
      async () => (await hd.ctx.db.selectFrom('jobs').select('id').where('state', 'in', ['queued', 'running']).execute()).length === 0,
    );
    expect(await deliveries(goneId)).toHaveLength(1);
  });

  it('never sends a delivery unsigned: a secret the seed cannot open is logged and retried, and nothing reaches the receiver', async () => {
    await setUp();
    const r = await receiver();
    const { id } = await subscribe(r.url, ['ticket.created']);
    // Sealed under another seed (an instance started with a different one): this instance cannot open it.
    await hd.ctx.db
      .updateTable('webhook_subscriptions')
      .set({ secret: sealWebhookSecret('another-seed-entirely', newWebhookSecret()) })
      .where('id', '=', id)
      .execute();
    await createTicket(hd);
    await drainUntil(async () => ((await deliveries(id))[0]?.attempts.length ?? 0) >= 2);
    expect(r.received).toEqual([]);
    const [delivery] = await deliveries(id);
    expect(delivery?.state).toBe('pending');
    expect(delivery?.attempts.map((a) => [a.status, a.error])).toEqual([
      [null, 'secret_unreadable'],
      [null, 'secret_unreadable'],
    ]);
  });

  it('refuses to connect to an internal address once the allow-list no longer has it, without retrying', async () => {
    await setUp('localhost');
    const r = await receiver();
    // A name, so the refusal is the connection's own DNS lookup's (guardedLookup), after resolution.
    const { id } = await subscribe(r.url.replace('127.0.0.1', 'localhost'), ['ticket.created']);
    await updateSettings(hd.ctx, { tickets: { webhook_allowed_hosts: '' } });
    await createTicket(hd);
    await drainUntil(async () => (await deliveries(id))[0]?.state === 'failed');
    expect(r.received).toHaveLength(0);
    expect((await deliveries(id))[0]?.attempts.map((a) => a.error)).toEqual(['internal_address']);
  });

  it('after a rotation both secrets sign for a day; replay sends a delivery again with its webhook-id', async () => {
    await setUp();
    const r = await receiver();
    const { id, secret: old } = await subscribe(r.url, ['ticket.created']);
    const rotated = await call('POST', `/webhooks/${id}/rotate-secret`, admin);
    const { secret: next, previous_secret_until } = rotated.json() as { secret: string; previous_secret_until: string };
    expect(next).not.toBe(old);
    expect(previous_secret_until).not.toBeNull();
    await createTicket(hd);
    await drainUntil(() => r.received.length >= 1);
    const [request] = r.received;
    const headers = request?.headers as Record<string, string>;
    expect(headers['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(() => new Webhook(next).verify(request?.body ?? '', headers)).not.toThrow();
    expect(() => new Webhook(old).verify(request?.body ?? '', headers)).not.toThrow();

    const [delivery] = await deliveries(id);
    expect((await call('POST', `/webhooks/${id}/deliveries/${delivery?.id}/replay`, admin)).statusCode).toBe(202);
    await drainUntil(() => r.received.length >= 2);
    expect(r.received[1]?.headers['webhook-id']).toBe(headers['webhook-id']);
    expect((await call('POST', `/webhooks/${id}/deliveries/999999/replay`, admin)).statusCode).toBe(404);
  });

  it('housekeeping deletes settled deliveries after 30 days', async () => {
    await setUp();
    const r = await receiver();
    const { id } = await subscribe(r.url, ['ticket.created']);
    await createTicket(hd);
    await drainUntil(async () => (await deliveries(id))[0]?.state === 'delivered');
    await cleanUpExpired(hd.ctx, new Date(Date.now() + 29 * 86_400_000));
    expect(await deliveries(id)).toHaveLength(1);
    await cleanUpExpired(hd.ctx, new Date(Date.now() + 31 * 86_400_000));
    expect(await deliveries(id)).toHaveLength(0);
  });
  it('sends client.created for a new client, ticket.sla_warning and ticket.sla_breached, and satisfaction.rated', async () => {
    await setUp();
    const r = await receiver();
    const { secret } = await subscribe(r.url, ['client.created', 'ticket.sla_warning', 'ticket.sla_breached', 'satisfaction.rated']);
    const start = Date.parse('2026-12-07T10:00:00.000Z');
    hd.ctx.now = () => new Date(start);
    const policy = { name: 'Fast', targets: [{ urgency: null, first_reply: 60 }], warn_before_minutes: 15 };
    expect((await call('POST', '/sla-policies/', admin, policy)).statusCode).toBe(201);
    const ticket = await createTicket(hd, { email: 'new.client@example.com' });
    hd.ctx.now = () => new Date(start + 46 * 60_000);
    await fireSlaEvents(hd.ctx);
    hd.ctx.now = () => new Date(start + 61 * 60_000);
    await fireSlaEvents(hd.ctx);
    expect((await call('PATCH', `/tickets/${ticket.id}`, agent, { status: 'resolved' })).statusCode).toBe(200);
    const request = await hd.ctx.db.selectFrom('rating_requests').select('id').where('ticket_id', '=', ticket.id).executeTakeFirstOrThrow();
    const claim = {
      ticketId: ticket.id,
      rating: 'yes' as const,
      requestId: 'mail-1',
      expiresAt: Math.floor(Date.now() / 1000) + 3600,
      resolutionId: request.id,
    };
    expect(await recordRating(hd.ctx, claim, 'Thanks')).toMatchObject({ state: 'recorded' });
    await drainUntil(() => r.received.length >= 4);
    const verifier = new Webhook(secret);
    const events = r.received.map(
      (q) => verifier.verify(q.body, q.headers as Record<string, string>) as { type: string; data: Record<string, unknown> },
    );
    const byType = Object.fromEntries(events.map((e) => [e.type, e.data]));
    expect(Object.keys(byType).sort()).toEqual(['client.created', 'satisfaction.rated', 'ticket.sla_breached', 'ticket.sla_warning']);
    expect(byType['client.created']).toMatchObject({ client: { email: 'new.client@example.com' } });
    expect(byType['ticket.sla_warning']).toMatchObject({ ticket: { id: ticket.id }, metric: 'first_reply' });
    expect(byType['ticket.sla_breached']).toMatchObject({ ticket: { id: ticket.id }, metric: 'first_reply' });
    expect(byType['satisfaction.rated']).toMatchObject({ ticket: { id: ticket.id }, rating: { value: 'yes', comment: 'Thanks' } });
  });
  it('follows no redirect: a 3xx fails the delivery without a retry', async () => {
    await setUp();
    const target = await receiver();
    const r = await receiver([{ status: 307, headers: { location: target.url } }]);
    const { id } = await subscribe(r.url, ['ticket.created']);
    await createTicket(hd);
    await drainUntil(async () => (await deliveries(id))[0]?.state === 'failed');
    expect(target.received).toHaveLength(0);
    expect((await deliveries(id))[0]?.attempts.map((a) => a.status)).toEqual([307]);
  });
});
