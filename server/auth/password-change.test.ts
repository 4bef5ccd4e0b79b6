import { afterEach, beforeEach, expect, it } from 'vitest';
import { createApiToken } from '../domain/people/api-tokens.js';
import { issueFirstAdminLink } from '../domain/people/first-admin.js';
import { setPasswordByEmail } from '../domain/people/staff-users.js';
import { updateSettings } from '../settings/settings.js';
import { accountLinkIn, choosePassword } from '../test/account-links.js';
import { createUser, signInToApi, signInToSite } from '../test/factories.js';
import { type MailDelivery, startMailDelivery } from '../test/mail-delivery.js';
import { csrfIn, SiteClient } from '../test/site-client.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';
import { MAIL_REQUESTS_PER_ADDRESS, MAIL_REQUESTS_PER_NETWORK } from './mail-request-limits.js';
import { createSession, findSessionUser } from './sessions.js';

const settled = { timeout: 20_000, interval: 20 };

describeEachDatabase('password changes, "Forgot password?" and the first-admin claim', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true });
  let delivery: MailDelivery;
  beforeEach(async () => {
    await updateSettings(hd.ctx, { login: { method: 'both' } });
    delivery = await startMailDelivery(hd);
  });
  afterEach(async () => {
    await delivery.stop();
  });

  const accountWithPassword = (email: string, role: 'client' | 'agent' | 'admin', password: string) =>
    createUser(hd, role, { email, name: `The ${role}`, password });
  const isLive = async (token: string) => (await findSessionUser(hd.ctx.db, token)) !== null;
  const queueSettled = () =>
    expect
      .poll(
        async () =>
          (await hd.ctx.db.selectFrom('jobs').select('state').execute()).every((j) => j.state !== 'queued' && j.state !== 'running'),
        settled,
      )
      .toBe(true);

  /** The admin app's staff sign-in (POST /session with the CSRF header): its status. */
  const staffSignIn = async (email: string, password: string) => (await signInToApi(hd, email, password)).statusCode;
  const clientSignIn = async (email: string, password: string) =>
    (await signInToSite(hd, email, password)).browser.cookies.has('hd_session');
  async function forgot(email: string, remoteAddress = '127.0.0.1') {
    const page = await hd.app.inject({ method: 'GET', url: '/login/forgot/', remoteAddress });
    const cookie = page.cookies.find((c) => c.name === 'hd_csrf')?.value ?? '';
    return hd.app.inject({
      method: 'POST',
      url: '/login/forgot/',
      remoteAddress,
      headers: { cookie: `hd_csrf=${cookie}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ _csrf: csrfIn(page.body), email }).toString(),
    });
  }

  it(
    'the login form links "Forgot password?"; a client resets by the mailed ' +
      'link, every old session ends, the old password stops working',
    async () => {
      expect((await new SiteClient(hd.app).get('/login/')).body).toContain('href="http://help.test/login/forgot/"');
      const user = await accountWithPassword('cleo@client.test', 'client', 'old client password');
      const sessions = [await createSession(hd.ctx.db, user.id), await createSession(hd.ctx.db, user.id)];

      const known = await forgot('Cleo@client.test');
      const unknown = await forgot('nobody@client.test');
      expect([known.statusCode, known.headers.location]).toEqual([303, 'http://help.test/login/forgot/?notice=reset_sent']);
      expect([unknown.statusCode, unknown.headers.location]).toEqual([known.statusCode, known.headers.location]);
      expect((await new SiteClient(hd.app).get('/login/forgot/?notice=reset_sent')).body).toContain(
        'If an account exists for that address',
      );

      const [mail] = await delivery.mailsTo('cleo@client.test');
      expect(mail?.subject).toBe('Choose a new password for Helpdesk');
      const link = accountLinkIn(mail?.text ?? '', hd.config.homeUrl);
      const browser = new SiteClient(hd.app);
      expect((await browser.get(link)).body).toContain('Choose a new password');
      expect((await browser.get(link)).statusCode).toBe(200);
      expect(await Promise.all(sessions.map(isLive))).toEqual([true, true]);
      const done = await choosePassword(browser, link, 'new client password');
      expect(done.headers.location).toBe('http://help.test/tickets/');
      expect(await Promise.all(sessions.map(isLive))).toEqual([false, false]);
      expect((await browser.get('/tickets/')).body).toContain('Sign out (<bdi>The client</bdi>)');
      expect(await clientSignIn('cleo@client.test', 'old client password')).toBe(false);
      expect(await clientSignIn('cleo@client.test', 'new client password')).toBe(true);
      expect((await choosePassword(new SiteClient(hd.app), link, 'third password!')).statusCode).toBe(410);
      await queueSettled();
      expect(delivery.smtp.messages.flatMap((m) => m.to)).toEqual(['cleo@client.test']);
    },
  );

  it('an agent resets by the mailed link and lands in the admin app; the staff sign-in takes the new password only', async () => {
    await accountWithPassword('ada@staff.test', 'agent', 'old agent password');
    expect((await forgot('ada@staff.test')).statusCode).toBe(303);
    const link = accountLinkIn((await delivery.mailsTo('ada@staff.test'))[0]?.text ?? '', hd.config.homeUrl);
    const done = await choosePassword(new SiteClient(hd.app), link, 'new agent password');
    expect(done.headers.location).toBe('http://help.test/admin/');
    expect(await staffSignIn('ada@staff.test', 'old agent password')).toBe(401);
    expect(await staffSignIn('ada@staff.test', 'new agent password')).toBe(200);
  });

  it(
    `"Forgot password?" is limited: ${MAIL_REQUESTS_PER_ADDRESS} mails per ` +
      `mailbox an hour (same answer beyond), ${MAIL_REQUESTS_PER_NETWORK} ` +
      `requests per network, then a 429 page`,
    async () => {
      await accountWithPassword('rex@client.test', 'client', 'rex password!!');
      for (let i = 0; i < MAIL_REQUESTS_PER_ADDRESS + 2; i += 1)
        expect((await forgot('rex@client.test', `10.1.0.${i + 1}`)).headers.location).toContain('notice=reset_sent');
      for (let i = 0; i < MAIL_REQUESTS_PER_NETWORK; i += 1)
        expect((await forgot(`n${i}@client.test`, `2001:db8:9:9::${i + 1}`)).statusCode).toBe(303);
      const limited = await forgot('rex@client.test', '2001:db8:9:9:abcd::1');
      expect(limited.statusCode).toBe(429);
      expect(limited.body).toContain('Too many requests for mails came from your network');
      await queueSettled();
      expect(delivery.smtp.messages).toHaveLength(MAIL_REQUESTS_PER_ADDRESS);
    },
  );

  it('a refused new password names the field and leaves the link usable', async () => {
    await accountWithPassword('pia@client.test', 'client', 'pia password!!');
    await forgot('pia@client.test');
    const link = accountLinkIn((await delivery.mailsTo('pia@client.test'))[0]?.text ?? '', hd.config.homeUrl);
    const short = await choosePassword(new SiteClient(hd.app), link, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('Password: must be at least 10 characters');
    const long = await choosePassword(new SiteClient(hd.app), link, 'x'.repeat(250));
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('Password: must be at most 200 characters');
    expect((await choosePassword(new SiteClient(hd.app), link, 'pia new password')).statusCode).toBe(303);
  });

  it(
    "an admin's PATCH /users/{id} password ends that user's sessions; " + "changing their own keeps only the admin's current session",
    async () => {
      const agent = await accountWithPassword('al@staff.test', 'agent', 'agent password!');
      const agentSession = await createSession(hd.ctx.db, agent.id);
      const admin = await accountWithPassword('root@staff.test', 'admin', 'admin password!');
      const bearer = { authorization: `Bearer ${await createApiToken(hd.ctx.db, admin.id, 'test')}` };
      const patched = await hd.app.inject({
        method: 'PATCH',
        url: `/api/helpdesk/v1/users/${agent.id}`,
        headers: bearer,
        payload: { password: 'set by the admin' },
      });
      expect(patched.statusCode).toBe(200);
      expect(await isLive(agentSession)).toBe(false);

      // The admin signs in in two browsers and changes their own password in the first.
      const elsewhere = await createSession(hd.ctx.db, admin.id);
      const me = await hd.app.inject({ method: 'GET', url: '/api/helpdesk/v1/me' });
      const csrfCookie = me.cookies.find((c) => c.name === 'hd_csrf')?.value;
      const signIn = await hd.app.inject({
        method: 'POST',
        url: '/api/helpdesk/v1/session',
        headers: { cookie: `hd_csrf=${csrfCookie}`, 'x-csrf-token': (me.json() as { csrf_token: string }).csrf_token },
        payload: { email: 'root@staff.test', password: 'admin password!' },
      });
      const session = signIn.cookies.find((c) => c.name === 'hd_session')?.value as string;
      const csrf = signIn.cookies.find((c) => c.name === 'hd_csrf')?.value as string;
      const own = await hd.app.inject({
        method: 'PATCH',
        url: `/api/helpdesk/v1/users/${admin.id}`,
        headers: { cookie: `hd_session=${session}; hd_csrf=${csrf}`, 'x-csrf-token': (signIn.json() as { csrf_token: string }).csrf_token },
        payload: { password: 'admin new password' },
      });
      expect(own.statusCode).toBe(200);
      expect(await isLive(session)).toBe(true);
      expect(await isLive(elsewhere)).toBe(false);
    },
  );

  it('the CLI password command (setPasswordByEmail) ends every session of the account', async () => {
    const user = await accountWithPassword('cy@staff.test', 'agent', 'agent password!');
    const session = await createSession(hd.ctx.db, user.id);
    await setPasswordByEmail(hd.ctx, 'cy@staff.test', 'from the command line');
    expect(await isLive(session)).toBe(false);
  });

  it(
    "claiming the first-admin link with an existing account's email needs a " + 'password, replaces the old one and ends its sessions',
    async () => {
      const user = await accountWithPassword('owner@site.test', 'client', 'old owner password');
      const oldSession = await createSession(hd.ctx.db, user.id);
      const link = (await issueFirstAdminLink(hd.ctx, hd.config.homeUrl)) as string;
      const token = new URL(link).searchParams.get('token') as string;
      expect((await hd.app.inject({ method: 'GET', url: `/login/first-admin/?token=${token}` })).body).toContain('name="password"');

      const without = await hd.app.inject({
        method: 'POST',
        url: '/login/first-admin/',
        payload: { token, name: 'Owner', email: 'owner@site.test' },
      });
      expect(without.statusCode).toBe(400);
      expect(without.body).toContain('Password: choose one of 10 to 200 characters.');
      expect((await hd.app.inject({ method: 'GET', url: `/login/first-admin/?token=${token}` })).statusCode).toBe(200);

      const claimed = await hd.app.inject({
        method: 'POST',
        url: '/login/first-admin/',
        payload: { token, name: 'Owner', email: 'Owner@site.test', password: 'new owner password' },
      });
      expect(claimed.statusCode).toBe(200);
      expect(await isLive(oldSession)).toBe(false);
      expect(await isLive(claimed.cookies.find((c) => c.name === 'hd_session')?.value as string)).toBe(true);
      expect(await staffSignIn('owner@site.test', 'old owner password')).toBe(401);
      expect(await staffSignIn('owner@site.test', 'new owner password')).toBe(200);
    },
  );
});
