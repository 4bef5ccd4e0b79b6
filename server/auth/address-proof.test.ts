import { afterEach, beforeEach, expect, it } from 'vitest';
import { addUser } from '../domain/people/add-user.js';
import { setPasswordByEmail } from '../domain/people/staff-users.js';
import { cleanUpExpired } from '../jobs/housekeeping.js';
import { updateSettings } from '../settings/settings.js';
import { accountLinkIn, choosePassword } from '../test/account-links.js';
import { relaxIntakeLimits, setRegistration, ticketPayload } from '../test/fixtures.js';
import { type MailDelivery, startMailDelivery } from '../test/mail-delivery.js';
import { csrfIn, SiteClient } from '../test/site-client.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';
import { MAIL_REQUESTS_PER_ADDRESS, MAIL_REQUESTS_PER_NETWORK } from './mail-request-limits.js';
import { issuePasswordResetLink } from './password-reset-links.js';

const settled = { timeout: 20_000, interval: 20 };

describeEachDatabase('sign-up proves the address before any account exists', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true });
  let delivery: MailDelivery;
  beforeEach(async () => {
    await setRegistration(hd.ctx, { anyoneCanRegister: true, createAccounts: true });
    await updateSettings(hd.ctx, { login: { method: 'password' } });
    await relaxIntakeLimits(hd.ctx);
    delivery = await startMailDelivery(hd);
  });
  afterEach(async () => {
    await delivery.stop();
  });

  const users = () => hd.ctx.db.selectFrom('users').select(['email', 'name', 'password_hash']).orderBy('id').execute();
  const queueSettled = () =>
    expect
      .poll(
        async () =>
          (await hd.ctx.db.selectFrom('jobs').select('state').execute()).every((j) => j.state !== 'queued' && j.state !== 'running'),
        settled,
      )
      .toBe(true);

  /** A form post from `remoteAddress` with a CSRF token from `pagePath`, as a browser there would send it. */
  async function postFrom(remoteAddress: string, action: string, form: Record<string, string>, pagePath = '/login/') {
    const page = await hd.app.inject({ method: 'GET', url: pagePath, remoteAddress });
    const cookie = page.cookies.find((c) => c.name === 'hd_csrf')?.value ?? '';
    return hd.app.inject({
      method: 'POST',
      url: action,
      remoteAddress,
      headers: { cookie: `hd_csrf=${cookie}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ _csrf: csrfIn(page.body), ...form }).toString(),
    });
  }

  it(
    "pre-hijack: an attacker's sign-up with the victim's address holds " +
      "nothing; the victim's widget ticket is theirs once they confirm",
    async () => {
      const victim = `victim-${dialect}@client.test`;
      const attacker = new SiteClient(hd.app);
      const signup = await attacker.submit('/login/', '/signup/', { name: 'Mallory', email: victim, password: 'attacker password' });
      expect(signup.statusCode).toBe(303);
      expect(signup.headers.location).toBe('http://help.test/login/?notice=check_mail');
      expect(attacker.cookies.has('hd_session')).toBe(false);
      expect(await users()).toEqual([]);

      // The victim files through the widget route; the ticket gets an account without a password.
      const filed = await hd.app.inject({
        method: 'POST',
        url: '/api/helpdesk/v1/tickets/',
        payload: ticketPayload({ email: victim, name: 'Victor', subject: 'My private invoice' }),
      });
      expect(filed.statusCode).toBe(201);
      const ticketNumber = (filed.json() as { number: number }).number;

      // The attacker cannot sign in (with the password typed at sign-up or any other) and sees nothing.
      const tryPassword = await attacker.submit('/login/', '/login/', { email: victim, password: 'attacker password' });
      expect(tryPassword.headers.location).toContain('notice=bad_login');
      expect(attacker.cookies.has('hd_session')).toBe(false);
      const list = await attacker.get('/tickets/');
      expect(list.body).not.toContain('My private invoice');
      expect((await attacker.get(`/tickets/?ticket=${ticketNumber}`)).body).not.toContain('My private invoice');
      expect((await users()).map((u) => [u.name, u.password_hash])).toEqual([['Victor', null]]);

      // The confirmation went to the victim's mailbox; the victim proves the address and owns the ticket.
      const [confirmation] = (await delivery.mailsTo(victim, 2)).filter((m) => m.subject === 'Confirm your address for Helpdesk');
      expect(confirmation?.text).toContain('Hello Mallory');
      const owner = new SiteClient(hd.app);
      const done = await choosePassword(owner, accountLinkIn(confirmation?.text ?? '', hd.config.homeUrl), 'victor owns this');
      expect(done.headers.location).toBe('http://help.test/tickets/');
      const thread = await owner.get(`/tickets/?ticket=${ticketNumber}`);
      expect(thread.statusCode).toBe(200);
      expect(thread.body).toContain('My private invoice');
      // The account kept the name it was filed with; the attacker's typed name went nowhere.
      expect((await users()).map((u) => u.name)).toEqual(['Victor']);
      const again = await attacker.submit('/login/', '/login/', { email: victim, password: 'attacker password' });
      expect(again.headers.location).toContain('notice=bad_login');
    },
  );

  it(
    'the same answer whether the address is new, has a ticket-only account ' + 'or a password account; each gets the fitting mail',
    async () => {
      await addUser(hd.ctx, { email: 'tickets-only@client.test', name: 'Tia', role: 'client' });
      await addUser(hd.ctx, { email: 'has-password@client.test', name: 'Hal', role: 'client' });
      await setPasswordByEmail(hd.ctx, 'has-password@client.test', 'hal password!');
      const before = await users();
      const answers = [];
      for (const email of ['new@client.test', 'tickets-only@client.test', 'has-password@client.test']) {
        const browser = new SiteClient(hd.app);
        const res = await browser.submit('/login/', '/signup/', { name: 'Sam', email });
        const page = await browser.get(new URL(res.headers.location as string).pathname + new URL(res.headers.location as string).search);
        answers.push({
          status: res.statusCode,
          location: res.headers.location,
          page: page.body.replace(/value="[^"]+"/g, ''),
          session: browser.cookies.has('hd_session'),
        });
      }
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[2]).toEqual(answers[0]);
      expect(answers[0]?.session).toBe(false);
      expect(answers[0]?.page).toContain('Check your mail');
      expect(await users()).toEqual(before);

      expect((await delivery.mailsTo('new@client.test'))[0]?.text).toMatch(/\/login\/confirm\/\?token=/);
      expect((await delivery.mailsTo('tickets-only@client.test'))[0]?.text).toMatch(/\/login\/confirm\/\?token=/);
      const exists = (await delivery.mailsTo('has-password@client.test'))[0];
      expect(exists?.subject).toBe('Your account at Helpdesk');
      expect(exists?.text).toMatch(/You have one already[\s\S]*\/login\/reset\/\?token=/);

      // The ticket-only account gets its password through the link (the account is not made twice).
      const tia = new SiteClient(hd.app);
      const link = accountLinkIn((await delivery.mailsTo('tickets-only@client.test'))[0]?.text ?? '', hd.config.homeUrl);
      expect((await choosePassword(tia, link, 'tia password!')).headers.location).toBe('http://help.test/tickets/');
      expect((await users()).filter((u) => u.email === 'tickets-only@client.test').map((u) => [u.name, !!u.password_hash])).toEqual([
        ['Tia', true],
      ]);
    },
  );

  it('opening the link (GET) never uses it; the POST does, once; an unknown token is a 404, an expired one a 410', async () => {
    const browser = new SiteClient(hd.app);
    await browser.submit('/login/', '/signup/', { name: 'Gia', email: 'gia@client.test' });
    const link = accountLinkIn((await delivery.mailsTo('gia@client.test'))[0]?.text ?? '', hd.config.homeUrl);
    for (let i = 0; i < 3; i += 1) {
      const page = await browser.get(link);
      expect(page.statusCode).toBe(200);
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.body).toContain('Create your account');
    }
    expect(await users()).toEqual([]);
    const token = new URL(link, 'http://x').searchParams.get('token') as string;
    const forged = await browser.post('/login/confirm/', { token, password: 'gia password!' });
    expect(forged.statusCode).toBe(403);
    expect(await users()).toEqual([]);

    expect((await choosePassword(browser, link, 'gia password!')).statusCode).toBe(303);
    expect((await users()).map((u) => u.name)).toEqual(['Gia']);
    const reused = await new SiteClient(hd.app).get(link);
    expect(reused.statusCode).toBe(410);
    expect(reused.body).toContain('This link was already used');
    const reusedPost = await choosePassword(new SiteClient(hd.app), link, 'other password!');
    expect(reusedPost.statusCode).toBe(410);

    expect((await new SiteClient(hd.app).get(link.replace(token, `${token.slice(0, -2)}xx`))).statusCode).toBe(404);
    await new SiteClient(hd.app).submit('/login/', '/signup/', { name: 'Ed', email: 'ed@client.test' });
    const edLink = accountLinkIn((await delivery.mailsTo('ed@client.test'))[0]?.text ?? '', hd.config.homeUrl);
    await hd.ctx.db
      .updateTable('address_proofs')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('email', '=', 'ed@client.test')
      .execute();
    expect((await choosePassword(new SiteClient(hd.app), edLink, 'ed password!!')).statusCode).toBe(410);
    expect((await users()).map((u) => u.email)).toEqual(['gia@client.test']);
  });

  it('creates the account only if helpdesk_can_register_users still allows it when the link is used', async () => {
    await new SiteClient(hd.app).submit('/login/', '/signup/', { name: 'Lou', email: 'lou@client.test' });
    const link = accountLinkIn((await delivery.mailsTo('lou@client.test'))[0]?.text ?? '', hd.config.homeUrl);
    hd.hooks.addFilter('helpdesk_can_register_users', 'test/closed', () => false);
    const refused = await choosePassword(new SiteClient(hd.app), link, 'lou password!');
    expect(refused.statusCode).toBe(403);
    expect(await users()).toEqual([]);
  });

  it(
    `per mailbox: at most ${MAIL_REQUESTS_PER_ADDRESS} mails an hour (+tags ` +
      `count as one mailbox), and the page still says "check your mail"`,
    async () => {
      const answers = new Set<string>();
      for (const [i, email] of [
        'kim@client.test',
        'Kim+a@client.test',
        'kim+b@client.test',
        'kim@client.test',
        'kim+c@client.test',
      ].entries()) {
        const res = await postFrom(`10.0.0.${i + 1}`, '/signup/', { name: 'Kim', email });
        answers.add(`${res.statusCode} ${res.headers.location}`);
      }
      expect([...answers]).toEqual(['303 http://help.test/login/?notice=check_mail']);
      await queueSettled();
      expect(delivery.smtp.messages).toHaveLength(MAIL_REQUESTS_PER_ADDRESS);
    },
  );

  it(
    `per network: ${MAIL_REQUESTS_PER_NETWORK} sign-ups an hour from one ` +
      `/64, then a 429 page in plain words; another network is not affected`,
    async () => {
      for (let i = 0; i < MAIL_REQUESTS_PER_NETWORK; i += 1) {
        const res = await postFrom(`2001:db8:1:2::${(i + 1).toString(16)}`, '/signup/', { name: 'Net', email: `net${i}@client.test` });
        expect(res.statusCode).toBe(303);
      }
      const limited = await postFrom('2001:db8:1:2:ffff::99', '/signup/', { name: 'Net', email: 'one-more@client.test' });
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBe('3600');
      expect(limited.body).toContain('Too many requests for mails came from your network');
      const mapped = await postFrom('::ffff:192.0.2.7', '/signup/', { name: 'Four', email: 'four@client.test' });
      expect(mapped.statusCode).toBe(303);
      expect((await postFrom('2001:db8:1:3::1', '/signup/', { name: 'Other', email: 'other@client.test' })).statusCode).toBe(303);
      await queueSettled();
      expect(delivery.smtp.messages.map((m) => m.to[0])).not.toContain('one-more@client.test');
    },
  );

  it('housekeeping deletes expired confirmations and reset links', async () => {
    await new SiteClient(hd.app).submit('/login/', '/signup/', { name: 'Old', email: 'old@client.test' });
    await delivery.mailsTo('old@client.test');
    const user = await addUser(hd.ctx, { email: 'reset@client.test', name: 'R', role: 'client' });
    await issuePasswordResetLink(hd.ctx.db, hd.config.homeUrl, user.id);
    const rows = async () => [
      (await hd.ctx.db.selectFrom('address_proofs').select('id').execute()).length,
      (await hd.ctx.db.selectFrom('login_tokens').select('id').where('purpose', '=', 'password_reset').execute()).length,
    ];
    await cleanUpExpired(hd.ctx);
    expect(await rows()).toEqual([1, 1]);
    await cleanUpExpired(hd.ctx, new Date(Date.now() + 25 * 60 * 60 * 1000));
    expect(await rows()).toEqual([0, 0]);
  });
});
