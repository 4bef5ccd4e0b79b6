import { expect, it } from 'vitest';
import { LINK_MAILS_PER_HOUR, LINK_REQUESTS_PER_ADDRESS_HOUR } from '../auth/auth.js';
import { GUESSES_PER_ADDRESS } from '../auth/guess-limits.js';
import { ACCOUNT_CEILING, FREE_PASSWORD_TRIES } from '../auth/password-guesses.js';
import { now } from '../domain/context.js';
import { addUser } from '../domain/people/add-user.js';
import { setPasswordByEmail } from '../domain/people/staff-users.js';
import { updateSettings } from '../settings/settings.js';
import { relaxIntakeLimits, setRegistration, ticketPayload } from '../test/fixtures.js';
import { csrfIn, SiteClient } from '../test/site-client.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';

// Nobody can lock someone else out (password guesses per account and address), every per-address
// limit counts an IPv6 /64 as one address and an IPv4-mapped address as its IPv4, and per-email
// limits count one mailbox however it is spelt.

const API = '/api/helpdesk/v1';

describeEachDatabase('limits per address and per mailbox that cannot lock out the owner', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true });

  /** Posts a help-site form from `remoteAddress`, with a CSRF token from the login page. */
  async function postForm(path: string, form: Record<string, string>, remoteAddress: string) {
    const browser = new SiteClient(hd.app);
    const csrf = csrfIn((await browser.get('/login/')).body);
    const res = await hd.app.inject({
      method: 'POST',
      url: path,
      remoteAddress,
      headers: {
        cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({ _csrf: csrf, ...form }).toString(),
    });
    return res;
  }
  const noticeOf = (res: { headers: Record<string, unknown> }) =>
    new URL(String(res.headers.location), 'http://x').searchParams.get('notice');

  it("guesses from elsewhere never refuse the owner's right password from the owner's address (help site)", async () => {
    await updateSettings(hd.ctx, { login: { method: 'password' } });
    await addUser(hd.ctx, { email: 'owner@client.test', name: 'Owner', role: 'client' });
    await setPasswordByEmail(hd.ctx, 'owner@client.test', 'the right password');
    const signIn = (password: string, ip: string) =>
      postForm('/login/', { email: 'owner@client.test', password, return_to: '/tickets/' }, ip);

    const guesser = '203.0.113.60';
    for (let i = 0; i < FREE_PASSWORD_TRIES; i += 1) expect(noticeOf(await signIn('a wrong guess', guesser))).toBe('bad_login');
    // Fresh rows: the first wait (1 s) has certainly not passed, whatever the machine's speed.
    await hd.ctx.db.updateTable('rate_limit_hits').set({ created_at: now() }).where('bucket', 'like', 'password-pair:%').execute();
    const slowed = await signIn('the right password', guesser);
    expect(slowed.statusCode).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(slowed.body).toContain('Too many attempts. Wait a few seconds and try again.');

    // A distributed guesser has used the account's whole ceiling too.
    const time = now();
    await hd.ctx.db
      .insertInto('rate_limit_hits')
      .values(Array.from({ length: ACCOUNT_CEILING }, () => ({ bucket: 'password-account:owner@client.test', created_at: time })))
      .execute();
    const owner = await signIn('the right password', '198.51.100.60');
    expect(owner.statusCode).toBe(303);
    expect(owner.headers.location).toBe('http://help.test/tickets/');
    expect(owner.cookies.find((c) => c.name === 'hd_session')).toBeDefined();
  });

  it("guesses from elsewhere never refuse a staff member's right password from their own address (admin app sign-in)", async () => {
    await addUser(hd.ctx, { email: 'agent.owner@staff.test', name: 'Agent', role: 'agent' });
    await setPasswordByEmail(hd.ctx, 'agent.owner@staff.test', 'the right password');
    const signIn = async (password: string, remoteAddress: string) => {
      const me = await hd.app.inject({ method: 'GET', url: `${API}/me` });
      const csrf = me.cookies.find((c) => c.name === 'hd_csrf')?.value;
      return hd.app.inject({
        method: 'POST',
        url: `${API}/session`,
        remoteAddress,
        headers: { cookie: `hd_csrf=${csrf}`, 'x-csrf-token': (me.json() as { csrf_token: string }).csrf_token },
        payload: { email: 'agent.owner@staff.test', password },
      });
    };
    for (let i = 0; i < FREE_PASSWORD_TRIES; i += 1) expect((await signIn('a wrong guess', '2001:db8:66:1::1')).statusCode).toBe(401);
    await hd.ctx.db.updateTable('rate_limit_hits').set({ created_at: now() }).where('bucket', 'like', 'password-pair:%').execute();
    // Another address in the same /64 is the same guesser.
    const slowed = await signIn('the right password', '2001:db8:66:1::2');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.headers['retry-after']).toBeDefined();
    expect(slowed.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await signIn('the right password', '2001:db8:66:2::1')).statusCode).toBe(200);
  });

  it("the classic settings sign-in: a guesser gets a 429 page in plain words, the owner's address still signs in", async () => {
    await addUser(hd.ctx, { email: 'admin.owner@staff.test', name: 'Admin', role: 'admin' });
    await setPasswordByEmail(hd.ctx, 'admin.owner@staff.test', 'the right password');
    const path = '/admin/settings/classic/';
    const signIn = async (password: string, remoteAddress: string) => {
      const browser = new SiteClient(hd.app);
      const csrf = csrfIn((await browser.get(path)).body);
      return hd.app.inject({
        method: 'POST',
        url: `${path}sign-in`,
        remoteAddress,
        headers: {
          cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: new URLSearchParams({ _csrf: csrf, email: 'admin.owner@staff.test', password }).toString(),
      });
    };
    for (let i = 0; i < FREE_PASSWORD_TRIES; i += 1) expect((await signIn('a wrong guess', '203.0.113.61')).statusCode).toBe(401);
    await hd.ctx.db.updateTable('rate_limit_hits').set({ created_at: now() }).where('bucket', 'like', 'password-pair:%').execute();
    const slowed = await signIn('the right password', '203.0.113.61');
    expect(slowed.statusCode).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(slowed.body).toMatch(/Too many attempts\. Wait \d+ seconds? and try again\./);
    expect((await signIn('the right password', '198.51.100.61')).statusCode).toBe(303);
  });

  it('intake: rotating addresses within one IPv6 /64 hits the per-address limit; IPv4-mapped counts as IPv4', async () => {
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    await relaxIntakeLimits(hd.ctx);
    await updateSettings(hd.ctx, { tickets: { limit_ip_hour: 3 } });
    const file = async (remoteAddress: string) =>
      (await hd.app.inject({ method: 'POST', url: `${API}/tickets/`, payload: ticketPayload(), remoteAddress })).statusCode;
    const rotating = [];
    for (let i = 1; i <= 5; i += 1) rotating.push(await file(`2001:db8:5:6:${i}::${i}`));
    expect(rotating).toEqual([201, 201, 201, 429, 429]);
    expect(await file('2001:db8:5:7::1')).toBe(201);

    const mapped = [await file('192.0.2.80'), await file('::ffff:192.0.2.80'), await file('::ffff:c000:250'), await file('192.0.2.80')];
    expect(mapped).toEqual([201, 201, 201, 429]);
  });

  it('link confirmations: rotating addresses within one IPv6 /64 hits the per-address limit', async () => {
    const confirm = (i: number, ip: string) => postForm('/login/ticket/', { token: `${'r'.repeat(40)}${i}` }, ip);
    for (let i = 0; i < GUESSES_PER_ADDRESS.token; i += 1) expect((await confirm(i, `2001:db8:aa:1::${i + 1}`)).statusCode).toBe(404);
    expect((await confirm(99, '2001:db8:aa:1:ffff::1')).statusCode).toBe(429);
    expect((await confirm(99, '2001:db8:aa:2::1')).statusCode).toBe(404);
  });

  it('sign-in link requests: limited per address (an IPv6 /64), whatever the mailboxes', async () => {
    const ask = (email: string, ip: string) => postForm('/login/link/', { email }, ip);
    for (let i = 0; i < LINK_REQUESTS_PER_ADDRESS_HOUR; i += 1)
      expect(noticeOf(await ask(`person${i}@client.test`, `2001:db8:9:1::${i + 1}`))).toBe('link_sent');
    expect(noticeOf(await ask('one-more@client.test', '2001:db8:9:1:abcd::1'))).toBe('rate_limited');
    expect(noticeOf(await ask('one-more@client.test', '2001:db8:9:2::1'))).toBe('link_sent');
  });

  it('per-email limits count +tags and the dots and googlemail.com of Gmail as one mailbox (link requests and intake)', async () => {
    const ask = (email: string, i: number) => postForm('/login/link/', { email }, `198.51.100.${100 + i}`);
    const tagged = ['ann+1@example.com', 'ANN+2@example.com', 'ann@example.com', 'ann+3@example.com'];
    const gmail = ['j.o.doe@gmail.com', 'jodoe@googlemail.com', 'jo.doe+x@gmail.com', 'jodoe@gmail.com'];
    for (const spellings of [tagged, gmail]) {
      const notices = [];
      for (const [i, email] of spellings.entries()) notices.push(noticeOf(await ask(email, i)));
      expect(notices).toEqual([...Array(LINK_MAILS_PER_HOUR).fill('link_sent'), 'rate_limited']);
    }

    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    await relaxIntakeLimits(hd.ctx);
    await updateSettings(hd.ctx, { tickets: { limit_email_hour: 2 } });
    const file = async (email: string) =>
      (await hd.app.inject({ method: 'POST', url: `${API}/tickets/`, payload: ticketPayload({ email }) })).statusCode;
    expect([await file('bo+1@example.com'), await file('Bo+2@example.com'), await file('bo@example.com')]).toEqual([201, 201, 429]);
    expect([await file('b.o.b@gmail.com'), await file('bob@googlemail.com'), await file('bo.b+z@gmail.com')]).toEqual([201, 201, 429]);
  });
});
