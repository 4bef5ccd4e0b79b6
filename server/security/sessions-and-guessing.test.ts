import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUESSES_PER_ADDRESS } from '../auth/guess-limits.js';
import { FREE_PASSWORD_TRIES } from '../auth/password-guesses.js';
import { hashPassword } from '../auth/passwords.js';
import { createSession } from '../auth/sessions.js';
import { now } from '../domain/context.js';
import { updateSettings } from '../settings/settings.js';
import { signInToApi } from '../test/factories.js';
import { countRows, relaxIntakeLimits, setRegistration, ticketPayload } from '../test/fixtures.js';
import { csrfIn, linkPath, memoryMail, SiteClient } from '../test/site-client.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';
import { withoutRequestId } from '../test/without-request-id.js';

// CSRF on every cookie-authenticated write of the API, session fixation, and guessing of link tokens
// and passwords. The help site's form posts without a token are in auth.test.ts ("every form post
// needs the CSRF token"); rotation at sign-in is in account.test.ts.

const API = '/api/helpdesk/v1';
const cookiesOf = (res: LightMyRequestResponse) => Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));

describeEachDatabase('attacks: CSRF, session fixation, token and password guessing', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let mail: ReturnType<typeof memoryMail>;
  let adminId: number;
  let ticketId: number;

  beforeAll(async () => {
    mail = memoryMail(hd);
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    const admin = await hd.authAs('admin');
    adminId = ((await hd.app.inject({ method: 'GET', url: `${API}/me`, headers: admin })).json() as { user: { id: number } }).user.id;
    ticketId = (await hd.app.inject({ method: 'POST', url: `${API}/tickets/`, payload: ticketPayload() })).json().id;
  });

  /** An admin's browser: session and CSRF cookies, and the matching X-CSRF-Token. */
  async function adminBrowser() {
    const session = await createSession(hd.ctx.db, adminId);
    const me = await hd.app.inject({ method: 'GET', url: `${API}/me`, headers: { cookie: `hd_session=${session}` } });
    const csrfCookie = cookiesOf(me).hd_csrf as string;
    return { cookie: `hd_session=${session}; hd_csrf=${csrfCookie}`, token: (me.json() as { csrf_token: string }).csrf_token };
  }

  /** Everything a write below could change. */
  async function snapshot() {
    const [rows, settings, options, users, terms, comments, sessions] = await Promise.all([
      countRows(hd.ctx),
      hd.ctx.db.selectFrom('options').select(['name', 'value']).orderBy('name').execute(),
      hd.app.inject({ method: 'GET', url: '/api/site/v1/options' }).then((r) => withoutRequestId(r.json())),
      hd.ctx.db.selectFrom('users').select(['id', 'name', 'role', 'password_hash']).orderBy('id').execute(),
      hd.ctx.db.selectFrom('terms').selectAll().orderBy('id').execute(),
      hd.ctx.db.selectFrom('comments').select('id').execute(),
      hd.ctx.db.selectFrom('sessions').select('token_hash').orderBy('token_hash').execute(),
    ]);
    const status = await hd.ctx.db.selectFrom('term_relationships').select('term_id').where('post_id', '=', ticketId).execute();
    return { rows, settings, options, users, terms, comments, sessions, status };
  }

  it(
    'every cookie-authenticated API write without the X-CSRF-Token, with a ' +
      "wrong one or with another browser's is a 403 problem and changes " +
      'nothing',
    async () => {
      const victim = await adminBrowser();
      const other = await adminBrowser();
      const writes: Array<[method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, body?: object]> = [
        ['PATCH', `${API}/settings`, { tickets: { change_status: false } }],
        ['PATCH', '/api/site/v1/options', { users_can_register: true }],
        ['POST', `${API}/users/`, { email: 'mallory@evil.test', name: 'Mallory', role: 'admin', password: 'mallory password' }],
        ['PATCH', `${API}/users/${adminId}`, { password: 'mallory password' }],
        ['POST', `${API}/statuses/`, { name: 'Hacked' }],
        ['PATCH', `${API}/tickets/${ticketId}`, { status: 'closed' }],
        ['POST', `${API}/tickets/${ticketId}/comments`, { text: 'forged reply' }],
        ['POST', `${API}/docs/`, { title: 'Forged doc' }],
        ['POST', `${API}/reasons/`, { name: 'Forged reason' }],
        ['DELETE', `${API}/session`],
      ];
      const before = await snapshot();
      for (const [method, url, body] of writes) {
        for (const [label, token] of [
          ['no token', undefined],
          ['a wrong token', 'x'.repeat(43)],
          ["another browser's token", other.token],
        ] as const) {
          const headers: Record<string, string> = { cookie: victim.cookie, ...(token && { 'x-csrf-token': token }) };
          const res = await hd.app.inject({ method, url, headers, ...(body && { payload: body }) });
          expect(res.statusCode, `${method} ${url} with ${label}`).toBe(403);
          expect(res.headers['content-type'], `${method} ${url}`).toContain('application/problem+json');
        }
      }
      expect(await snapshot()).toEqual(before);
      // The right token works, so the 403s above were the CSRF check and nothing else.
      const ok = await hd.app.inject({
        method: 'PATCH',
        url: `${API}/tickets/${ticketId}`,
        headers: { cookie: victim.cookie, 'x-csrf-token': victim.token },
        payload: { status: 'waiting' },
      });
      expect(ok.statusCode).toBe(200);
    },
  );

  it('the classic settings form refuses a forged token and changes nothing', async () => {
    const victim = await adminBrowser();
    const before = await snapshot();
    const res = await hd.app.inject({
      method: 'POST',
      url: '/admin/settings/classic/',
      headers: { cookie: victim.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ _csrf: 'forged', _tab: 'tickets', change_status: '' }).toString(),
    });
    expect(res.statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it('session fixation: planted session and CSRF cookies are replaced at sign-in and never authenticate', async () => {
    await updateSettings(hd.ctx, { login: { method: 'password' } });
    const email = `fixation-${process.pid}@client.test`;
    const time = now();
    await hd.ctx.db
      .insertInto('users')
      .values({
        email,
        name: 'Fia',
        role: 'client',
        password_hash: await hashPassword('correct horse battery'),
        created_at: time,
        updated_at: time,
      })
      .execute();
    // The attacker's own, valid session (another account) and a CSRF cookie value they know.
    const attacker = await createSession(hd.ctx.db, adminId);
    const plantedCsrf = 'a'.repeat(43);
    const browser = new SiteClient(hd.app);
    browser.cookies.set('hd_session', attacker);
    browser.cookies.set('hd_csrf', plantedCsrf);
    const page = await browser.get('/login/');
    const plantedToken = csrfIn(page.body);
    const signIn = await browser.post('/login/', { _csrf: plantedToken, email, password: 'correct horse battery' });
    expect(signIn.statusCode).toBe(303);
    expect(browser.cookies.get('hd_session')).not.toBe(attacker);
    expect(browser.cookies.get('hd_csrf')).not.toBe(plantedCsrf);
    // The token derived from the planted CSRF cookie is worthless now.
    expect((await browser.post('/logout/', { _csrf: plantedToken })).statusCode).toBe(403);
    // The planted session was ended, and it never became the victim's.
    const asAttacker = await hd.app.inject({ method: 'GET', url: `${API}/me`, headers: { cookie: `hd_session=${attacker}` } });
    expect((asAttacker.json() as { user: unknown }).user).toBeNull();
    const asVictim = await hd.app.inject({
      method: 'GET',
      url: `${API}/me`,
      headers: { cookie: `hd_session=${browser.cookies.get('hd_session')}` },
    });
    expect((asVictim.json() as { user: { email: string } }).user.email).toBe(email);
    // A forged cookie is ignored everywhere.
    for (const forged of ['forged', 'a'.repeat(43), `${attacker.slice(0, -1)}x`]) {
      const me = await hd.app.inject({ method: 'GET', url: `${API}/me`, headers: { cookie: `hd_session=${forged}` } });
      expect((me.json() as { user: unknown }).user).toBeNull();
      const tickets = await hd.app.inject({ method: 'GET', url: '/tickets/', headers: { cookie: `hd_session=${forged}` } });
      expect(tickets.body).toContain('to see your tickets');
    }
    await updateSettings(hd.ctx, { login: { method: 'email_link' } });
  });

  it('tokens are 256 random bits and only their hashes are stored', async () => {
    const payload = ticketPayload();
    await hd.app.inject({ method: 'POST', url: `${API}/tickets/`, payload });
    await mail.drain();
    const confirmation = mail.sent.find((m) => m.to === payload.email.toLowerCase());
    const token = new URL(linkPath(confirmation as NonNullable<typeof confirmation>, hd.config.homeUrl), 'http://x').searchParams.get(
      'token',
    ) as string;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const session = await createSession(hd.ctx.db, adminId);
    expect(Buffer.from(session, 'base64url')).toHaveLength(32);
    const stored = [
      ...(await hd.ctx.db.selectFrom('login_tokens').select('token_hash').execute()),
      ...(await hd.ctx.db.selectFrom('sessions').select('token_hash').execute()),
    ];
    expect(stored.map((r) => r.token_hash)).not.toContain(token);
    expect(stored.map((r) => r.token_hash)).not.toContain(session);
    const me = await hd.app.inject({ method: 'GET', url: `${API}/me` });
    expect(Buffer.from(cookiesOf(me).hd_csrf as string, 'base64url')).toHaveLength(32);
  });

  /** Posts the confirm form of a mailed link with `token` from `remoteAddress`, as a browser would. */
  async function confirmLink(value: string, remoteAddress: string) {
    const browser = new SiteClient(hd.app);
    const csrf = csrfIn((await browser.get('/login/')).body);
    return hd.app.inject({
      method: 'POST',
      url: '/login/ticket/',
      remoteAddress,
      headers: {
        cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({ _csrf: csrf, token: value }).toString(),
    });
  }

  it(
    'link tokens: an address that confirms too many unknown ones gets 429 ' +
      'with Retry-After, even for a valid link; other addresses are not ' +
      'affected',
    async () => {
      const payload = ticketPayload();
      await hd.app.inject({ method: 'POST', url: `${API}/tickets/`, payload });
      await mail.drain();
      const confirmation = mail.sent.find((m) => m.to === payload.email.toLowerCase());
      const link = linkPath(confirmation as NonNullable<typeof confirmation>, hd.config.homeUrl);
      const token = new URL(link, 'http://x').searchParams.get('token') as string;
      const guesser = '203.0.113.7';
      for (let i = 0; i < GUESSES_PER_ADDRESS.token; i += 1) {
        expect((await confirmLink(`${'g'.repeat(40)}${String(i).padStart(3, '0')}`, guesser)).statusCode).toBe(404);
      }
      const blocked = await confirmLink(token, guesser);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toBe('900');
      // The confirm page itself still shows (it uses nothing); only the confirmation is refused.
      expect((await hd.app.inject({ method: 'GET', url: link, remoteAddress: guesser })).statusCode).toBe(200);
      // The link was not used up by the refused attempt: from another address it still signs in.
      const elsewhere = await confirmLink(token, '198.51.100.9');
      expect(elsewhere.statusCode).toBe(303);
    },
  );

  it("link tokens: opening confirm pages (GET, as a foreign page's images would) costs no guess", async () => {
    const visitor = '203.0.113.150';
    for (let i = 0; i < GUESSES_PER_ADDRESS.token + 5; i += 1) {
      // The mailed sign-in link, the sign-up confirmation and the password reset link.
      for (const page of ['/login/ticket/', '/login/confirm/', '/login/reset/']) {
        expect(
          (await hd.app.inject({ method: 'GET', url: `${page}?token=${'i'.repeat(40)}${i}`, remoteAddress: visitor })).statusCode,
        ).toBe(404);
      }
    }
    const rows = await hd.ctx.db.selectFrom('rate_limit_hits').select('id').where('bucket', '=', `guess-token:${visitor}`).execute();
    expect(rows).toHaveLength(0);
    expect((await confirmLink('x'.repeat(43), visitor)).statusCode).toBe(404);
  });

  it(
    'link tokens: a burst of concurrent confirmations from one address ' + 'cannot pass the limit (each takes its slot under a lock)',
    async () => {
      const guesser = '203.0.113.99';
      const burst = await Promise.all(
        Array.from({ length: GUESSES_PER_ADDRESS.token + 10 }, (_, i) => confirmLink(`${'b'.repeat(40)}${i}`, guesser)),
      );
      const statuses = burst.map((res) => res.statusCode);
      expect(statuses.filter((status) => status === 404)).toHaveLength(GUESSES_PER_ADDRESS.token);
      expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    },
  );

  describe('password guesses, with password sign-in on', () => {
    beforeAll(() => updateSettings(hd.ctx, { login: { method: 'password' } }));
    afterAll(() => updateSettings(hd.ctx, { login: { method: 'email_link' } }));
    /** A wrong password for `email` through the help site's form, from `remoteAddress`. */
    const attempt = async (email: string, remoteAddress: string) => {
      const browser = new SiteClient(hd.app);
      const page = await browser.get('/login/');
      return hd.app.inject({
        method: 'POST',
        url: '/login/',
        remoteAddress,
        headers: {
          cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: new URLSearchParams({ _csrf: csrfIn(page.body), email, password: 'wrong password!' }).toString(),
      });
    };

    it('per account and address: the free tries, then a 429 with Retry-After; another address has its own budget', async () => {
      const ip = '203.0.113.50';
      // The rows are made fresh so the wait has certainly not passed, whatever the machine's speed.
      for (let i = 0; i < FREE_PASSWORD_TRIES; i += 1) expect((await attempt('target@client.test', ip)).statusCode).toBe(303);
      await hd.ctx.db
        .updateTable('rate_limit_hits')
        .set({ created_at: now() })
        .where('bucket', '=', `password-pair:${ip}:target@client.test`)
        .execute();
      const slowed = await attempt('target@client.test', ip);
      expect(slowed.statusCode).toBe(429);
      expect(Number(slowed.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(slowed.body).toContain('Too many attempts');
      expect((await attempt('target@client.test', '198.51.100.1')).statusCode).toBe(303);
    });

    it('per address across accounts: a 429 with Retry-After on the help site and on the staff sign-in', async () => {
      const ip = '203.0.113.51';
      // Wrong guesses spread over many accounts. The first ones are written as earlier hits (a real
      // scrypt per guess would only make the test slow); the last goes through the form.
      const used = await hd.ctx.db.selectFrom('rate_limit_hits').select('id').where('bucket', '=', `guess-password:${ip}`).execute();
      const time = now();
      await hd.ctx.db
        .insertInto('rate_limit_hits')
        .values(
          Array.from({ length: GUESSES_PER_ADDRESS.password - 1 - used.length }, () => ({
            bucket: `guess-password:${ip}`,
            created_at: time,
          })),
        )
        .execute();
      expect((await attempt('someone@client.test', ip)).statusCode).toBe(303);
      const perIp = await attempt('someone-else@client.test', ip);
      expect(perIp.statusCode).toBe(429);
      expect(perIp.headers['retry-after']).toBe('900');
      const staff = await signInToApi(hd, 'agent@staff.test', 'whatever long', ip);
      expect(staff.statusCode).toBe(429);
      expect(staff.headers['retry-after']).toBe('900');
      expect(staff.json()).toMatchObject({ code: 'RATE_LIMITED' });
    });
  });
});
