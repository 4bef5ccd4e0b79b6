// Slack destinations (issue 39 part 5): a subscription that posts Slack's incoming-webhook message instead of the
// signed envelope, for ticket.created and ticket.sla_breached only, its user text escaped, through the same retries
// and delivery log; against a real local receiver.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { fireSlaEvents } from '../domain/tickets/fire-sla-events.js';
import { createMailTransport } from '../email/create-transport.js';
import { createWorker, type Worker } from '../jobs/worker.js';
import { updateSettings } from '../settings/settings.js';
import { createRule, createTicket } from '../test/factories.js';
import { relaxIntakeLimits, setRegistration } from '../test/fixtures.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';
import type { SlackMessage } from './slack-message.js';
import { type ReceiverAnswer, startReceiver, type TestReceiver } from './test-receiver.js';

type Headers = Record<string, string>;
const quiet = { info: () => {}, warn: () => {} };

describeEachDatabase('webhooks to Slack', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true, homeUrl: 'https://help.acme.test' });
  let admin: Headers;
  let worker: Worker;
  const cleanups: Array<() => Promise<void> | void> = [];
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    hd.app.inject({ method, url: `/api/helpdesk/v1${url}`, headers: admin, payload });

  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()?.();
  });

  async function setUp(answers: ReceiverAnswer[] = []): Promise<TestReceiver> {
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: true, createAccounts: true });
    // The local receiver stands in for hooks.slack.com, which is public and passes the address guard as it is.
    await updateSettings(hd.ctx, { tickets: { webhook_allowed_hosts: '127.0.0.1' } });
    admin = await hd.authAs('admin');
    const transport = createMailTransport({ smtpUrl: null, dataDir: mkdtempSync(join(tmpdir(), 'hd-slack-')) });
    worker = createWorker(hd.ctx, hd.config, transport, quiet, { webhooks: { retryDelay: () => 0, timeoutMs: 300 } });
    cleanups.push(() => transport.close());
    const r = await startReceiver(answers);
    cleanups.push(() => r.close());
    return r;
  }
  async function drainUntil(done: () => boolean) {
    for (let round = 0; round < 50; round++) {
      if (done()) return;
      await worker.runOnce();
    }
    throw new Error('The condition never held.');
  }
  async function subscribeSlack(url: string, events = ['ticket.created']) {
    const res = await call('POST', '/webhooks/', { url, events, destination: 'slack', description: 'Support channel' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; destination: string };
  }

  it('a subscription is standard unless it says slack, and reads back as it was saved', async () => {
    const r = await setUp();
    const standard = await call('POST', '/webhooks/', { url: r.url, events: ['ticket.updated'] });
    expect(standard.json()).toMatchObject({ destination: 'standard' });
    const slack = await subscribeSlack(r.url, ['ticket.created', 'ticket.sla_breached']);
    expect(slack.destination).toBe('slack');
    expect((await call('GET', `/webhooks/${slack.id}`)).json()).toMatchObject({ destination: 'slack' });
    const replaced = await call('PUT', `/webhooks/${slack.id}`, { url: r.url, events: ['comment.created'], destination: 'standard' });
    expect(replaced.json()).toMatchObject({ destination: 'standard', events: ['comment.created'] });
  });

  it('refuses an event Slack is not sent, naming the event’s field, and saves nothing', async () => {
    const r = await setUp();
    const res = await call('POST', '/webhooks/', { url: r.url, events: ['ticket.created', 'ticket.updated'], destination: 'slack' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors?.map((e: { field: string }) => e.field)).toEqual(['events.1']);
    expect((await call('GET', '/webhooks/')).json()).toEqual([]);
  });

  it('posts Slack’s message for a new ticket: number linking to the admin app, subject, urgency, status and client, unsigned', async () => {
    const r = await setUp();
    const { id } = await subscribeSlack(r.url);
    const high = await hd.ctx.db
      .selectFrom('terms')
      .select('id')
      .where('taxonomy', '=', 'ticket_urgency')
      .where('slug', '=', 'high')
      .executeTakeFirstOrThrow();
    const ticket = await createTicket(hd, { subject: 'Printer jammed', name: 'Casey Client', urgency: high.id });
    await drainUntil(() => r.received.length >= 1);
    const [request] = r.received;
    expect(request?.headers['webhook-signature']).toBeUndefined();
    expect(request?.headers['content-type']).toBe('application/json');
    const body = JSON.parse(request?.body ?? '') as SlackMessage;
    const link = `<https://help.acme.test/admin/tickets/${ticket.number}|#${ticket.number}>`;
    expect(body.text).toBe(`*New ticket ${link}:* Printer jammed`);
    expect(body.blocks).toEqual([
      { type: 'section', text: { type: 'mrkdwn', text: body.text } },
      { type: 'context', elements: [{ type: 'mrkdwn', text: 'Urgency: High · Status: Open · Client: Casey Client' }] },
    ]);
    const log = (await call('GET', `/webhooks/${id}/deliveries/`)).json() as Array<{ type: string; state: string; attempts: unknown[] }>;
    expect(log).toMatchObject([{ type: 'ticket.created', state: 'delivered', attempts: [{ status: 200 }] }]);
  });

  it('escapes &, < and > in a subject and a name, so they can neither link nor mention anyone', async () => {
    const r = await setUp();
    await subscribeSlack(r.url);
    await createTicket(hd, { subject: 'Help <!channel> & <https://evil.test|click>', name: 'Eve <@U123>' });
    await drainUntil(() => r.received.length >= 1);
    const body = JSON.parse(r.received[0]?.body ?? '') as SlackMessage;
    expect(body.text).toContain(':* Help &lt;!channel&gt; &amp; &lt;https://evil.test|click&gt;');
    expect(JSON.stringify(body.blocks)).toContain('Client: Eve &lt;@U123&gt;');
    expect(JSON.stringify(body)).not.toMatch(/<!channel>|<@U123>|<https:\/\/evil/);
  });

  it('posts an overdue ticket’s message for ticket.sla_breached naming the target missed', async () => {
    const r = await setUp();
    await subscribeSlack(r.url, ['ticket.sla_breached']);
    const start = Date.parse('2026-12-07T10:00:00.000Z');
    hd.ctx.now = () => new Date(start);
    const policy = { name: 'Fast', targets: [{ urgency: null, first_reply: 60 }], warn_before_minutes: 15 };
    expect((await call('POST', '/sla-policies/', policy)).statusCode).toBe(201);
    const ticket = await createTicket(hd, { subject: 'Still waiting' });
    hd.ctx.now = () => new Date(start + 61 * 60_000);
    await fireSlaEvents(hd.ctx);
    await drainUntil(() => r.received.length >= 1);
    const body = JSON.parse(r.received[0]?.body ?? '') as SlackMessage;
    expect(body.text).toBe(
      `*Overdue <https://help.acme.test/admin/tickets/${ticket.number}|#${ticket.number}>* (first reply target missed): Still waiting`,
    );
  });

  it('posts a rule’s “call a webhook” action as a line naming the rule, its name escaped', async () => {
    const r = await setUp();
    const { id } = await subscribeSlack(r.url);
    await createRule(hd, { name: 'Enterprise <!here>', trigger: 'ticket.created', actions: [{ type: 'webhook', webhook_id: id }] });
    const ticket = await createTicket(hd, { subject: 'Invoice missing' });
    const link = `<https://help.acme.test/admin/tickets/${ticket.number}|#${ticket.number}>`;
    await drainUntil(() => r.received.some((request) => request.body.includes('acted on')));
    const texts = r.received.map((request) => (JSON.parse(request.body) as SlackMessage).text);
    expect(texts).toContain(`*Enterprise &lt;!here&gt;* acted on ${link}: Invoice missing`);
  });

  it('retries Slack’s 500 on the usual schedule and logs each attempt with Slack’s answer', async () => {
    const r = await setUp([{ status: 500, body: 'invalid_payload' }]);
    const { id } = await subscribeSlack(r.url);
    await createTicket(hd);
    await drainUntil(() => r.received.length >= 2);
    await drainUntil(() => r.received.length >= 2);
    const [delivery] = (await call('GET', `/webhooks/${id}/deliveries/`)).json() as Array<{
      state: string;
      attempts: Array<{ status: number; response: string }>;
    }>;
    expect(delivery?.state).toBe('delivered');
    expect(delivery?.attempts.map((a) => [a.status, a.response])).toEqual([
      [500, 'invalid_payload'],
      [200, 'ok'],
    ]);
    expect(r.received[0]?.body).toBe(r.received[1]?.body);
  });
});
