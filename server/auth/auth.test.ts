import { beforeEach, expect, it } from 'vitest';
import { addUser } from '../domain/people/add-user.js';
import { resolveUser } from '../domain/people/find-or-create-client.js';
import { setPasswordByEmail } from '../domain/people/staff-users.js';
import { updateSettings } from '../settings/settings.js';
import { accountLinkIn, choosePassword } from '../test/account-links.js';
import { setRegistration } from '../test/fixtures.js';
import { memoryMail, SiteClient } from '../test/site-client.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';
import { login, signUp } from './auth.js';

describeEachDatabase('sign-in methods and the registration gate', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true });
  let mail: ReturnType<typeof memoryMail>;
  beforeEach(() => {
    mail = memoryMail(hd);
  });
  const users = async () => (await hd.ctx.db.selectFrom('users').select('email').execute()).map((u) => u.email);
  const closeByFilter = () => hd.hooks.addFilter('helpdesk_can_register_users', 'test/closed', () => false);

  it('email-link method: the login page offers a link and no password; a known address gets a link mail', async () => {
    await setRegistration(hd.ctx, { anyoneCanRegister: true, createAccounts: false });
    const browser = new SiteClient(hd.app);
    const page = await browser.get('/login/');
    expect(page.body).toContain('Email me a link');
    expect(page.body).not.toContain('type="password"');
    expect(page.body).toContain('Create account');
    const res = await browser.submit('/login/', '/login/link/', { email: 'New@Client.test' });
    expect(res.headers.location).toBe('http://help.test/login/?notice=link_sent');
    await mail.drain();
    expect(mail.sent.map((m) => m.to)).toEqual(['new@client.test']);
    expect(mail.sent[0]?.subject).toBe('Your link to Helpdesk');
  });

  it('login(): an unknown address gets no account when helpdesk_can_register_users returns false, and the answer is the same', async () => {
    await setRegistration(hd.ctx, { anyoneCanRegister: true, createAccounts: true });
    closeByFilter();
    expect(await login(hd.ctx, { email: 'ghost@client.test', ip: '192.0.2.1' })).toEqual({ kind: 'link_sent' });
    expect(await users()).toEqual([]);
    await mail.drain();
    expect(mail.sent).toEqual([]);
  });

  it('the user lookup (resolveUser) creates no account when helpdesk_can_register_users returns false', async () => {
    await setRegistration(hd.ctx, { anyoneCanRegister: true, createAccounts: true });
    closeByFilter();
    await expect(resolveUser(hd.ctx, { email: 'ghost@client.test', name: 'G' })).rejects.toMatchObject({ code: 'REGISTRATION_CLOSED' });
    expect(await users()).toEqual([]);
  });

  it('signUp(): refused when helpdesk_can_register_users returns false, with either method', async () => {
    await setRegistration(hd.ctx, { anyoneCanRegister: true, createAccounts: true });
    closeByFilter();
    await expect(signUp(hd.ctx, { name: 'G', email: 'g@client.test' })).rejects.toMatchObject({ code: 'REGISTRATION_CLOSED' });
    await updateSettings(hd.ctx, { login: { method: 'password' } });
    await expect(signUp(hd.ctx, { name: 'G', email: 'g@client.test' })).rejects.toMatchObject({ code: 'REGISTRATION_CLOSED' });
    const browser = new SiteClient(hd.app);
    const res = await browser.submit('/login/', '/signup/', { name: 'G', email: 'g@client.test', password: 'long enough pw' });
    expect(res.headers.location).toContain('notice=registration_closed');
    expect(await users()).toEqual([]);
  });

  it(
    'the login form view hides the sign-up panel when ' + 'helpdesk_can_register_users returns false (and when both settings are ' + 'off)',
    async () => {
      const browser = new SiteClient(hd.app);
      expect((await browser.get('/login/')).body).not.toContain('Create account');
      await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
      expect((await browser.get('/login/')).body).toContain('Create account');
      closeByFilter();
      expect((await browser.get('/login/')).body).not.toContain('Create account');
    },
  );

  it(
    'password method: sign-up only mails a link; the link sets the ' +
      'password; a wrong password is refused, the right one signs in; links ' +
      'are not offered',
    async () => {
      await setRegistration(hd.ctx, { anyoneCanRegister: true, createAccounts: false });
      await updateSettings(hd.ctx, { login: { method: 'password' } });
      const browser = new SiteClient(hd.app);
      const page = await browser.get('/login/');
      expect(page.body).not.toContain('Email me a link');
      expect(page.body).toContain('Forgot password?');
      const signup = await browser.submit('/login/', '/signup/', {
        name: 'Pat',
        email: 'pat@client.test',
        password: 'correct horse battery',
      });
      expect(signup.headers.location).toBe('http://help.test/login/?notice=check_mail');
      expect(browser.cookies.has('hd_session')).toBe(false);
      expect(await users()).toEqual([]);
      await mail.drain();
      const link = accountLinkIn(mail.sent[0]?.text ?? '', hd.config.homeUrl);
      const weak = await choosePassword(browser, link, 'short');
      expect(weak.statusCode).toBe(400);
      expect(weak.body).toContain('Password: must be at least 10 characters');
      const done = await choosePassword(browser, link, 'correct horse battery');
      expect(done.headers.location).toBe('http://help.test/tickets/');
      expect((await browser.get('/tickets/')).body).toContain('Sign out (<bdi>Pat</bdi>)');
      const stored = await hd.ctx.db.selectFrom('users').select('password_hash').executeTakeFirstOrThrow();
      expect(stored.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
      expect(stored.password_hash).not.toContain('correct horse');

      const other = new SiteClient(hd.app);
      const wrong = await other.submit('/login/', '/login/', { email: 'pat@client.test', password: 'wrong password!' });
      expect(wrong.headers.location).toContain('notice=bad_login');
      expect(other.cookies.has('hd_session')).toBe(false);
      const right = await other.submit('/login/', '/login/', {
        email: 'PAT@client.test',
        password: 'correct horse battery',
        return_to: '/tickets/new/',
      });
      expect(right.headers.location).toBe('http://help.test/tickets/new/');
      expect(other.cookies.has('hd_session')).toBe(true);
      const linkLogin = await other.submit('/login/', '/login/link/', { email: 'pat@client.test' });
      expect(linkLogin.headers.location).toContain('notice=bad_login');
    },
  );

  it('return_to never leaves the help site', async () => {
    await updateSettings(hd.ctx, { login: { method: 'both' } });
    await addUser(hd.ctx, { email: 'q@client.test', name: 'Q', role: 'client' });
    await setPasswordByEmail(hd.ctx, 'q@client.test', 'long enough pw');
    for (const target of [
      '//evil.test/x',
      'https://evil.test/',
      '/\\evil.test',
      '/tickets/../..//evil.test',
      '/%2F%2Fevil.test',
      '/\t/evil.test',
    ]) {
      const browser = new SiteClient(hd.app);
      const res = await browser.submit('/login/', '/login/', { email: 'q@client.test', password: 'long enough pw', return_to: target });
      expect(res.headers.location).toBe('http://help.test/tickets/');
    }
  });

  it('every form post needs the CSRF token', async () => {
    const browser = new SiteClient(hd.app);
    await browser.get('/login/');
    for (const action of [
      '/login/',
      '/login/link/',
      '/signup/',
      '/logout/',
      '/login/ticket/',
      '/login/fresh-link/',
      '/account/reply/',
      '/account/new-ticket/',
    ]) {
      const res = await browser.post(action, { email: 'x@client.test', _csrf: 'forged' });
      expect(res.statusCode, action).toBe(403);
      expect(res.body).toContain('This form has expired');
    }
  });
});
