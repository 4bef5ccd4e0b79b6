import { expect, it } from 'vitest';
import type { SitePlugin } from '../config/config-types.js';
import { issueFirstAdminLink } from '../domain/people/first-admin.js';
import { setPasswordByEmail } from '../domain/people/staff-users.js';
import { getSettings } from '../settings/settings.js';
import { getSiteOptions } from '../settings/site-options.js';
import { csrfIn, SiteClient } from '../test/site-client.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';

const acmeTab: SitePlugin = (hooks) => {
  hooks.addFilter('helpdesk_settings_menus', 'acme/tab', (menus) => ({
    ...menus,
    acme: {
      label: 'Acme',
      sections: {
        main: {
          label: 'Main',
          desc: '',
          fields: {
            greeting: { type: 'text', label: 'Greeting line', default: 'Hello' },
            seats: { type: 'number', label: 'Seats', default: 5, min: 1, max: 50 },
          },
        },
      },
    },
  }));
};

describeEachDatabase('admin app routes and the classic settings screen', (dialect) => {
  const hd = useTestHelpdesk(dialect, { plugins: [acmeTab] });
  const path = '/admin/settings/classic/';

  const signedIn = async (role: 'admin' | 'agent') => {
    const headers = await hd.authAs(role);
    const me = (await hd.app.inject({ method: 'GET', url: '/api/helpdesk/v1/me', headers })).json() as { user: { email: string } };
    await setPasswordByEmail(hd.ctx, me.user.email, 'a long password');
    const browser = new SiteClient(hd.app);
    const page = await browser.get(path);
    expect(page.body).toContain('Sign in as an admin');
    const res = await browser.post(`${path}sign-in`, { _csrf: csrfIn(page.body), email: me.user.email, password: 'a long password' });
    expect(res.statusCode).toBe(303);
    return browser;
  };

  it('answers every path under /admin/ with the app (or says it is not built), never the help site', async () => {
    const res = await hd.app.inject({ method: 'GET', url: '/admin/tickets/12' });
    expect([200, 503]).toContain(res.statusCode);
    if (res.statusCode === 200) {
      expect(res.body).toContain('<base href="/admin/" />');
      expect(res.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
      expect(res.body).not.toMatch(/<style|style="/);
      const script = /src="\.\/(assets\/[^"]+\.js)"/.exec(res.body)?.[1] as string;
      const asset = await hd.app.inject({ method: 'GET', url: `/admin/${script}`, headers: { 'accept-encoding': 'br, gzip' } });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['content-encoding']).toBe('br');
      expect(asset.headers['cache-control']).toContain('immutable');
      expect((await hd.app.inject({ method: 'GET', url: '/admin/assets/missing.js' })).statusCode).toBe(404);
    }
  });

  it('renders the filtered schema with the stored values and saves a field a filter added, with CSRF', async () => {
    const browser = await signedIn('admin');
    const page = await browser.get(`${path}?tab=acme`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Greeting line');
    expect(page.body).toContain('value="Hello"');

    const saved = await browser.post(`${path}?tab=acme`, {
      _csrf: csrfIn(page.body),
      _tab: 'acme',
      'acme.greeting': 'Howdy',
      'acme.seats': '7',
    });
    expect(saved.statusCode).toBe(303);
    expect((await getSettings(hd.ctx)).acme).toEqual({ greeting: 'Howdy', seats: 7 });

    // Invalid: nothing saved, the field is named, what was typed is kept.
    const bad = await browser.post(`${path}?tab=acme`, {
      _csrf: csrfIn(page.body),
      _tab: 'acme',
      'acme.greeting': 'Changed',
      'acme.seats': '99',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('must be at most 50');
    expect(bad.body).toContain('value="99"');
    expect((await getSettings(hd.ctx)).acme?.greeting).toBe('Howdy');

    // An unchecked checkbox is sent as nothing: false.
    const tickets = await browser.get(`${path}?tab=tickets`);
    const form: Record<string, string> = { _csrf: csrfIn(tickets.body), _tab: 'tickets' };
    for (const [key, value] of Object.entries((await getSettings(hd.ctx)).tickets ?? {})) {
      if (key === 'change_status' || value === false) continue;
      form[`tickets.${key}`] = value === true ? '1' : typeof value === 'object' ? JSON.stringify(value) : String(value);
    }
    expect((await browser.post(`${path}?tab=tickets`, form)).statusCode).toBe(303);
    expect((await getSettings(hd.ctx)).tickets?.change_status).toBe(false);

    const forged = await browser.post(`${path}?tab=acme`, { _csrf: 'forged', _tab: 'acme', 'acme.greeting': 'Evil' });
    expect(forged.statusCode).toBe(403);
    expect((await getSettings(hd.ctx)).acme?.greeting).toBe('Howdy');
  });

  it('the General tab comes first and sets the site options with the rules of the API', async () => {
    const browser = await signedIn('admin');
    const page = await browser.get(path);
    expect(page.body).toContain('Site name');
    const form = { _csrf: csrfIn(page.body), _tab: 'general', 'general.site_name': 'Classic Shop', 'general.time_zone': 'Europe/Berlin' };
    const bad = await browser.post(`${path}?tab=general`, { ...form, 'general.brand_color': 'red' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Enter a colour as #rrggbb');
    expect((await getSiteOptions(hd.ctx.db)).site_name).not.toBe('Classic Shop');
    const saved = await browser.post(`${path}?tab=general`, {
      ...form,
      'general.brand_color': '#aa3300',
      'general.users_can_register': '1',
    });
    expect(saved.statusCode).toBe(303);
    expect(await getSiteOptions(hd.ctx.db)).toMatchObject({
      site_name: 'Classic Shop',
      brand_color: '#aa3300',
      time_zone: 'Europe/Berlin',
      users_can_register: true,
    });
  });

  it('refuses agents and signed-out visitors', async () => {
    const agent = await signedIn('agent');
    const page = await agent.get(path);
    expect(page.statusCode).toBe(403);
    const post = await agent.post(path, { _csrf: csrfIn(page.body), _tab: 'acme', 'acme.greeting': 'Agent was here' });
    expect(post.statusCode).toBe(403);
    expect((await getSettings(hd.ctx)).acme?.greeting).not.toBe('Agent was here');

    const anonymous = new SiteClient(hd.app);
    const form = await anonymous.get(path);
    expect(form.body).not.toContain('Greeting line');
  });
});

describeEachDatabase('the first administrator lands signed in', (dialect) => {
  const hd = useTestHelpdesk(dialect);

  it('claiming the first-admin link starts a session the admin app accepts', async () => {
    const link = await issueFirstAdminLink(hd.ctx, hd.config.homeUrl);
    const token = new URL(link ?? '').searchParams.get('token') ?? '';
    const done = await hd.app.inject({
      method: 'POST',
      url: '/login/first-admin/',
      payload: { token, name: 'Ada', email: 'ada@site.test', password: 'first admin password' },
    });
    expect(done.statusCode).toBe(200);
    const session = done.cookies.find((c) => c.name === 'hd_session');
    expect(session?.httpOnly).toBe(true);
    const me = await hd.app.inject({ method: 'GET', url: '/api/helpdesk/v1/me', headers: { cookie: `hd_session=${session?.value}` } });
    expect(me.json()).toMatchObject({ user: { email: 'ada@site.test', role: 'admin' } });
  });
});

describeEachDatabase('the admin app under a path prefix', (dialect) => {
  const hd = useTestHelpdesk(dialect, { homeUrl: 'http://help.test/help' });

  it('writes the prefixed <base href> and serves the classic screen under the prefix', async () => {
    const res = await hd.app.inject({ method: 'GET', url: '/help/admin/tickets/3' });
    if (res.statusCode === 200) expect(res.body).toContain('<base href="/help/admin/" />');
    else expect(res.statusCode).toBe(503);
    const classic = await hd.app.inject({ method: 'GET', url: '/help/admin/settings/classic/' });
    expect(classic.statusCode).toBe(200);
    expect(classic.body).toContain('action="/help/admin/settings/classic/sign-in"');
  });
});
