import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeProduct, relaxIntakeLimits, setRegistration } from '../test/fixtures.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';

// CORS and security headers over a real socket, swept over every kind of route. tickets-cors.test.ts
// covers the intake route's own CORS cases (form and JSON, preflight, errors) in depth.

const FOREIGN = { origin: 'https://shop.example' };

describeEachDatabase('attacks: CORS only on public routes, security headers everywhere', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let base = '';
  let productSlug = '';
  let agent: { authorization: string };
  beforeAll(async () => {
    base = await hd.app.listen({ port: 0, host: '127.0.0.1' });
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    productSlug = (await makeProduct(hd.ctx, 'Widget Pro')).slug;
    agent = await hd.authAs('agent');
  });
  afterAll(() => hd.app.close());

  it('public routes allow any origin, never with credentials, preflights included, even when cookies are sent', async () => {
    const publicReads = [
      '/api/helpdesk/v1/docs/?count=5&search=x',
      `/api/helpdesk/v1/docs/product/${productSlug}/`,
      '/api/helpdesk/v1/tickets/products/',
      '/api/helpdesk/v1/tickets/reasons/',
      '/api/helpdesk/v1/tickets/urgencies/',
    ];
    for (const path of publicReads) {
      for (const origin of ['https://shop.example', 'null']) {
        const res = await fetch(base + path, { headers: { origin, cookie: 'hd_session=whatever' } });
        expect(res.status, path).toBe(200);
        expect(res.headers.get('access-control-allow-origin'), path).toBe('*');
        expect(res.headers.get('access-control-allow-credentials'), path).toBeNull();
      }
    }
    const preflight = await fetch(`${base}/api/helpdesk/v1/tickets/`, {
      method: 'OPTIONS',
      headers: { ...FOREIGN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,idempotency-key' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    expect(String(preflight.headers.get('access-control-allow-headers')).toLowerCase()).not.toContain('authorization');
  });

  it('the OpenAPI document is readable from any origin (API tools elsewhere), never with credentials', async () => {
    for (const origin of ['https://editor.example', 'null']) {
      const res = await fetch(`${base}/api/helpdesk/v1/openapi.json`, { headers: { origin, cookie: 'hd_session=whatever' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
      expect(((await res.json()) as { openapi?: string }).openapi).toMatch(/^3\./);
    }
    const preflight = await fetch(`${base}/api/helpdesk/v1/openapi.json`, {
      method: 'OPTIONS',
      headers: { origin: 'https://editor.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it(
    'management, agent and session routes, pages and the admin app send no ' + 'CORS headers to a foreign origin, preflights included',
    async () => {
      const requests: Array<[method: string, path: string]> = [
        ['GET', '/api/helpdesk/v1/me'],
        ['POST', '/api/helpdesk/v1/session'],
        ['DELETE', '/api/helpdesk/v1/session'],
        ['GET', '/api/helpdesk/v1/tickets/'],
        ['GET', '/api/helpdesk/v1/tickets/1'],
        ['PATCH', '/api/helpdesk/v1/tickets/1'],
        ['POST', '/api/helpdesk/v1/tickets/1/comments'],
        ['POST', '/api/helpdesk/v1/tickets/1/suggest-reply'],
        ['GET', '/api/helpdesk/v1/settings'],
        ['PATCH', '/api/helpdesk/v1/settings'],
        ['GET', '/api/helpdesk/v1/users/'],
        ['POST', '/api/helpdesk/v1/docs/'],
        ['GET', '/api/helpdesk/v1/posts/'],
        ['GET', '/api/helpdesk/v1/statuses/'],
        ['GET', '/api/helpdesk/v1/intake/stats'],
        ['PATCH', '/api/site/v1/options'],
        ['POST', '/api/helpdesk/v1/openapi.json'],
        ['GET', '/tickets/'],
        ['GET', '/login/'],
        ['GET', '/admin/'],
      ];
      for (const [method, path] of requests) {
        const preflight = await fetch(base + path, {
          method: 'OPTIONS',
          headers: {
            ...FOREIGN,
            'access-control-request-method': method,
            'access-control-request-headers': 'authorization,content-type,x-csrf-token',
          },
        });
        expect(preflight.headers.get('access-control-allow-origin'), `preflight ${method} ${path}`).toBeNull();
        expect(preflight.headers.get('access-control-allow-credentials'), `preflight ${method} ${path}`).toBeNull();
        const actual = await fetch(base + path, {
          method: method === 'GET' ? 'GET' : method,
          headers: { ...FOREIGN, ...agent },
          ...(method !== 'GET' && { body: '{}', headers: { ...FOREIGN, ...agent, 'content-type': 'application/json' } }),
        });
        expect(actual.headers.get('access-control-allow-origin'), `${method} ${path}`).toBeNull();
        expect(actual.headers.get('access-control-allow-credentials'), `${method} ${path}`).toBeNull();
      }
    },
  );

  it('pages, the admin app, the API and its problems carry a strict CSP, nosniff, frame-ancestors none and a Referrer-Policy', async () => {
    const paths = [
      '/',
      '/login/',
      '/tickets/',
      '/docs/',
      '/docs/no-such-doc/',
      '/admin/',
      '/admin/settings/classic/',
      '/api/helpdesk/v1/docs/',
      '/api/helpdesk/v1/no-such-route',
      '/api/helpdesk/v1/openapi.json',
    ];
    for (const path of paths) {
      const res = await fetch(base + path, { redirect: 'manual' });
      const csp = String(res.headers.get('content-security-policy'));
      const directives = Object.fromEntries(
        csp
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([name, ...values]) => [name, values]),
      );
      expect(directives['script-src'], path).toEqual(["'self'"]);
      expect(directives['style-src'], path).toEqual(["'self'"]);
      expect(directives['default-src'], path).toEqual(["'self'"]);
      expect(directives['object-src'], path).toEqual(["'none'"]);
      expect(directives['frame-ancestors'], path).toEqual(["'none'"]);
      expect(directives['base-uri'], path).toEqual(["'self'"]);
      expect(csp, path).not.toContain('unsafe-inline');
      expect(csp, path).not.toContain('unsafe-eval');
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), path).toMatch(/^(no-referrer|same-origin)$/);
    }
  });

  it('the widget script still loads on other sites: CORP cross-origin, a JavaScript type and nosniff', async () => {
    const res = await fetch(`${base}/helpdesk/tickets/embed/`, { headers: FOREIGN });
    expect(res.status).toBe(200);
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(res.headers.get('content-type')).toContain('javascript');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });
});
