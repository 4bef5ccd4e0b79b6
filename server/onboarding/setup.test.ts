import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { PAGE_API_STUB } from '../../common/page-api-stub.js';
import { createSession } from '../auth/sessions.js';
import type { SitePlugin } from '../config/config-types.js';
import { issueFirstAdminLink } from '../domain/people/first-admin.js';
import { getCoreSettings } from '../settings/core-settings.js';
import { updateSettings } from '../settings/settings.js';
import { getSiteOptions, updateSiteOptions } from '../settings/site-options.js';
import { relaxIntakeLimits, ticketPayload } from '../test/fixtures.js';
import { SiteClient } from '../test/site-client.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { type TestHelpdesk, useTestHelpdesk } from '../test/test-helpdesk.js';
import { embedSnippet } from './embed-snippet.js';

const csrfOf = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';

/** The first admin claims the site and saves the setup once with `who`; returns their browser. */
async function setUpWith(hd: TestHelpdesk, who: 'anyone' | 'existing'): Promise<SiteClient> {
  await relaxIntakeLimits(hd.ctx);
  const link = (await issueFirstAdminLink(hd.ctx, hd.config.homeUrl)) ?? '';
  const browser = new SiteClient(hd.app);
  const claimed = await browser.post('/login/first-admin/', {
    token: new URL(link).searchParams.get('token') ?? '',
    name: 'Ada',
    email: 'ada@site.test',
    password: 'first admin password',
  });
  const saved = await browser.post('/admin/setup/', {
    _csrf: csrfOf(claimed.body),
    site_name: 'Acme',
    from_name: 'Acme support',
    from_address: 'support@acme.test',
    brand_color: '#aa3300',
    who_may_file: who,
  });
  expect(saved.statusCode).toBe(303);
  return browser;
}

describeEachDatabase('the first hour: first-admin link → setup → embed snippet', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true });

  it('a fresh install goes from the link to a widget ticket from a new visitor without any API call', async () => {
    await relaxIntakeLimits(hd.ctx);
    const link = (await issueFirstAdminLink(hd.ctx, hd.config.homeUrl)) ?? '';
    const token = new URL(link).searchParams.get('token') ?? '';
    // Before the setup, a fresh install refuses visitors without an account (the old default).
    const before = await hd.app.inject({ method: 'POST', url: '/api/helpdesk/v1/tickets/', payload: ticketPayload() });
    expect(before.statusCode).toBe(403);

    const browser = new SiteClient(hd.app);
    const claimed = await browser.post('/login/first-admin/', {
      token,
      name: 'Ada',
      email: 'ada@site.test',
      password: 'first admin password',
    });
    expect(claimed.statusCode).toBe(200);
    expect(claimed.body).toContain('<h1>Set up your help desk</h1>');
    // "Anyone" is preselected, and without SMTP_URL the page says where mail goes.
    expect(claimed.body).toContain('<input id="who-anyone" type="radio" name="who_may_file" checked="" value="anyone"/>');
    expect(claimed.body).toContain('No SMTP server is set');
    // No logo yet: no preview image without a source (invalid HTML, and a request for the page itself).
    expect(claimed.body).not.toMatch(/<img(?![^>]*\ssrc=)[^>]*>/);
    expect(claimed.body).toContain('<pre class="token">hd_');

    const bad = await browser.post('/admin/setup/', {
      _csrf: csrfOf(claimed.body),
      site_name: '',
      from_name: 'Acme support',
      from_address: 'not an address',
      brand_color: 'red',
      who_may_file: 'anyone',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Enter the name of your site');
    expect(bad.body).toContain('Enter an email address like support@example.com');
    expect(bad.body).toContain('Choose a colour such as #1d4ed8.');
    expect(bad.body).toContain('value="Acme support"');

    const saved = await browser.post('/admin/setup/', {
      _csrf: csrfOf(bad.body),
      site_name: 'Acme <Help>',
      from_name: 'Acme support',
      from_address: 'support@acme.test',
      brand_color: '#AA3300',
      who_may_file: 'anyone',
    });
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe('http://help.test/admin/setup/embed/?saved=1');
    expect(await getSiteOptions(hd.ctx.db)).toMatchObject({ site_name: 'Acme <Help>', brand_color: '#aa3300' });
    const settings = await getCoreSettings(hd.ctx);
    expect(settings.emails).toMatchObject({ from_name: 'Acme support', from_address: 'support@acme.test' });
    expect(settings.tickets.create_accounts).toBe(true);

    const embed = await browser.get('/admin/setup/embed/?saved=1');
    expect(embed.statusCode).toBe(200);
    expect(embed.body).toContain('&lt;script src=&quot;http://help.test/helpdesk/tickets/embed/&quot; async&gt;&lt;/script&gt;');
    // The page API's queue line comes first, exactly as the guide shows it (issue 38).
    const entities: Record<string, string> = { lt: '<', gt: '>', quot: '"', amp: '&', '#39': "'", '#x27': "'" };
    const shown = embed.body.replace(/&(lt|gt|quot|amp|#39|#x27);/g, (_, name: string) => entities[name] as string);
    expect(shown).toContain(embedSnippet('http://help.test'));
    expect(embedSnippet('http://help.test').split('\n')[0]).toBe(`<script>${PAGE_API_STUB}</script>`);
    expect(embed.body).toContain('Copy the snippet');
    expect(embed.body).toContain('href="http://help.test/admin/setup/try/"');
    expect(embed.body).toContain('Acme &lt;Help&gt;');
    expect(embed.body).not.toContain('Acme <Help>');
    const tryPage = await browser.get('/admin/setup/try/');
    expect(tryPage.body).toContain('<script src="http://help.test/helpdesk/tickets/embed/" data-lang="en" async="">');
    expect((await browser.get('/admin/setup/try/?lang=de')).body).toContain('data-lang="de"');

    // The visitor the widget exists for: a new address, accepted.
    const visitor = await hd.app.inject({ method: 'POST', url: '/api/helpdesk/v1/tickets/', payload: ticketPayload() });
    expect(visitor.statusCode).toBe(201);
    expect((visitor.json() as { number: number }).number).toBe(1);

    // Staff signed in on the help site see an "Admin" link; the header shows the new site name.
    const home = await browser.get('/');
    expect(home.body).toContain('<a href="http://help.test/admin/">Admin</a>');
    expect(home.body).toContain('Acme &lt;Help&gt;');
  });

  it('"only people who already have an account" closes the widget to new addresses', async () => {
    const browser = await setUpWith(hd, 'existing');
    expect((await getCoreSettings(hd.ctx)).tickets.create_accounts).toBe(false);
    const again = await browser.get('/admin/setup/');
    expect(again.body).toContain('name="who_may_file" checked="" value="existing"');
  });

  it('only admins reach the setup; a post without the CSRF field is refused', async () => {
    const anonymous = new SiteClient(hd.app);
    const page = await anonymous.get('/admin/setup/');
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toBe('http://help.test/admin/');
    const forged = await anonymous.post('/admin/setup/', { site_name: 'Evil', brand_color: '#000000', who_may_file: 'anyone' });
    expect(forged.statusCode).toBe(403);
    expect((await getSiteOptions(hd.ctx.db)).site_name).toBe('Helpdesk');
  });
});

// What the plugin below answers for `helpdesk_can_register_users`; undefined leaves the settings' answer.
let pluginAnswer: boolean | undefined;
const registrationPlugin: SitePlugin = (hooks) => {
  hooks.addFilter('helpdesk_can_register_users', 'test/registration', (allowed) => pluginAnswer ?? allowed);
};

describeEachDatabase('the setup shows who may file as filing answers it', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true, plugins: [registrationPlugin] });
  const checked = (value: string) => `name="who_may_file" checked="" value="${value}"`;

  const fileAsNewVisitor = async () =>
    (await hd.app.inject({ method: 'POST', url: '/api/helpdesk/v1/tickets/', payload: ticketPayload() })).statusCode;

  it('a plugin that lets new visitors in: reopened, the setup shows "Anyone" and says a plugin decides', async () => {
    pluginAnswer = true;
    try {
      const browser = await setUpWith(hd, 'existing');
      expect((await getCoreSettings(hd.ctx)).tickets.create_accounts).toBe(false);
      expect(await fileAsNewVisitor()).toBe(201);
      const again = (await browser.get('/admin/setup/')).body;
      expect(again).toContain(checked('anyone'));
      expect(again).toContain('A plugin on this site decides who may file');
      expect(again).toContain('at present new visitors can file tickets');
      // Every other field shows its stored value.
      expect(again).toContain('value="Acme support"');
      expect(again).toContain('value="support@acme.test"');
      expect(again).toContain('value="#aa3300"');
      expect(again).toMatch(/id="site_name"[^>]*value="Acme"/);
    } finally {
      pluginAnswer = undefined;
    }
  });

  it('a plugin that turns new visitors away: "only existing accounts" is shown although the setting says anyone', async () => {
    pluginAnswer = false;
    try {
      const browser = await setUpWith(hd, 'anyone');
      expect((await getCoreSettings(hd.ctx)).tickets.create_accounts).toBe(true);
      expect(await fileAsNewVisitor()).toBe(403);
      const again = (await browser.get('/admin/setup/')).body;
      expect(again).toContain(checked('existing'));
      expect(again).toContain('at present only people who already have an account can file tickets');
      expect((await browser.get('/admin/setup/embed/')).body).toContain('the widget refuses every new address');
    } finally {
      pluginAnswer = undefined;
    }
  });

  it('"Anyone can register" keeps the widget open after saving "only existing accounts", and the page says so', async () => {
    await updateSiteOptions(hd.ctx.db, { users_can_register: true });
    const browser = await setUpWith(hd, 'existing');
    expect(await fileAsNewVisitor()).toBe(201);
    const again = (await browser.get('/admin/setup/')).body;
    expect(again).toContain(checked('anyone'));
    expect(again).toContain('“Anyone can register” is on in <a href="http://help.test/admin/settings/general">Settings → General</a>');
    expect((await browser.get('/admin/setup/embed/?saved=1')).body).not.toContain('the widget refuses every new address');

    // Turned off there too, the widget refuses new visitors, and both pages say it in plain words.
    await updateSiteOptions(hd.ctx.db, { users_can_register: false });
    expect(await fileAsNewVisitor()).toBe(403);
    const closed = (await browser.get('/admin/setup/')).body;
    expect(closed).toContain(checked('existing'));
    expect(closed).toContain('At present the widget refuses new visitors');
    expect((await browser.get('/admin/setup/embed/?saved=1')).body).toContain('the widget refuses every new address');

    // With the widget switched off, the page says that no one can file through it.
    await updateSettings(hd.ctx, { tickets: { intake_enabled: false } });
    expect((await browser.get('/admin/setup/')).body).toContain('The widget is turned off at present');
  });
});

describeEachDatabase('site options: brand colour and time zone', (dialect) => {
  const hd = useTestHelpdesk(dialect);

  it('an admin sets them through the API; a wrong colour or an unknown time zone is a 400 naming the field', async () => {
    const admin = await hd.authAs('admin');
    const patch = (payload: object) => hd.app.inject({ method: 'PATCH', url: '/api/site/v1/options', headers: admin, payload });
    const ok = await patch({ brand_color: '#12ab34', time_zone: 'Europe/Berlin' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ brand_color: '#12ab34', time_zone: 'Europe/Berlin' });
    const zone = await patch({ time_zone: 'Mars/Olympus' });
    expect(zone.statusCode).toBe(400);
    expect(zone.headers['content-type']).toContain('application/problem+json');
    expect(JSON.stringify(zone.json())).toContain('time_zone');
    const colour = await patch({ brand_color: 'red' });
    expect(colour.statusCode).toBe(400);
    expect(JSON.stringify(colour.json())).toContain('brand_color');
  });

  it('a zone is stored in its IANA spelling, a fixed offset is refused, and the admin app learns the zone from /me', async () => {
    const admin = await hd.authAs('admin');
    const agent = await hd.authAs('agent');
    const patch = (payload: object) => hd.app.inject({ method: 'PATCH', url: '/api/site/v1/options', headers: admin, payload });
    const me = async (headers: Record<string, string>) =>
      (await hd.app.inject({ method: 'GET', url: '/api/helpdesk/v1/me', headers })).json() as { time_zone: string };
    const typed = await patch({ time_zone: 'pacific/auckland' });
    expect(typed.statusCode).toBe(200);
    expect(typed.json().time_zone).toBe('Pacific/Auckland');
    expect((await me(agent)).time_zone).toBe('Pacific/Auckland');
    expect((await me({})).time_zone).toBe('Pacific/Auckland');
    for (const offset of ['+13:00', '-05:00']) {
      const refused = await patch({ time_zone: offset });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ errors: [expect.objectContaining({ field: 'time_zone' })] });
    }
    expect((await me(agent)).time_zone).toBe('Pacific/Auckland');
  });
});

describeEachDatabase("times on the client's pages are in the site's time zone", (dialect) => {
  const hd = useTestHelpdesk(dialect);

  it('UTC by default; Europe/Berlin and Pacific/Auckland once set: the date, the time and the zone', async () => {
    await relaxIntakeLimits(hd.ctx);
    await updateSiteOptions(hd.ctx.db, { users_can_register: true });
    const filed = await hd.app.inject({ method: 'POST', url: '/api/helpdesk/v1/tickets/', payload: ticketPayload() });
    const { id, number } = filed.json() as { id: number; number: number };
    // A known instant: 01:05 UTC on 2 December is 02:05 in Berlin and 14:05 in Auckland (daylight saving there).
    const at = '2026-12-02T01:05:00.000Z';
    await hd.ctx.db.updateTable('posts').set({ created_at: at, updated_at: at }).where('id', '=', id).execute();
    const row = await hd.ctx.db.selectFrom('posts').select(['author_id']).where('id', '=', id).executeTakeFirstOrThrow();
    const browser = new SiteClient(hd.app);
    browser.cookies.set('hd_session', await createSession(hd.ctx.db, row.author_id as number));
    const utc = (await browser.get(`/tickets/?ticket=${number}`)).body;
    expect(utc).toContain(
      `You wrote on <time dateTime="${at}" title="2 Dec 2026, 01:05 Coordinated Universal Time (UTC)">2 Dec 2026, 01:05 UTC</time>`,
    );
    await updateSiteOptions(hd.ctx.db, { time_zone: 'Europe/Berlin' });
    expect((await browser.get(`/tickets/?ticket=${number}`)).body).toContain('>2 Dec 2026, 02:05 CET</time>');
    await updateSiteOptions(hd.ctx.db, { time_zone: 'Pacific/Auckland' });
    expect((await browser.get(`/tickets/?ticket=${number}`)).body).toMatch(/>2 Dec 2026, 14:05 (GMT\+13|NZDT)<\/time>/);
    expect((await browser.get('/tickets/')).body).toMatch(/>2 Dec 2026, 14:05 (GMT\+13|NZDT)<\/time>/);
  });
});

it('the guide shows the embed step’s two lines, the page API’s queue line first, exactly', () => {
  const guide = readFileSync(new URL('../../docs/guide.md', import.meta.url), 'utf8');
  expect(guide).toContain(embedSnippet('https://help.example.com'));
});
