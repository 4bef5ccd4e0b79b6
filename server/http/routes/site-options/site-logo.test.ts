import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

// A 1×1 PNG, as an image editor writes it.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

describeEachDatabase('the site logo', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let admin: { authorization: string };
  let agent: { authorization: string };
  beforeAll(async () => {
    admin = await hd.authAs('admin');
    agent = await hd.authAs('agent');
  });
  const upload = (body: Buffer, type: string, headers: object = admin) =>
    hd.app.inject({
      method: 'PUT',
      url: '/api/site/v1/logo',
      headers: { ...(headers as Record<string, string>), 'content-type': type },
      payload: body,
    });

  it('an admin uploads a PNG: the options name its URL, the help site shows it, and the logo is served with safe headers', async () => {
    const res = await upload(PNG, 'image/png');
    expect(res.statusCode).toBe(200);
    const url = res.json().logo_url as string;
    expect(url).toMatch(/^https?:\/\/[^/]+.*\/site-logo\?v=[0-9a-f]{16}$/);
    const path = new URL(url).pathname + new URL(url).search;

    const served = await hd.app.inject({ method: 'GET', url: path });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe('sandbox');
    expect(served.headers['cache-control']).toContain('immutable');
    // Mails show it from the reader's mail program or webmail, another site: the browser must be allowed to load it there.
    expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin');

    const home = await hd.app.inject({ method: 'GET', url: new URL(url).pathname.replace(/site-logo$/, '') });
    expect(home.body).toContain(`<img class="site-logo" src="${url.replace(/&/g, '&amp;')}" alt=""/>`);
    const docs = await hd.app.inject({ method: 'GET', url: new URL(url).pathname.replace(/site-logo$/, 'docs/') });
    expect(docs.body).toContain('class="site-logo"');
    // Every page's header, the sign-in, link, password and error pages too.
    for (const page of [
      '/login/',
      '/login/forgot/',
      '/login/welcome/?token=x',
      '/login/reset/?token=x',
      '/login/ticket/?token=x',
      '/login/first-admin/',
      '/no-such-page/',
    ]) {
      const res = await hd.app.inject({ method: 'GET', url: page });
      expect(res.body, page).toContain(`<img class="site-logo" src="${url.replace(/&/g, '&amp;')}" alt=""/>`);
    }

    const options = await hd.app.inject({ method: 'GET', url: '/api/site/v1/options', headers: admin });
    expect(options.json().logo_url).toBe(url);
  });

  it('refuses what is not a small raster image, whatever its declared type, and keeps the logo it had', async () => {
    await upload(PNG, 'image/png');
    const before = (await hd.app.inject({ method: 'GET', url: '/api/site/v1/options', headers: admin })).json().logo_url;
    const executable = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const [body, type, status] of [
      [executable, 'image/png', 415],
      [svg, 'image/svg+xml', 415],
      [Buffer.alloc(0), 'image/png', 400],
      [Buffer.concat([PNG, Buffer.alloc(300 * 1024)]), 'image/png', 413],
    ] as const) {
      const res = await upload(body, type);
      expect(res.statusCode, type).toBe(status);
      expect(res.headers['content-type']).toContain('application/problem+json');
      if (status !== 413) expect(res.json().errors[0].field).toBe('logo');
    }
    expect((await hd.app.inject({ method: 'GET', url: '/api/site/v1/options', headers: admin })).json().logo_url).toBe(before);
  });

  it('only admins change it; removing it takes it off the pages', async () => {
    expect((await upload(PNG, 'image/png', agent)).statusCode).toBe(403);
    expect((await upload(PNG, 'image/png', {})).statusCode).toBe(401);
    await upload(PNG, 'image/png');
    const removed = await hd.app.inject({ method: 'DELETE', url: '/api/site/v1/logo', headers: admin });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().logo_url).toBeNull();
    const served = await hd.app.inject({ method: 'GET', url: '/site-logo' });
    expect(served.statusCode).toBe(404);
  });
});
