import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createWorker } from '../jobs/worker.js';
import { updateSettings } from '../settings/settings.js';
import { relaxIntakeLimits, setRegistration, ticketPayload } from '../test/fixtures.js';
import { freePort, type SmtpSink, startSmtpSink } from '../test/smtp-sink.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';
import { createMailTransport } from './create-transport.js';
import { isVisitorTriggeredMail, mailboxKey } from './mail-throttle.js';

const settled = { timeout: 20_000, interval: 20 };

describe('which mails count, and as which mailbox', () => {
  it('counts only mails a visitor can cause: confirmations, sign-in links, access mails and bot replies', () => {
    expect(isVisitorTriggeredMail('client_ticket_created')).toBe(true);
    expect(isVisitorTriggeredMail('client_ticket_link')).toBe(true);
    expect(isVisitorTriggeredMail('client_access_request')).toBe(true);
    expect(isVisitorTriggeredMail('client_agent_reply', 'bot')).toBe(true);
    expect(isVisitorTriggeredMail('client_agent_reply', 'agent')).toBe(false);
    expect(isVisitorTriggeredMail('agent_ticket_created')).toBe(false);
    expect(isVisitorTriggeredMail('agent_client_reply')).toBe(false);
  });

  it('treats case, +tags and Gmail dots as the same mailbox', () => {
    expect(mailboxKey(' Victim+one@Example.org ')).toBe('victim@example.org');
    expect(mailboxKey('victim+two@example.org')).toBe('victim@example.org');
    expect(mailboxKey('v.i.c.t.i.m+x@gmail.com')).toBe('victim@gmail.com');
    expect(mailboxKey('v.ictim@example.org')).toBe('v.ictim@example.org');
  });
});

describeEachDatabase('mails to one address', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true });
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()?.();
  });
  beforeEach(async () => {
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    await relaxIntakeLimits(hd.ctx);
  });

  async function sink(port?: number): Promise<SmtpSink> {
    const s = await startSmtpSink({ port });
    cleanups.push(() => s.close());
    return s;
  }
  function startWorker(smtpUrl: string) {
    const transport = createMailTransport({ smtpUrl, dataDir: '' });
    // The app's counters: the worker's suppressions show in the admin's intake stats.
    const worker = createWorker(
      hd.ctx,
      hd.config,
      transport,
      { info: () => {}, warn: () => {} },
      { pollMs: 20, baseDelayMs: 20, maxDelayMs: 50, counters: hd.counters },
    );
    cleanups.push(() => transport.close());
    cleanups.push(() => worker.stop());
    worker.start();
  }
  const submitFrom = (ip: string, overrides: Record<string, unknown>) =>
    hd.app.inject({ method: 'POST', url: '/api/helpdesk/v1/tickets/', payload: ticketPayload(overrides), remoteAddress: ip });
  const jobs = () => hd.ctx.db.selectFrom('jobs').select(['kind', 'state', 'attempts', 'last_error', 'payload']).orderBy('id').execute();
  const allSettled = async () => (await jobs()).every((j) => j.state !== 'queued' && j.state !== 'running');
  const stats = async () => {
    const admin = await hd.authAs('admin');
    return (await hd.app.inject({ method: 'GET', url: '/api/helpdesk/v1/intake/stats', headers: admin })).json().refused;
  };

  it('mail-bombing one victim from many IPs: tickets are filed, one confirmation an hour reaches them, staff get every mail', async () => {
    await updateSettings(hd.ctx, { tickets: { limit_mail_hour: 2 } });
    const agent = await hd.authAs('agent');
    for (let i = 0; i < 6; i++) expect((await submitFrom(`192.0.2.${i + 1}`, { email: 'victim@client.test' })).statusCode).toBe(201);
    const smtp = await sink();
    startWorker(smtp.url);
    await expect.poll(allSettled, settled).toBe(true);

    // One confirmation, though the address's allowance (2) would let a second through.
    expect(smtp.messages.filter((m) => m.to.includes('victim@client.test'))).toHaveLength(1);
    expect(smtp.messages.filter((m) => m.to[0]?.endsWith('@staff.test'))).toHaveLength(6);
    const skipped = (await jobs()).filter((j) => j.state === 'skipped');
    expect(skipped).toHaveLength(5);
    for (const job of skipped) {
      expect(JSON.parse(job.payload).template).toBe('client_ticket_created');
      expect(job.last_error).toBe('Not sent: this address already got a new-ticket confirmation this hour.');
      expect(job.attempts).toBe(1);
    }
    expect(await stats()).toMatchObject({ limit_mail_confirmation: 5, limit_mail_address: 0 });

    // An agent's reply is never limited: the client still gets it.
    const ticketId = Number(JSON.parse((await jobs()).find((j) => j.kind === 'ticket_created')?.payload ?? '{}').ticketId);
    const reply = await hd.app.inject({
      method: 'POST',
      url: `/api/helpdesk/v1/tickets/${ticketId}/comments`,
      headers: agent,
      payload: { text: 'We are on it.' },
    });
    expect(reply.statusCode).toBe(201);
    await smtp.waitFor((m) => m.filter((x) => x.to.includes('victim@client.test')).length === 2, 'the agent reply');
    expect(smtp.messages.at(-1)?.text).toContain('We are on it.');
  });

  it('counts the auto responder’s bot replies with the confirmations they follow', async () => {
    await updateSettings(hd.ctx, { tickets: { limit_mail_hour: 3, auto_responder_enabled: true } });
    for (let i = 0; i < 3; i++) expect((await submitFrom(`192.0.2.${i + 1}`, { email: 'victim@client.test' })).statusCode).toBe(201);
    const smtp = await sink();
    startWorker(smtp.url);
    await expect.poll(async () => (await jobs()).filter((j) => j.kind === 'auto_respond').length, settled).toBe(3);
    await expect.poll(allSettled, settled).toBe(true);
    // Six visitor-caused mails (3 confirmations, 3 bot replies), three delivered.
    expect(smtp.messages.filter((m) => m.to.includes('victim@client.test'))).toHaveLength(3);
    expect((await jobs()).filter((j) => j.state === 'skipped')).toHaveLength(3);
  });

  it('counts a mail once however often SMTP failed before it went through', async () => {
    await updateSettings(hd.ctx, { tickets: { limit_mail_hour: 1 } });
    expect((await submitFrom('192.0.2.1', { email: 'patient@client.test' })).statusCode).toBe(201);
    const port = await freePort();
    startWorker(`smtp://127.0.0.1:${port}`);
    // Let the confirmation fail against the dead server a few times: each retry is the same mail.
    await expect.poll(async () => (await jobs()).find((j) => j.kind === 'mail')?.attempts ?? 0, settled).toBeGreaterThanOrEqual(3);
    const smtp = await sink(port);
    await smtp.waitFor((m) => m.some((x) => x.to.includes('patient@client.test')), 'the confirmation after the outage');
    await expect.poll(allSettled, settled).toBe(true);
    expect((await jobs()).filter((j) => j.state === 'skipped')).toEqual([]);
  });
});
