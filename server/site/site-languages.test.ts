import { expect, it, vi } from 'vitest';
import { COMMENT_TEXT_MAX } from '../../common/limits.js';
import { updateSettings } from '../settings/settings.js';
import { createClient, signedInBrowser } from '../test/factories.js';
import { csrfIn } from '../test/site-client.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';

describeEachDatabase('help site languages', (dialect) => {
  const hd = useTestHelpdesk(dialect);

  it('stays English with <html lang="en"> when the reader asks for nothing', async () => {
    const res = await hd.app.inject({ method: 'GET', url: '/' });
    expect(res.body).toContain('<html lang="en" dir="ltr">');
    expect(res.body).toContain('How can we help?');
  });

  it('speaks German to Accept-Language: de, with <html lang="de">', async () => {
    const res = await hd.app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' } });
    expect(res.body).toContain('<html lang="de" dir="ltr">');
    expect(res.body).toContain('Wie können wir helfen?');
    expect(res.headers.vary).toContain('Accept-Language');
  });

  it('lays an Arabic page out right to left', async () => {
    const res = await hd.app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'ar' } });
    expect(res.body).toContain('<html lang="ar" dir="rtl">');
  });

  it('lets the language cookie beat Accept-Language, and ?lang= beat both', async () => {
    const cookie = await hd.app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'de', cookie: 'helpdesk_lang=fr' } });
    expect(cookie.body).toContain('<html lang="fr"');
    const query = await hd.app.inject({ method: 'GET', url: '/?lang=es', headers: { cookie: 'helpdesk_lang=fr' } });
    expect(query.body).toContain('<html lang="es"');
  });

  it('sets the language cookie for a visitor who chooses in the menu, for a year', async () => {
    const res = await hd.app.inject({ method: 'GET', url: '/language/?language=ar&return_to=/docs/' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('http://help.test/docs/');
    const set = String(res.headers['set-cookie']);
    expect(set).toContain('helpdesk_lang=ar');
    expect(set).toContain('Max-Age=31536000');
    expect(set).toContain('SameSite=Lax');
  });

  it('refuses the site option site_language "xx" with a problem naming the field', async () => {
    const admin = await hd.authAs('admin');
    const res = await hd.app.inject({
      method: 'PATCH',
      url: '/api/site/v1/options',
      headers: admin,
      payload: { site_language: 'xx' },
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('site_language');
    const ok = await hd.app.inject({
      method: 'PATCH',
      url: '/api/site/v1/options',
      headers: admin,
      payload: { site_language: 'de' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().site_language).toBe('de');
    // Whoever says nothing now reads the site's language.
    const page = await hd.app.inject({ method: 'GET', url: '/' });
    expect(page.body).toContain('<html lang="de"');
  });

  const languageOfAccount = async (id: number) =>
    (await hd.ctx.db.selectFrom('users').select('language').where('id', '=', id).executeTakeFirstOrThrow()).language;
  const setLanguage = (id: number, language: string | null) =>
    hd.ctx.db.updateTable('users').set({ language }).where('id', '=', id).execute();

  it('lets a signed-in client’s own language beat Accept-Language', async () => {
    const client = await createClient(hd);
    await setLanguage(client.id, 'fr');
    const browser = await signedInBrowser(hd, client.id);
    const page = await browser.get('/tickets/', { 'accept-language': 'de' });
    expect(page.body).toContain('<html lang="fr" dir="ltr">');
    expect(page.body).toContain('<h1>Mes tickets</h1>');
  });

  it('saves the menu’s choice of a signed-in client in the cookie and on the account', async () => {
    const client = await createClient(hd);
    const browser = await signedInBrowser(hd, client.id);
    const page = await browser.get('/tickets/');
    const res = await browser.post('/language/', { _csrf: csrfIn(page.body), language: 'de', return_to: '/tickets/' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('http://help.test/tickets/');
    expect(String(res.headers['set-cookie'])).toContain('helpdesk_lang=de');
    expect(await languageOfAccount(client.id)).toBe('de');
    // A browser without the cookie (another device) follows the account.
    const elsewhere = await signedInBrowser(hd, client.id);
    expect((await elsewhere.get('/tickets/', { 'accept-language': 'en' })).body).toContain('<html lang="de"');
  });

  it('refuses the menu’s post without the CSRF token or with a wrong one, changing nothing', async () => {
    const client = await createClient(hd);
    await setLanguage(client.id, 'es');
    const browser = await signedInBrowser(hd, client.id);
    const page = await browser.get('/tickets/');
    const wrong = `${csrfIn(page.body).slice(0, -2)}xx`;
    const forms: Array<Record<string, string>> = [{ language: 'ar' }, { language: 'ar', _csrf: '' }, { language: 'ar', _csrf: wrong }];
    for (const form of forms) {
      const res = await browser.post('/language/', { ...form, return_to: '/tickets/' });
      expect(res.statusCode).toBe(403);
      expect(res.cookies.find((c) => c.name === 'helpdesk_lang')).toBeUndefined();
    }
    expect(browser.cookies.has('helpdesk_lang')).toBe(false);
    expect(await languageOfAccount(client.id)).toBe('es');
  });

  it('keeps the language of a client’s first ticket filed on the help site in German', async () => {
    const client = await createClient(hd);
    expect(await languageOfAccount(client.id)).toBeNull();
    const browser = await signedInBrowser(hd, client.id);
    const german = { 'accept-language': 'de' };
    const form = await browser.get('/tickets/new/', german);
    expect(form.body).toContain('<h1>Neues Ticket</h1>');
    const res = await browser.post(
      '/account/new-ticket/',
      { _csrf: csrfIn(form.body), subject: 'Drucker', description: 'Er druckt nicht.', return_to: '/tickets/new/' },
      german,
    );
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toContain('notice=ticket_created');
    expect(await languageOfAccount(client.id)).toBe('de');
    // A later ticket from a French page does not change it: the first one said which language the mails speak.
    await browser.submit(
      '/tickets/new/',
      '/account/new-ticket/',
      { subject: 'Imprimante', description: 'Rien.' },
      { 'accept-language': 'fr' },
    );
    expect(await languageOfAccount(client.id)).toBe('de');
  });

  it('names seeded statuses and the seeded pages in the reader’s language, in headings and titles', async () => {
    const client = await createClient(hd);
    const browser = await signedInBrowser(hd, client.id);
    const german = { 'accept-language': 'de' };
    await browser.submit('/tickets/new/', '/account/new-ticket/', { subject: 'Drucker', description: 'Kaputt.' }, german);
    const list = await browser.get('/tickets/', german);
    expect(list.body).toContain('<h1>Meine Tickets</h1>');
    expect(list.body).toContain('<bdi class="status">Eingegangen</bdi>');
    const number = /\?ticket=(\d+)/.exec(list.body)?.[1];
    // The filing kept German on the account; `?lang=` still beats it.
    const thread = await browser.get(`/tickets/?ticket=${number}&lang=ar`);
    expect(thread.body).toContain('<bdi class="status">تم الاستلام</bdi>');
    expect(thread.body).toContain('<title>Drucker · تذاكري');
    // A status the owner renamed is shown as they wrote it, to everyone.
    await hd.ctx.db
      .updateTable('terms')
      .set({ client_label: 'Bei uns' })
      .where('taxonomy', '=', 'ticket_status')
      .where('slug', '=', 'open')
      .execute();
    try {
      expect((await browser.get('/tickets/?lang=fr')).body).toContain('<bdi class="status">Bei uns</bdi>');
    } finally {
      await hd.ctx.db
        .updateTable('terms')
        .set({ client_label: 'Received' })
        .where('taxonomy', '=', 'ticket_status')
        .where('slug', '=', 'open')
        .execute();
    }
  });

  it('offers the seeded reasons and urgencies in the reader’s language on the new-ticket form', async () => {
    const client = await createClient(hd);
    const browser = await signedInBrowser(hd, client.id);
    const form = await browser.get('/tickets/new/', { 'accept-language': 'de' });
    expect(form.body).toContain('>Abrechnung</option>');
    // The built-in fields keep their shipped labels: each reader reads them in their language.
    expect(form.body).toMatch(/<label for="field-subject">Betreff/);
  });

  it('gives the home page’s widget the page’s language, not only the browser’s', async () => {
    const res = await hd.app.inject({ method: 'GET', url: '/?lang=ar', headers: { 'accept-language': 'en' } });
    expect(res.body).toMatch(/<script src="[^"]*\/helpdesk\/tickets\/embed\/" data-lang="ar"/);
    // The button's name, as the widget shows it in Arabic, isolated in the sentence.
    expect(res.body).toContain('<strong><bdi>هل تحتاج إلى مساعدة؟</bdi></strong>');
  });

  it('names the widget’s button on the home page by the owner’s words for that language', async () => {
    await updateSettings(hd.ctx, { tickets: { widget_launcher: { de: 'Fragen? Wir helfen!' } } });
    try {
      const german = await hd.app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'de' } });
      expect(german.body).toContain('<strong><bdi>Fragen? Wir helfen!</bdi></strong>');
      const english = await hd.app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'en' } });
      expect(english.body).toContain('<strong><bdi>Need Help?</bdi></strong>');
    } finally {
      await updateSettings(hd.ctx, { tickets: { widget_launcher: {} } });
    }
  });

  it('tells a refused filing and an over-long reply in the reader’s language', async () => {
    const client = await createClient(hd);
    const browser = await signedInBrowser(hd, client.id);
    const german = { 'accept-language': 'de' };
    await browser.submit('/tickets/new/', '/account/new-ticket/', { subject: 'Erst', description: 'Eins.' }, german);
    const number = /\?ticket=(\d+)/.exec((await browser.get('/tickets/', german)).body)?.[1];
    const thread = await browser.get(`/tickets/?ticket=${number}`, german);
    const ticketId = /name="ticket_id" value="(\d+)"/.exec(thread.body)?.[1] as string;
    const long = await browser.post(
      '/account/reply/',
      { _csrf: csrfIn(thread.body), ticket_id: ticketId, text: 'x'.repeat(COMMENT_TEXT_MAX + 1), return_to: '/tickets/' },
      german,
    );
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('<html lang="de"');
    expect(long.body).not.toMatch(/is too long|at most/i);

    await updateSettings(hd.ctx, { tickets: { intake_enabled: false, intake_stops_site_form: true } });
    try {
      const offline = await browser.submit('/tickets/new/', '/account/new-ticket/', { subject: 'Zu', description: 'Zu.' }, german);
      expect(offline.statusCode).toBe(503);
      expect(offline.body).toContain('Dieser Helpdesk nimmt gerade keine neuen Tickets an.');
      expect(offline.body).not.toContain('This help desk is not taking');
    } finally {
      await updateSettings(hd.ctx, { tickets: { intake_enabled: true, intake_stops_site_form: false } });
    }
  });

  it('renders rich messages on site pages without React’s missing-key warning', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const signedOut = await hd.app.inject({ method: 'GET', url: '/tickets/', headers: { 'accept-language': 'de' } });
      expect(signedOut.body).toContain('Melden Sie sich an</a>');
      const client = await createClient(hd);
      const browser = await signedInBrowser(hd, client.id);
      // No tickets yet: "none" links to the new-ticket page; the header's sign-out names the client.
      expect((await browser.get('/tickets/')).statusCode).toBe(200);
      await browser.submit('/tickets/new/', '/account/new-ticket/', { subject: 'Key', description: 'Warning.' });
      const number = /\?ticket=(\d+)/.exec((await browser.get('/tickets/')).body)?.[1];
      expect((await browser.get(`/tickets/?ticket=${number}`)).statusCode).toBe(200);
      const warnings = errors.mock.calls.map((call) => call.map(String).join(' ')).filter((text) => text.includes('unique "key"'));
      expect(warnings).toEqual([]);
    } finally {
      errors.mockRestore();
    }
  });
});
