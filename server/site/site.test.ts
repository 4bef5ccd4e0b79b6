import { expect, it } from 'vitest';
import { createPost } from '../domain/content/create-post.js';
import { claimFirstAdmin, issueFirstAdminLink } from '../domain/people/first-admin.js';
import type { AppError } from '../errors.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';

describeEachDatabase('help site', (dialect) => {
  const hd = useTestHelpdesk(dialect);

  it('serves the home page with escaped content and the theme stylesheet', async () => {
    await createPost(hd.ctx, 'doc', { title: '<script>alert(1)</script> Install' }, null);
    const res = await hd.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Install');
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).toContain('href="http://help.test/content/theme/style.css"');
    const css = await hd.app.inject({ method: 'GET', url: '/content/theme/style.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');
  });

  it('answers unknown pages with an HTML 404 and unknown API routes with a problem', async () => {
    const page = await hd.app.inject({ method: 'GET', url: '/no/such/page' });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('Page not found');
    const api = await hd.app.inject({ method: 'GET', url: '/api/helpdesk/v1/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/problem+json');
    expect(api.json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    // The path exists, the method does not: 405 naming the methods that work.
    const method = await hd.app.inject({ method: 'DELETE', url: '/api/helpdesk/v1/tickets/' });
    expect(method.statusCode).toBe(405);
    expect(method.json().code).toBe('METHOD_NOT_ALLOWED');
    expect(method.headers.allow).toBe('GET, HEAD, POST');
  });

  it('publishes an OpenAPI 3.1 document generated from the route schemas', async () => {
    const res = await hd.app.inject({ method: 'GET', url: '/api/helpdesk/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/helpdesk/v1/tickets/',
        '/api/helpdesk/v1/tickets/products/',
        '/api/helpdesk/v1/tickets/reasons/',
        '/api/helpdesk/v1/tickets/urgencies/',
        '/api/helpdesk/v1/docs/',
        '/api/helpdesk/v1/docs/product/{slug}',
        '/api/helpdesk/v1/settings/schema',
        '/api/site/v1/options',
      ]),
    );
    const create = doc.paths['/api/helpdesk/v1/tickets/'].post;
    expect(create.requestBody.content['application/json'].schema.required).toEqual(['name', 'email', 'subject', 'description']);
  });

  it('the one-time first-administrator link makes an admin once, then stops working', async () => {
    const link = await issueFirstAdminLink(hd.ctx, hd.config.homeUrl);
    expect(link).toMatch(/^http:\/\/help\.test\/login\/first-admin\/\?token=[\w-]{43}$/);
    const token = new URL(link ?? '').searchParams.get('token') ?? '';
    const page = await hd.app.inject({ method: 'GET', url: `/login/first-admin/?token=${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.body).toContain('Become the administrator');

    const bad = await hd.app.inject({
      method: 'POST',
      url: '/login/first-admin/',
      payload: { token, name: 'Ada', email: 'not-email', password: 'first admin password' },
    });
    expect(bad.statusCode).toBe(400);

    const done = await hd.app.inject({
      method: 'POST',
      url: '/login/first-admin/',
      payload: { token, name: 'Ada', email: 'Ada@Site.test', password: 'first admin password' },
    });
    expect(done.statusCode).toBe(200);
    const apiToken = /<pre class="token">([^<]+)<\/pre>/.exec(done.body)?.[1];
    expect(apiToken).toMatch(/^hd_/);
    const schema = await hd.app.inject({
      method: 'GET',
      url: '/api/helpdesk/v1/settings/schema',
      headers: { authorization: `Bearer ${apiToken}` },
    });
    expect(schema.statusCode).toBe(200);

    const reused = await hd.app.inject({
      method: 'POST',
      url: '/login/first-admin/',
      payload: { token, name: 'Eve', email: 'eve@site.test', password: 'first admin password' },
    });
    expect(reused.statusCode).toBe(403);
    expect((await hd.app.inject({ method: 'GET', url: `/login/first-admin/?token=${token}` })).statusCode).toBe(410);
    expect(await issueFirstAdminLink(hd.ctx, hd.config.homeUrl)).toBeNull();
  });
});

describeEachDatabase('first-administrator links of several instances', (dialect) => {
  const hd = useTestHelpdesk(dialect);

  it(
    'each start prints a link that works (a second instance does not void ' + 'the first); claimed at once, exactly one makes the admin',
    async () => {
      const tokenOf = (link: string | null) => new URL(link ?? '').searchParams.get('token') ?? '';
      const first = tokenOf(await issueFirstAdminLink(hd.ctx, hd.config.homeUrl));
      const second = tokenOf(await issueFirstAdminLink(hd.ctx, hd.config.homeUrl));
      const pageOf = async (token: string) =>
        (await hd.app.inject({ method: 'GET', url: `/login/first-admin/?token=${token}` })).statusCode;
      expect([await pageOf(first), await pageOf(second)]).toEqual([200, 200]);

      // A wrong token uses up nothing.
      const bogus = await hd.app.inject({
        method: 'POST',
        url: '/login/first-admin/',
        payload: { token: 'x'.repeat(43), name: 'Eve', email: 'eve@site.test', password: 'first admin password' },
      });
      expect(bogus.statusCode).toBe(403);
      expect([await pageOf(first), await pageOf(second)]).toEqual([200, 200]);

      // Eight instances' links, all claimed at the same moment.
      const more = await Promise.all(Array.from({ length: 6 }, async () => tokenOf(await issueFirstAdminLink(hd.ctx, hd.config.homeUrl))));
      const claims = await Promise.allSettled(
        [first, second, ...more].map((token, i) =>
          claimFirstAdmin(hd.ctx, token, { name: `Admin ${i}`, email: `admin${i}@site.test`, password: 'first admin password' }),
        ),
      );
      expect(claims.filter((claim) => claim.status === 'fulfilled')).toHaveLength(1);
      expect(claims.filter((claim) => claim.status === 'rejected').map((claim) => (claim.reason as AppError).code)).toEqual(
        Array(7).fill('FORBIDDEN'),
      );
      expect(await hd.ctx.db.selectFrom('users').select('email').where('role', '=', 'admin').execute()).toHaveLength(1);
      expect([await pageOf(first), await pageOf(second)]).toEqual([410, 410]);
    },
  );
});

describeEachDatabase('help site under a path prefix', (dialect) => {
  const hd = useTestHelpdesk(dialect, { homeUrl: 'https://example.com/help' });

  it('serves every route below the prefix and builds links and redirects from the home URL', async () => {
    expect((await hd.app.inject({ method: 'GET', url: '/help/healthz' })).statusCode).toBe(200);
    expect((await hd.app.inject({ method: 'GET', url: '/help/api/helpdesk/v1/tickets/urgencies/' })).json()).toHaveLength(4);
    expect((await hd.app.inject({ method: 'GET', url: '/api/helpdesk/v1/tickets/urgencies/' })).statusCode).toBe(404);
    const home = await hd.app.inject({ method: 'GET', url: '/help/' });
    expect(home.body).toContain('https://example.com/help/content/theme/style.css');
    const redirect = await hd.app.inject({ method: 'GET', url: '/help/login/first-admin?x=1' });
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toBe('https://example.com/help/login/first-admin/?x=1');
  });
});

describeEachDatabase('security headers', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  it('pages carry a CSP without unsafe-inline, nosniff and frame-ancestors', async () => {
    const res = await hd.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
