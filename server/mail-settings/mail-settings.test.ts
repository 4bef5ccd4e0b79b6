// Settings → Mail on both databases: saving (checks, the encrypted password, the audit entry), environment variables
// winning, the test mail against real local SMTP servers (good, wrong password, TLS refused, DNS, refused), the
// mailbox check against a real Dovecot (good, wrong password, no such folder), the per-admin limit, and the worker's
// transport picking up a save without a restart.
import { mkdtempSync, readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterEach, expect, it, vi } from 'vitest';
import { readOption } from '../domain/options.js';
import { addUser } from '../domain/people/add-user.js';
import { setPasswordByEmail } from '../domain/people/staff-users.js';
import { readImapStatus } from '../mail-inbound/imap-status.js';
import { type Dovecot, dovecotAvailable, startDovecot } from '../test/dovecot.js';
import { freePort } from '../test/smtp-sink.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { createTestHelpdesk } from '../test/test-helpdesk.js';
import { createLiveMailTransport } from './live-mail-transport.js';
import { createLiveMailboxReader } from './live-mailbox-reader.js';
import { MAIL_SERVERS_OPTION } from './stored-mail-servers.js';

const hasDovecot = dovecotAvailable();
const API = '/api/helpdesk/v1';

/** A real SMTP server on loopback that signs in one user (plain, no STARTTLS), keeping the recipients it took. */
async function startAuthSmtp(user: string, password: string) {
  const received: string[][] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === password) return callback(null, { user });
      callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        received.push(session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.server.address() as AddressInfo).port, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describeEachDatabase('Settings → Mail', (dialect) => {
  const open: Array<{ close(): Promise<void> } | { stop(): Promise<void> }> = [];
  afterEach(async () => {
    while (open.length) {
      const item = open.pop();
      if (item && 'close' in item) await item.close();
      else await item?.stop();
    }
  });
  const helpdesk = async () => {
    const hd = await createTestHelpdesk(dialect, { dataDir: mkdtempSync(join(tmpdir(), 'helpdesk-mailsettings-')) });
    open.push(hd);
    const admin = await hd.authAs('admin');
    const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
      hd.app.inject({ method, url: `${API}${url}`, headers: admin, ...(payload && { payload }) });
    return { hd, admin, call };
  };
  const smtpBody = (port: number, extra: object = {}) => ({
    host: '127.0.0.1',
    port,
    security: 'none',
    user: 'desk',
    password: 'right-pw',
    ...extra,
  });

  it('refuses bad input by field, saving nothing; stores the password encrypted, shows it only as set, audits it masked', async () => {
    const { hd, admin, call } = await helpdesk();
    const agent = await hd.authAs('agent');
    expect((await hd.app.inject({ method: 'GET', url: `${API}/settings/mail`, headers: agent })).statusCode).toBe(403);
    const bad = await call('PUT', '/settings/mail/smtp', { host: '', port: 70000, security: 'ssl', user: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toMatch(/^application\/problem\+json/);
    const fields = (bad.json().errors as Array<{ field: string }>).map((e) => e.field);
    expect(fields).toEqual(['host', 'port', 'security']);
    expect(bad.json().detail).toMatch(/mail\.example\.com/);
    expect(await readOption(hd.db.kysely, MAIL_SERVERS_OPTION)).toBeUndefined();
    expect((await call('PUT', '/settings/mail/smtp', smtpBody(2525, { host: 'smtp://x y' }))).statusCode).toBe(400);

    expect((await call('PUT', '/settings/mail/smtp', smtpBody(2525, { password: 'very-secret-pw' }))).statusCode).toBe(204);
    const shown = await call('GET', '/settings/mail');
    expect(shown.json().smtp).toEqual({
      host: '127.0.0.1',
      port: 2525,
      security: 'none',
      user: 'desk',
      password_set: true,
      source: 'settings',
      env_name: 'SMTP_URL',
    });
    expect(shown.json().imap.source).toBe('none');
    expect(shown.body).not.toContain('very-secret-pw');
    expect(JSON.stringify(await readOption(hd.db.kysely, MAIL_SERVERS_OPTION))).not.toContain('very-secret-pw');
    // Saved again without a password: the stored one is kept.
    expect((await call('PUT', '/settings/mail/smtp', { host: '127.0.0.1', port: 2526, security: 'none', user: 'desk' })).statusCode).toBe(
      204,
    );
    expect((await call('GET', '/settings/mail')).json().smtp).toMatchObject({ port: 2526, password_set: true });

    const audit = await hd.app.inject({ method: 'GET', url: `${API}/audit-log`, headers: admin });
    const text = audit.body;
    expect(text).toContain('mail.smtp.password');
    expect(text).toContain('mail.smtp.port');
    expect(text).not.toContain('very-secret-pw');
    expect(text).not.toContain('v1.');
  });

  it('sends the test mail through the saved server to the typed address; says auth, TLS, DNS and refused in a word', async () => {
    const { call } = await helpdesk();
    const smtp = await startAuthSmtp('desk', 'right-pw');
    open.push(smtp);
    expect((await call('POST', '/settings/mail/smtp/test', {})).json()).toEqual({ ok: false, failure: 'not_set', server_said: '' });
    await call('PUT', '/settings/mail/smtp', smtpBody(smtp.port));
    const good = await call('POST', '/settings/mail/smtp/test', { to: 'owner@example.test' });
    expect(good.json()).toEqual({ ok: true, sent_to: 'owner@example.test' });
    expect(smtp.received).toEqual([['owner@example.test']]);
    expect((await call('POST', '/settings/mail/smtp/test', { to: 'not an address' })).statusCode).toBe(400);

    const failure = async (body: object) => {
      expect((await call('PUT', '/settings/mail/smtp', body)).statusCode).toBe(204);
      const res = await call('POST', '/settings/mail/smtp/test', {});
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('wrong-pw');
      return res.json() as { ok: boolean; failure: string; server_said: string };
    };
    expect((await failure(smtpBody(smtp.port, { password: 'wrong-pw' }))).failure).toBe('auth');
    expect((await failure(smtpBody(smtp.port, { password: 'right-pw', security: 'starttls' }))).failure).toBe('tls');
    expect((await failure(smtpBody(smtp.port, { security: 'tls' }))).failure).toBe('tls');
    expect((await failure(smtpBody(25, { host: 'mail.helpdesk-test.invalid' }))).failure).toBe('dns');
    expect((await failure(smtpBody(await freePort()))).failure).toBe('refused');
  });

  it('shows an environment variable as the source and refuses saving over it', async () => {
    const { hd, call } = await helpdesk();
    hd.config.smtpUrl = 'smtps://envuser:env-pw@smtp.example.test:465';
    const shown = (await call('GET', '/settings/mail')).json();
    expect(shown.smtp).toEqual({
      host: 'smtp.example.test',
      port: 465,
      security: 'tls',
      user: 'envuser',
      password_set: true,
      source: 'env',
      env_name: 'SMTP_URL',
    });
    expect(JSON.stringify(shown)).not.toContain('env-pw');
    const refused = await call('PUT', '/settings/mail/smtp', smtpBody(25));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toContain('SMTP_URL');
  });

  it('a signed-in browser saves only with its CSRF token', async () => {
    const { hd } = await helpdesk();
    await addUser(hd.ctx, { email: 'owner@staff.test', name: 'Owner', role: 'admin' });
    await setPasswordByEmail(hd.ctx, 'owner@staff.test', 'correct horse battery');
    const first = await hd.app.inject({ method: 'GET', url: `${API}/me` });
    const csrf = first.cookies.find((c) => c.name === 'hd_csrf')?.value as string;
    const signedIn = await hd.app.inject({
      method: 'POST',
      url: `${API}/session`,
      headers: { cookie: `hd_csrf=${csrf}`, 'x-csrf-token': first.json().csrf_token },
      payload: { email: 'owner@staff.test', password: 'correct horse battery' },
    });
    const session = signedIn.cookies.find((c) => c.name === 'hd_session')?.value as string;
    const cookie = `hd_csrf=${signedIn.cookies.find((c) => c.name === 'hd_csrf')?.value ?? csrf}; hd_session=${session}`;
    const put = (headers: Record<string, string>) =>
      hd.app.inject({ method: 'PUT', url: `${API}/settings/mail/smtp`, headers, payload: smtpBody(2525) });
    expect((await put({ cookie })).statusCode).toBe(403);
    expect(await readOption(hd.db.kysely, MAIL_SERVERS_OPTION)).toBeUndefined();
    expect((await put({ cookie, 'x-csrf-token': signedIn.json().csrf_token })).statusCode).toBe(204);
  });

  it('limits the checks to 10 a quarter-hour per admin', async () => {
    const { call } = await helpdesk();
    for (let i = 0; i < 10; i++) expect((await call('POST', '/settings/mail/imap/check')).statusCode).toBe(200);
    const limited = await call('POST', '/settings/mail/smtp/test', {});
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('900');
  });

  it("the worker's transport writes files until a server is saved, then sends through it without a restart", async () => {
    const { hd, call } = await helpdesk();
    const smtp = await startAuthSmtp('desk', 'right-pw');
    open.push(smtp);
    const transport = createLiveMailTransport(hd.ctx, hd.config);
    open.push({ close: async () => transport.close() });
    const mail = (to: string) => ({
      from: { name: 'Desk', address: 'desk@help.test' },
      to,
      subject: 'Hi',
      text: 'Hi',
      html: '',
      messageId: `<${to}>`,
      automatic: true,
    });
    expect((await transport.send(mail('first@example.test'))).file).toBeTruthy();
    expect(readdirSync(join(hd.config.dataDir, 'mail'))).toHaveLength(1);
    await call('PUT', '/settings/mail/smtp', smtpBody(smtp.port));
    await transport.send(mail('second@example.test'));
    expect(smtp.received).toEqual([['second@example.test']]);
  });

  it('checks the mailbox on a real Dovecot: the count, a wrong password, a missing folder', async ({ skip }) => {
    if (!hasDovecot) return skip();
    const { call } = await helpdesk();
    const dovecot: Dovecot = await startDovecot();
    open.push(dovecot);
    const mailbox = { host: '127.0.0.1', port: dovecot.port, security: 'none', user: dovecot.user, folder: 'INBOX' };
    await call('PUT', '/settings/mail/imap', { ...mailbox, password: dovecot.password });
    expect((await call('POST', '/settings/mail/imap/check')).json()).toEqual({ ok: true, folder: 'INBOX', messages: 0 });
    await call('PUT', '/settings/mail/imap', { ...mailbox, folder: 'Nowhere' });
    expect((await call('POST', '/settings/mail/imap/check')).json()).toMatchObject({ ok: false, failure: 'folder' });
    await call('PUT', '/settings/mail/imap', { ...mailbox, password: 'wrong-pw' });
    const wrong = await call('POST', '/settings/mail/imap/check');
    expect(wrong.json()).toMatchObject({ ok: false, failure: 'auth' });
    expect(wrong.body).not.toContain('wrong-pw');
    const status = await call('GET', '/mail/inbound/status');
    expect(status.json()).toMatchObject({ imap_configured: true, mailbox: `imap://${dovecot.user}@127.0.0.1:${dovecot.port}/INBOX` });
  });

  it("the worker's mailbox reader starts reading a mailbox saved in the browser, and stops when it is removed, without a restart", async ({
    skip,
  }) => {
    if (!hasDovecot) return skip();
    const { hd, call } = await helpdesk();
    const dovecot = await startDovecot();
    open.push(dovecot);
    const quiet = { info: () => {}, warn: () => {} };
    const reader = createLiveMailboxReader({ ctx: hd.ctx, config: hd.config, counters: hd.counters }, hd.config, quiet);
    reader.start();
    open.push(reader);
    const body = {
      host: '127.0.0.1',
      port: dovecot.port,
      security: 'none',
      user: dovecot.user,
      folder: 'INBOX',
      password: dovecot.password,
    };
    expect((await call('PUT', '/settings/mail/imap', body)).statusCode).toBe(204);
    const where = `imap://${dovecot.user}@127.0.0.1:${dovecot.port}/INBOX`;
    await vi.waitFor(
      async () => {
        const status = await readImapStatus(hd.db.kysely);
        expect(status).toMatchObject({ mailbox: where, lastError: null });
        expect(status.lastCheckAt).not.toBeNull();
      },
      { timeout: 20_000, interval: 100 },
    );
    expect((await call('DELETE', '/settings/mail/imap')).statusCode).toBe(204);
    expect((await call('GET', '/mail/inbound/status')).json()).toMatchObject({ imap_configured: false });
  });
});
