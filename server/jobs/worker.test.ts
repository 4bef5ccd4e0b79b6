import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailTransport, type MailTransport } from '../email/create-transport.js';
import { setRegistration, ticketPayload } from '../test/fixtures.js';
import { freePort, linkIn, type SmtpSink, startSilentServer, startSmtpSink } from '../test/smtp-sink.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';
import { canMountTmpfs, mountSmallDisk } from '../test/tmpfs.js';
import { backoffDelay } from './queue.js';
import { createWorker, type Worker, type WorkerLog } from './worker.js';

const quiet = { info: () => {}, warn: () => {} };
const fast = { pollMs: 20, baseDelayMs: 20, maxDelayMs: 100 };

describeEachDatabase('mail worker', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true, homeUrl: 'https://help.example.com/support' });
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()?.();
  });

  async function sink(options: Parameters<typeof startSmtpSink>[0] = {}): Promise<SmtpSink> {
    const s = await startSmtpSink(options);
    cleanups.push(() => s.close());
    return s;
  }
  function worker(transport: MailTransport, log: WorkerLog = quiet, options = {}): Worker {
    const w = createWorker(hd.ctx, hd.config, transport, log, { ...fast, ...options });
    cleanups.push(() => transport.close());
    cleanups.push(() => w.stop());
    w.start();
    return w;
  }
  async function submit(overrides: Record<string, unknown> = {}) {
    const res = await hd.app.inject({ method: 'POST', url: '/support/api/helpdesk/v1/tickets/', payload: ticketPayload(overrides) });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: number; number: number };
  }
  async function jobStates() {
    return hd.ctx.db.selectFrom('jobs').select(['kind', 'state', 'attempts', 'last_error']).orderBy('id').execute();
  }

  it('sends the client a confirmation with a one-time link built from the home URL, and each agent a new-ticket mail', async () => {
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    await hd.authAs('agent');
    const smtp = await sink();
    const { id, number } = await submit({ name: 'Ann Client', email: 'ann@client.test', subject: 'Export fails' });
    worker(createMailTransport({ smtpUrl: smtp.url, dataDir: '' }));
    await smtp.waitFor((m) => m.length === 2, 'two mails');

    const confirmation = smtp.messages.find((m) => m.to.includes('ann@client.test'));
    expect(confirmation?.subject).toBe(`Export fails [#${number}]`);
    expect(confirmation?.headers['auto-submitted']).toBe('auto-generated');
    expect(confirmation?.messageId).toMatch(/^<mail-\d+\.[0-9a-f]{20}@help\.example\.com>$/);
    expect(confirmation?.text).toContain('Hello Ann Client');
    const link = linkIn(confirmation as never);
    expect(link).toMatch(/^https:\/\/help\.example\.com\/support\/login\/ticket\/\?token=[\w-]{43}$/);
    expect(confirmation?.html).toContain(`<a href="${link}" style=`);
    // Only the token's hash is stored.
    const token = new URL(link).searchParams.get('token') as string;
    const stored = await hd.ctx.db
      .selectFrom('login_tokens')
      .select(['token_hash', 'user_id', 'ticket_id'])
      .where('purpose', '=', 'ticket_link')
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).not.toContain(token);
    expect(stored[0]?.ticket_id).toBe(id);

    const agentMail = smtp.messages.find((m) => m.to[0]?.endsWith('@staff.test'));
    expect(agentMail?.subject).toBe(`Export fails [#${number}]`);
    expect(agentMail?.text).not.toContain('token=');
    expect(agentMail?.headers.references).toBe(`<ticket-${id}@help.example.com>`);
    expect(confirmation?.headers.references).toBe(`<ticket-${id}@help.example.com>`);
    await expect.poll(async () => (await jobStates()).every((j) => j.state === 'done'), { timeout: 20_000, interval: 20 }).toBe(true);
  });

  async function acceptFrom(smtp: SmtpSink): Promise<SmtpSink> {
    smtp.accept();
    return smtp;
  }
  // Each outage lasts until every mail has failed at least once; then the server is back.
  const outages = {
    'down (connection refused)': async () => {
      const port = await freePort();
      return { url: `smtp://127.0.0.1:${port}`, recover: () => sink({ port }) };
    },
    'hanging (accepts, never greets)': async () => {
      const silent = await startSilentServer();
      cleanups.push(() => silent.close());
      return {
        url: `smtp://127.0.0.1:${silent.port}`,
        recover: async () => {
          await silent.close();
          return sink({ port: silent.port });
        },
      };
    },
    'refusing at the greeting (421)': async () => {
      const smtp = await sink({ temporaryFailure: 'greeting-421' });
      return { url: smtp.url, recover: () => acceptFrom(smtp) };
    },
    'refusing the message (451 after DATA)': async () => {
      const smtp = await sink({ temporaryFailure: 'data-451' });
      return { url: smtp.url, recover: () => acceptFrom(smtp) };
    },
  } satisfies Record<string, () => Promise<{ url: string; recover(): Promise<SmtpSink> }>>;

  it.each(Object.keys(outages) as Array<keyof typeof outages>)(
    'keeps the mail of ten submissions while SMTP is %s and delivers each once when it is back',
    async (kind) => {
      await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
      const outage = await outages[kind]();
      for (let i = 0; i < 10; i += 1) await submit();
      // Short SMTP timeouts, so a server that never answers fails each attempt quickly instead of
      // holding the worker (nodemailer's own greeting timeout is 30 s, its socket timeout 10 min).
      worker(createMailTransport({ smtpUrl: outage.url, dataDir: '', timeouts: { connectionMs: 1000, greetingMs: 200, socketMs: 1000 } }));
      // Wait until every mail has failed at least once against the broken server.
      await expect
        .poll(async () => (await jobStates()).filter((j) => j.kind === 'mail' && j.attempts >= 1 && j.last_error).length, {
          timeout: 20_000,
          interval: 20,
        })
        .toBe(10);
      expect((await jobStates()).filter((j) => j.state === 'failed')).toEqual([]);

      const smtp = await outage.recover();
      await smtp.waitFor((m) => m.length >= 10, 'ten confirmations');
      await expect.poll(async () => (await jobStates()).every((j) => j.state === 'done'), { timeout: 20_000, interval: 20 }).toBe(true);
      expect(smtp.messages).toHaveLength(10);
      expect(new Set(smtp.messages.map((m) => m.messageId)).size).toBe(10);
      expect(new Set(smtp.messages.map((m) => m.to[0])).size).toBe(10);
    },
  );

  it('ends a permanently rejected mail as a visible failed row and still sends the others', async () => {
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    const smtp = await sink({ rejectRecipients: (address) => address.startsWith('bounce') });
    await submit({ email: 'bounce@client.test' });
    await submit({ email: 'fine@client.test' });
    worker(createMailTransport({ smtpUrl: smtp.url, dataDir: '' }));
    await smtp.waitFor((m) => m.some((x) => x.to.includes('fine@client.test')));
    await expect
      .poll(async () => (await jobStates()).filter((j) => j.state === 'failed').length, { timeout: 20_000, interval: 20 })
      .toBe(1);
    const failed = (await jobStates()).find((j) => j.state === 'failed');
    expect(failed).toMatchObject({ kind: 'mail', attempts: 1 });
    expect(failed?.last_error).toMatch(/550/);
  });

  it('keeps names, subjects and descriptions inert in the mail HTML', async () => {
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    await hd.authAs('agent');
    const smtp = await sink();
    const xss = '<img src=x onerror=alert(1)>"&';
    await submit({ name: `Eve ${xss}`, subject: `Hi ${xss}`, description: `Body ${xss}` });
    worker(createMailTransport({ smtpUrl: smtp.url, dataDir: '' }));
    await smtp.waitFor((m) => m.length === 2);
    for (const mail of smtp.messages) {
      expect(mail.html).not.toContain('<img');
      expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;&quot;&amp;');
    }
    // The agents' mail carries the description as text.
    expect(smtp.messages.find((m) => m.to[0]?.endsWith('@staff.test'))?.text).toContain(`Body ${xss}`);
  });

  it('writes .eml files under the data folder without SMTP, logging where but not the link', async () => {
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    const dataDir = mkdtempSync(join(tmpdir(), 'helpdesk-mail-'));
    const lines: string[] = [];
    await submit({ subject: 'File me' });
    worker(createMailTransport({ smtpUrl: null, dataDir }), {
      info: (m: string) => void lines.push(m),
      warn: (m: string) => void lines.push(m),
    });
    await expect.poll(() => lines.length, { timeout: 20_000, interval: 20 }).toBe(1);
    const files = readdirSync(join(dataDir, 'mail'));
    expect(files).toHaveLength(1);
    const eml = readFileSync(join(dataDir, 'mail', files[0] as string), 'utf8');
    expect(eml).toMatch(/^Auto-Submitted: auto-generated$/m);
    expect(eml).toContain('/login/ticket/?token=');
    expect(lines[0]).toContain(join(dataDir, 'mail', files[0] as string));
    expect(lines[0]).toContain('File me');
    expect(lines[0]).not.toContain('token');
  });

  it.skipIf(!canMountTmpfs())(
    'retries an .eml mail that meets a full disk, leaves no partial file, and writes it once when space is back',
    async () => {
      await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
      const disk = mountSmallDisk(4);
      cleanups.push(() => disk.unmount());
      mkdirSync(join(disk.dir, 'mail'));
      await submit({ subject: 'Disk full' });
      disk.fill();
      worker(createMailTransport({ smtpUrl: null, dataDir: disk.dir }));
      await expect
        .poll(async () => (await jobStates()).find((j) => j.kind === 'mail' && j.attempts >= 2)?.last_error, {
          timeout: 20_000,
          interval: 20,
        })
        .toMatch(/ENOSPC/);
      expect((await jobStates()).find((j) => j.kind === 'mail')?.state).not.toBe('failed');
      expect(readdirSync(join(disk.dir, 'mail'))).toEqual([]);

      disk.free();
      await expect.poll(async () => (await jobStates()).every((j) => j.state === 'done'), { timeout: 20_000, interval: 20 }).toBe(true);
      const files = readdirSync(join(disk.dir, 'mail'));
      expect(files).toHaveLength(1);
      const eml = readFileSync(join(disk.dir, 'mail', files[0] as string), 'utf8');
      expect(eml).toMatch(/^Subject: .*Disk full/m);
      // The whole message: the multipart body is closed.
      expect(eml.trimEnd()).toMatch(/--\r?$|--$/);
    },
  );

  it('with maxAttempts set, a job that keeps failing ends as failed after that many attempts', async () => {
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    await submit();
    worker(createMailTransport({ smtpUrl: `smtp://127.0.0.1:${await freePort()}`, dataDir: '' }), quiet, { maxAttempts: 2 });
    await expect
      .poll(async () => (await jobStates()).find((j) => j.kind === 'mail')?.state, { timeout: 20_000, interval: 20 })
      .toBe('failed');
    expect((await jobStates()).find((j) => j.kind === 'mail')?.attempts).toBe(2);
  });

  it('two workers sharing the queue send every mail once', async () => {
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    const smtp = await sink();
    for (let i = 0; i < 12; i += 1) await submit();
    const a = createWorker(hd.ctx, hd.config, createMailTransport({ smtpUrl: smtp.url, dataDir: '' }), quiet, { ...fast, batchSize: 2 });
    const b = createWorker(hd.ctx, hd.config, createMailTransport({ smtpUrl: smtp.url, dataDir: '' }), quiet, { ...fast, batchSize: 2 });
    for (;;) {
      const [x, y] = await Promise.all([a.runOnce(), b.runOnce()]);
      if (x + y === 0) break;
    }
    expect(smtp.messages).toHaveLength(12);
    expect(new Set(smtp.messages.map((m) => m.messageId)).size).toBe(12);
  });
});

describe('backoff', () => {
  it('doubles per attempt from the base, capped, with at most 20% jitter', () => {
    expect(backoffDelay(1, 1000, 60_000)).toBeGreaterThanOrEqual(1000);
    expect(backoffDelay(1, 1000, 60_000)).toBeLessThanOrEqual(1200);
    expect(backoffDelay(4, 1000, 60_000)).toBeGreaterThanOrEqual(8000);
    expect(backoffDelay(30, 1000, 60_000)).toBeLessThanOrEqual(72_000);
    expect(backoffDelay(30, 1000, 60_000)).toBeGreaterThanOrEqual(60_000);
  });
});

describeEachDatabase('housekeeping', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  it('deletes expired sessions, long-expired links, old rate-limit hits, done jobs, incoming-mail records; keeps failed jobs', async () => {
    const user = await hd.ctx.db
      .insertInto('users')
      .values({ email: 'h@k.test', name: 'H', role: 'client', password_hash: null, created_at: '2026-01-01', updated_at: '2026-01-01' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const now = new Date('2026-06-01T00:00:00Z');
    const ago = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
    await hd.ctx.db
      .insertInto('sessions')
      .values([
        { token_hash: 'old', user_id: user.id, created_at: ago(40), expires_at: ago(1) },
        { token_hash: 'live', user_id: user.id, created_at: ago(1), expires_at: ago(-29) },
      ])
      .execute();
    await hd.ctx.db
      .insertInto('login_tokens')
      .values([
        { user_id: user.id, purpose: 'ticket_link', token_hash: 'ancient', expires_at: ago(31), used_at: null, created_at: ago(38) },
        { user_id: user.id, purpose: 'ticket_link', token_hash: 'recent', expires_at: ago(2), used_at: null, created_at: ago(9) },
      ])
      .execute();
    await hd.ctx.db
      .insertInto('rate_limit_hits')
      .values([
        { bucket: 'b', created_at: ago(2) },
        { bucket: 'b', created_at: ago(0.5) },
      ])
      .execute();
    const job = (state: 'done' | 'failed' | 'skipped', days: number) => ({
      kind: 'mail',
      payload: '{}',
      state,
      attempts: 1,
      run_at: ago(days),
      last_error: null,
      created_at: ago(days),
    });
    await hd.ctx.db
      .insertInto('jobs')
      .values([job('done', 31), job('done', 1), job('failed', 90), job('skipped', 31)])
      .execute();
    const mail = (outcome: 'imported' | 'ignored' | 'rejected', days: number) => ({
      message_id: `<${outcome}-${days}@client.test>`,
      sender: 'c@client.test',
      subject: 'Hi',
      outcome,
      reason: null,
      ticket_id: null,
      comment_id: null,
      raw: null,
      source: 'pipe' as const,
      created_at: ago(days),
    });
    await hd.ctx.db
      .insertInto('inbound_mails')
      .values([mail('imported', 91), mail('imported', 89), mail('ignored', 91), mail('rejected', 91), mail('rejected', 181)])
      .execute();

    const { cleanUpExpired } = await import('./housekeeping.js');
    await cleanUpExpired(hd.ctx, now);
    const mails = await hd.ctx.db.selectFrom('inbound_mails').select('message_id').orderBy('id').execute();
    expect(mails.map((m) => m.message_id)).toEqual(['<imported-89@client.test>', '<rejected-91@client.test>']);
    expect((await hd.ctx.db.selectFrom('sessions').select('token_hash').execute()).map((r) => r.token_hash)).toEqual(['live']);
    expect((await hd.ctx.db.selectFrom('login_tokens').select('token_hash').execute()).map((r) => r.token_hash)).toEqual(['recent']);
    expect(await hd.ctx.db.selectFrom('rate_limit_hits').selectAll().execute()).toHaveLength(1);
    expect((await hd.ctx.db.selectFrom('jobs').select('state').orderBy('id').execute()).map((r) => r.state)).toEqual(['done', 'failed']);
  });

  it('deletes the widget events and empty searches older than the Deflection report’s longest window and a day', async () => {
    const now = new Date('2026-06-01T00:00:00Z');
    const ago = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
    const { cleanUpExpired, WIDGET_EVENTS_KEPT_DAYS } = await import('./housekeeping.js');
    expect(WIDGET_EVENTS_KEPT_DAYS).toBeGreaterThan(365);
    const event = (session: string, days: number) => ({ session, event: 'opened', doc_id: 0, ticket_id: null, created_at: ago(days) });
    await hd.ctx.db
      .insertInto('widget_events')
      .values([event('old', WIDGET_EVENTS_KEPT_DAYS + 1), event('year', 365), event('new', 1)])
      .execute();
    await hd.ctx.db
      .insertInto('widget_empty_searches')
      .values([
        { session: 'old', query: 'refund', created_at: ago(WIDGET_EVENTS_KEPT_DAYS + 1) },
        { session: 'year', query: 'refund', created_at: ago(365) },
      ])
      .execute();
    await cleanUpExpired(hd.ctx, now);
    const sessions = (await hd.ctx.db.selectFrom('widget_events').select('session').orderBy('session').execute()).map((r) => r.session);
    expect(sessions).toEqual(['new', 'year']);
    expect((await hd.ctx.db.selectFrom('widget_empty_searches').select('session').execute()).map((r) => r.session)).toEqual(['year']);
  });
});
