import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { createSession } from '../auth/sessions.js';
import { relaxIntakeLimits, setRegistration, ticketPayload } from '../test/fixtures.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';

// HTTP details an outside check flagged, and the decoding of paths.

const API = '/api/helpdesk/v1';
const cookiesOf = (res: LightMyRequestResponse) => Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));

describeEachDatabase('HTTP details', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let adminId: number;
  let ticketId: number;

  beforeAll(async () => {
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    const admin = await hd.authAs('admin');
    adminId = ((await hd.app.inject({ method: 'GET', url: `${API}/me`, headers: admin })).json() as { user: { id: number } }).user.id;
    ticketId = (await hd.app.inject({ method: 'POST', url: `${API}/tickets/`, payload: ticketPayload() })).json().id;
  });

  it('answers 405 with Allow where the path exists but not the method (API and help site), and 404 where nothing is', async () => {
    const cases: Array<[method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', url: string, allow: string]> = [
      ['DELETE', `${API}/tickets/`, 'GET, HEAD, POST'],
      ['PUT', `${API}/tickets/${ticketId}`, 'DELETE, GET, HEAD, PATCH'],
      ['GET', `${API}/tickets/${ticketId}/comments`, 'POST'],
      ['POST', `${API}/me`, 'GET, HEAD'],
      ['POST', '/docs/', 'GET, HEAD'],
      ['DELETE', '/', 'GET, HEAD'],
      ['PUT', '/login/', 'GET, HEAD, POST'],
      ['POST', '/helpdesk/tickets/embed/', 'GET, HEAD'],
    ];
    for (const [method, url, allow] of cases) {
      const res = await hd.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(405);
      expect(res.headers.allow, `${method} ${url}`).toBe(allow);
      expect(res.json()).toMatchObject({ status: 405, code: 'METHOD_NOT_ALLOWED' });
    }
    expect((await hd.app.inject({ method: 'POST', url: `${API}/nothing-here` })).statusCode).toBe(404);
    expect((await hd.app.inject({ method: 'POST', url: '/no/such/page' })).statusCode).toBe(404);
  });

  it('sends WWW-Authenticate: Bearer with every 401', async () => {
    const anonymous = await hd.app.inject({ method: 'GET', url: `${API}/users/` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['www-authenticate']).toBe('Bearer');
    const wrong = await hd.app.inject({ method: 'GET', url: `${API}/users/`, headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
  });

  it('marks every answer to a signed-in caller no-store, and leaves public answers cacheable', async () => {
    const agent = await hd.authAs('agent');
    for (const url of [`${API}/tickets/${ticketId}`, `${API}/docs/`, `${API}/tickets/products/`, `${API}/users/`]) {
      const res = await hd.app.inject({ method: 'GET', url, headers: agent });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const problem = await hd.app.inject({ method: 'GET', url: `${API}/tickets/999999`, headers: agent });
    expect(problem.statusCode).toBe(404);
    expect(problem.headers['cache-control']).toBe('no-store');
    const session = await createSession(hd.ctx.db, adminId);
    const byCookie = await hd.app.inject({
      method: 'GET',
      url: `${API}/tickets/${ticketId}`,
      headers: { cookie: `hd_session=${session}` },
    });
    expect(byCookie.headers['cache-control']).toBe('no-store');
    const anonymous = await hd.app.inject({ method: 'GET', url: `${API}/docs/` });
    expect(anonymous.headers['cache-control'] ?? '').not.toContain('no-store');
  });

  it('sends Strict-Transport-Security only over https (a trusted proxy saying so), never over plain http', async () => {
    for (const url of ['/', `${API}/docs/`, '/admin/', '/content/widget.js']) {
      const res = await hd.app.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
    // Untrusted: X-Forwarded-Proto from a client that reaches the service directly is ignored.
    const claimed = await hd.app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
    hd.config.trustProxyHops = 1;
    try {
      const proxied = await hd.app.inject({
        method: 'GET',
        url: '/',
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' },
      });
      expect(proxied.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
      const plainProxied = await hd.app.inject({
        method: 'GET',
        url: '/',
        headers: { 'x-forwarded-proto': 'http', 'x-forwarded-for': '203.0.113.9' },
      });
      expect(plainProxied.headers['strict-transport-security']).toBeUndefined();
    } finally {
      hd.config.trustProxyHops = 0;
    }
  });

  it('sends Vary: Accept-Encoding with every answer that may be compressed (the admin app assets, the widget)', async () => {
    const embed = await hd.app.inject({ method: 'GET', url: '/helpdesk/tickets/embed/', headers: { 'accept-encoding': 'gzip' } });
    expect(embed.headers['content-encoding']).toBe('gzip');
    expect(embed.headers.vary).toMatch(/accept-encoding/i);
    const index = await hd.app.inject({ method: 'GET', url: '/admin/' });
    const script = /src="\.\/(assets\/[^"]+\.js)"/.exec(index.body)?.[1];
    // The admin app is built by `npm run build`; without it there are no assets to check.
    if (!script) return;
    for (const encoding of ['br', 'gzip', 'identity']) {
      const asset = await hd.app.inject({ method: 'GET', url: `/admin/${script}`, headers: { 'accept-encoding': encoding } });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      expect(asset.headers.vary, encoding).toMatch(/accept-encoding/i);
    }
  });

  it('applies the API session and CSRF rules to percent-encoded API paths (/%61pi/… is /api/…)', async () => {
    const session = await createSession(hd.ctx.db, adminId);
    const me = await hd.app.inject({ method: 'GET', url: `${API}/me`, headers: { cookie: `hd_session=${session}` } });
    const cookie = `hd_session=${session}; hd_csrf=${cookiesOf(me).hd_csrf}`;
    const disguised = ['/%61pi/helpdesk/v1', '/%61%70%69/helpdesk/v1', '/api/%68elpdesk/v1', '/ap%69/helpdesk/v1'];
    for (const prefix of disguised) {
      for (const [method, url, body] of [
        ['DELETE', `${prefix}/session`],
        ['PATCH', `${prefix}/tickets/${ticketId}`, { status: 'closed' }],
      ] as const) {
        const res = await hd.app.inject({ method, url, headers: { cookie }, ...(body && { payload: body }) });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    }
    // The session survived every attempt to end it.
    const after = await hd.app.inject({ method: 'GET', url: `${API}/me`, headers: { cookie } });
    expect(after.json().user?.id).toBe(adminId);
    // The same encoded path with the right token is the API, as routed.
    const ok = await hd.app.inject({ method: 'GET', url: `/%61pi/helpdesk/v1/me`, headers: { cookie } });
    expect(ok.json().user?.id).toBe(adminId);
    expect(ok.headers['cache-control']).toBe('no-store');
  });
});
