// Signed identity (issue 38) through the API on both databases: the secret's life (made, shown once, stored
// encrypted, rotated, removed), filings as the client the site vouches for, every refusal storing nothing, and
// the setting that requires a token.
import { beforeEach, describe, expect, it } from 'vitest';
import { readOption } from '../../../domain/options.js';
import { IDENTITY_REFUSALS_PER_HOUR } from '../../../identity/check-visitor-identity.js';
import { signIdentityToken } from '../../../identity/sign-identity-token.js';
import { updateSettings } from '../../../settings/settings.js';
import { countRows, relaxIntakeLimits, setRegistration, ticketPayload } from '../../../test/fixtures.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

const TICKETS = '/api/helpdesk/v1/tickets/';
const SECRET_URL = '/api/helpdesk/v1/settings/identity-secret';

describeEachDatabase('signed identity', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true });
  const nowSeconds = () => Math.floor(hd.ctx.now().getTime() / 1000);
  const claims = (over: Record<string, unknown> = {}) => ({
    email: 'vouched@shop.test',
    name: 'Vera Vouched',
    iat: nowSeconds(),
    exp: nowSeconds() + 600,
    ...over,
  });
  const post = (payload: object, headers: Record<string, string> = {}) =>
    hd.app.inject({ method: 'POST', url: TICKETS, payload, headers, remoteAddress: '203.0.113.40' });
  const makeSecret = async (): Promise<string> => {
    const res = await hd.app.inject({ method: 'POST', url: SECRET_URL, headers: await hd.authAs('admin') });
    expect(res.statusCode).toBe(201);
    return res.json().secret;
  };
  const authorOf = async (id: number) =>
    hd.ctx.db
      .selectFrom('posts')
      .innerJoin('users', 'users.id', 'posts.author_id')
      .select(['users.email', 'users.name'])
      .where('posts.id', '=', id)
      .executeTakeFirstOrThrow();

  beforeEach(async () => {
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    await relaxIntakeLimits(hd.ctx);
  });

  it('makes a secret shown once, stored encrypted, described without it, and only for admins', async () => {
    const admin = await hd.authAs('admin');
    expect((await hd.app.inject({ method: 'GET', url: SECRET_URL, headers: admin })).json()).toEqual({
      created_at: null,
      unreadable: false,
    });
    for (const role of ['agent', 'client'] as const) {
      const headers = await hd.authAs(role);
      expect((await hd.app.inject({ method: 'POST', url: SECRET_URL, headers })).statusCode).toBe(403);
      expect((await hd.app.inject({ method: 'GET', url: SECRET_URL, headers })).statusCode).toBe(403);
    }
    const made = await hd.app.inject({ method: 'POST', url: SECRET_URL, headers: admin });
    expect(made.statusCode).toBe(201);
    expect(made.headers['cache-control']).toBe('no-store');
    const { secret, created_at } = made.json();
    expect(secret).toMatch(/^hdid_[A-Za-z0-9_-]{43}$/);
    const described = await hd.app.inject({ method: 'GET', url: SECRET_URL, headers: admin });
    expect(described.json()).toEqual({ created_at, unreadable: false });
    expect(described.body).not.toContain(secret);
    // At rest: AES-GCM ciphertext, never the secret.
    const stored = JSON.stringify(await readOption(hd.ctx.db, 'helpdesk_identity_secret'));
    expect(stored).not.toContain(secret.slice(5));
    expect(stored).toMatch(/"secret":"v1\./);
  });

  it('files as the client the token names, with a number, even with the privacy option on (no confirmation step)', async () => {
    const secret = await makeSecret();
    await updateSettings(hd.ctx, { tickets: { hide_account_existence: true } });
    // The anonymous path answers only "received" …
    expect((await post(ticketPayload())).statusCode).toBe(202);
    // … a visitor the site vouches for gets their ticket and its number, as that client, whatever the fields said.
    const token = signIdentityToken(claims({ external_id: 'cust-7' }), secret);
    const res = await post(ticketPayload({ name: 'Someone Else', email: 'other@client.test', identity_token: token }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ id: expect.any(Number), number: expect.any(Number) });
    expect(await authorOf(res.json().id)).toEqual({ email: 'vouched@shop.test', name: 'Vera Vouched' });
    const meta = await hd.ctx.db
      .selectFrom('post_meta')
      .select('meta_value')
      .where('post_id', '=', res.json().id)
      .where('meta_key', '=', 'external_id')
      .executeTakeFirst();
    expect(meta?.meta_value).toBe('cust-7');
  });

  it('refuses every bad token with a 403 problem in plain words and files nothing', async () => {
    const secret = await makeSecret();
    const good = signIdentityToken(claims(), secret);
    const [header, payload, signature] = good.split('.') as [string, string, string];
    const changed = Buffer.from(JSON.stringify(claims({ email: 'boss@shop.test' }))).toString('base64url');
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    const cases: Array<[string, RegExp]> = [
      [`${header}.${changed}.${signature}`, /signature does not match/],
      [signIdentityToken(claims(), 'not the secret'), /signature does not match/],
      [none, /HS256/],
      [signIdentityToken(claims(), secret, { alg: 'HS512' }), /HS256/],
      [signIdentityToken(claims({ iat: nowSeconds() - 1200, exp: nowSeconds() - 60 }), secret), /expired/],
      [signIdentityToken(claims({ exp: nowSeconds() + 3 * 86_400 }), secret), /one day/],
      [signIdentityToken(claims({ email: undefined }), secret), /email/],
      ['not-a-token', /not a token/],
    ];
    const before = await countRows(hd.ctx);
    for (const [token, detail] of cases) {
      const res = await post(ticketPayload({ identity_token: token }));
      expect(res.statusCode, token).toBe(403);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({ code: 'IDENTITY_REFUSED', status: 403, detail: expect.stringMatching(detail) });
    }
    expect(await countRows(hd.ctx)).toEqual(before);
  });

  it('answers 429 to an address past 20 refused tokens an hour, even for a good token; another address goes on', async () => {
    const secret = await makeSecret();
    const bad = signIdentityToken(claims(), 'guessed secret');
    for (let i = 0; i < IDENTITY_REFUSALS_PER_HOUR; i++) expect((await post(ticketPayload({ identity_token: bad }))).statusCode).toBe(403);
    const good = signIdentityToken(claims(), secret);
    const limited = await post(ticketPayload({ identity_token: good }));
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('3600');
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', detail: expect.stringMatching(/sign-in tokens/) });
    const elsewhere = await hd.app.inject({
      method: 'POST',
      url: TICKETS,
      payload: ticketPayload({ identity_token: good }),
      remoteAddress: '198.51.100.41',
    });
    expect(elsewhere.statusCode).toBe(201);
  });

  it('refuses a token while there is no secret', async () => {
    const res = await post(ticketPayload({ identity_token: signIdentityToken(claims(), 'any') }));
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toMatch(/no identity secret/);
  });

  it('rotation ends the old secret at once; removal refuses every token', async () => {
    const first = await makeSecret();
    expect((await post(ticketPayload({ identity_token: signIdentityToken(claims(), first) }))).statusCode).toBe(201);
    const second = await makeSecret();
    expect(second).not.toBe(first);
    expect((await post(ticketPayload({ identity_token: signIdentityToken(claims(), first) }))).statusCode).toBe(403);
    expect((await post(ticketPayload({ identity_token: signIdentityToken(claims(), second) }))).statusCode).toBe(201);
    const removed = await hd.app.inject({ method: 'DELETE', url: SECRET_URL, headers: await hd.authAs('admin') });
    expect(removed.statusCode).toBe(204);
    expect((await post(ticketPayload({ identity_token: signIdentityToken(claims(), second) }))).statusCode).toBe(403);
  });

  describe('with "Only signed-in visitors" on', () => {
    it('refuses an anonymous filing without a token, takes one with a token and a signed-in client, and says so in the form', async () => {
      const secret = await makeSecret();
      await updateSettings(hd.ctx, { tickets: { widget_require_identity: true } });
      const before = await countRows(hd.ctx);
      const refused = await post(ticketPayload());
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'IDENTITY_REQUIRED', detail: expect.stringMatching(/signed in/) });
      expect(await countRows(hd.ctx)).toEqual(before);
      expect((await post(ticketPayload({ identity_token: signIdentityToken(claims(), secret) }))).statusCode).toBe(201);
      // Someone signed in to the help desk itself already is someone.
      expect((await post(ticketPayload(), await hd.authAs('client'))).statusCode).toBe(201);
      const form = (await hd.app.inject({ method: 'GET', url: `${TICKETS}form/` })).json();
      expect(form).toMatchObject({ identity_required: true, launcher_hidden: false });
    });

    it('is off by default: the form says so and anonymous filings go on', async () => {
      expect((await post(ticketPayload())).statusCode).toBe(201);
      await updateSettings(hd.ctx, { tickets: { widget_hide_launcher: true } });
      const form = (await hd.app.inject({ method: 'GET', url: `${TICKETS}form/` })).json();
      expect(form).toMatchObject({ identity_required: false, launcher_hidden: true });
    });
  });
});
