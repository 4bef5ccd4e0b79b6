import { afterEach, beforeEach, expect, it } from 'vitest';
import { addUser } from '../../../domain/people/add-user.js';
import { createMailTransport } from '../../../email/create-transport.js';
import { createWorker } from '../../../jobs/worker.js';
import { updateSettings } from '../../../settings/settings.js';
import { countRows, relaxIntakeLimits, setRegistration, ticketPayload } from '../../../test/fixtures.js';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

const URL_TICKETS = '/api/helpdesk/v1/tickets/';
const settled = { timeout: 20_000, interval: 20 };

describeEachDatabase("privacy option: don't reveal whether an email has an account", (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true, homeUrl: 'https://help.example.com' });
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()?.();
  });
  beforeEach(async () => {
    // Account creation is off: an unknown address cannot get a ticket.
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: false });
    await relaxIntakeLimits(hd.ctx);
  });

  const hide = (on: boolean) => updateSettings(hd.ctx, { tickets: { hide_account_existence: on } });
  const post = (payload: object, headers: Record<string, string> = {}) =>
    hd.app.inject({ method: 'POST', url: URL_TICKETS, payload, headers });
  const jobs = () => hd.ctx.db.selectFrom('jobs').select(['kind', 'state', 'payload', 'last_error']).orderBy('id').execute();
  async function deliverAll(): Promise<SmtpSink> {
    const smtp = await startSmtpSink();
    const transport = createMailTransport({ smtpUrl: smtp.url, dataDir: '' });
    const worker = createWorker(hd.ctx, hd.config, transport, { info: () => {}, warn: () => {} }, { pollMs: 20, counters: hd.counters });
    cleanups.push(
      () => smtp.close(),
      () => transport.close(),
      () => worker.stop(),
    );
    worker.start();
    await expect.poll(async () => (await jobs()).every((j) => j.state !== 'queued' && j.state !== 'running'), settled).toBe(true);
    return smtp;
  }
  const addClient = (email: string) => addUser(hd.ctx, { email, name: 'Known Client', role: 'client' });

  it('on: an unknown address gets 202, nothing is stored but one outbox job, and it is mailed how to get access', async () => {
    await hide(true);
    const before = await countRows(hd.ctx);
    const res = await post(
      ticketPayload({ email: 'Stranger@Client.test', subject: 'Visit evil.example now', description: 'Click http://evil.example' }),
    );
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ received: true });
    expect(await countRows(hd.ctx)).toEqual({ ...before, jobs: (before.jobs ?? 0) + 1 });

    const smtp = await deliverAll();
    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.messages[0];
    expect(mail?.to).toEqual(['stranger@client.test']);
    expect(mail?.subject).toBe('Your request to Helpdesk');
    expect(mail?.text).toMatch(/ask the owners of Helpdesk for an account:\r?\nhttps:\/\/help\.example\.com\/\r?\n/);
    // Nothing the visitor typed but the address reaches the mail, and there is no sign-in link.
    expect(mail?.text).not.toMatch(/evil|token=/);
    expect(mail?.html).toContain('<a href="https://help.example.com/" style="color:#1d4ed8">https://help.example.com/</a>');
    expect(await countRows(hd.ctx)).toMatchObject({ users: before.users, posts: before.posts });
  });

  it('on: repeated submissions for one unknown address still answer 202, and the access mails are rate-limited per address', async () => {
    await hide(true);
    await updateSettings(hd.ctx, { tickets: { limit_mail_hour: 1 } });
    for (let i = 0; i < 3; i++) {
      const res = await post(ticketPayload({ email: 'stranger@client.test' }));
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ received: true });
    }
    const smtp = await deliverAll();
    expect(smtp.messages).toHaveLength(1);
    // A claimed batch's jobs run together: which of the three takes the one mail of the hour is a race.
    expect((await jobs()).map((j) => j.state).sort()).toEqual(['done', 'skipped', 'skipped']);
  });

  it('on: a known address gets the very same 202 answer, and its ticket is filed and confirmed', async () => {
    await hide(true);
    await addClient('known@client.test');
    const before = await countRows(hd.ctx);
    const known = await post(ticketPayload({ email: 'known@client.test', subject: 'Export fails' }));
    const unknown = await post(ticketPayload({ email: 'nobody@client.test' }));
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    expect(known.headers['content-type']).toBe(unknown.headers['content-type']);
    expect(await countRows(hd.ctx)).toMatchObject({ users: before.users, posts: (before.posts ?? 0) + 1 });
    const smtp = await deliverAll();
    expect(smtp.messages.find((m) => m.to.includes('known@client.test'))?.subject).toMatch(/^Export fails \[#\d+\]$/);
    expect(smtp.messages.find((m) => m.to.includes('nobody@client.test'))?.subject).toBe('Your request to Helpdesk');
  });

  it('on: the per-email submission limit answers known and unknown addresses alike (its 429 reveals nothing)', async () => {
    await hide(true);
    await updateSettings(hd.ctx, { tickets: { limit_email_hour: 1 } });
    await addClient('known@client.test');
    const answers = [];
    for (const email of ['known@client.test', 'nobody@client.test']) {
      for (let i = 0; i < 2; i++) answers.push(`${email}: ${(await post(ticketPayload({ email }))).statusCode}`);
    }
    expect(answers).toEqual(['known@client.test: 202', 'known@client.test: 429', 'nobody@client.test: 202', 'nobody@client.test: 429']);
  });

  it('on: agents filing for clients still get the ticket id', async () => {
    await hide(true);
    await addClient('known@client.test');
    const agent = await hd.authAs('agent');
    const res = await post(ticketPayload({ email: 'known@client.test' }), agent);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ id: expect.any(Number), number: expect.any(Number), status: 'open' });
  });

  it('off: an unknown address gets the 403 and nothing is mailed', async () => {
    await hide(false);
    const before = await countRows(hd.ctx);
    const res = await post(ticketPayload({ email: 'stranger@client.test' }));
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('REGISTRATION_CLOSED');
    expect(await countRows(hd.ctx)).toEqual(before);
    expect(await jobs()).toEqual([]);
  });
});
