import { expect, it } from 'vitest';
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
});
