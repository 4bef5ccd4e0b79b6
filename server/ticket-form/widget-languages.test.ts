import { expect, it } from 'vitest';
import { updateTerm } from '../domain/content/update-term.js';
import { updateSettings } from '../settings/settings.js';
import { updateSiteOptions } from '../settings/site-options.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';

const FORM = '/api/helpdesk/v1/tickets/form/';

interface Definition {
  lang: string;
  dir: string;
  position: string;
  site: { language: string };
  texts: Record<string, string>;
  fields: Array<{ name: string; label: string; choices?: Array<{ value: string; label: string }> }>;
}

describeEachDatabase('GET /tickets/form/?lang=: the widget’s texts in the visitor’s language, the owner’s wording in', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true });
  const get = (query = '', headers: Record<string, string> = {}) => hd.app.inject({ method: 'GET', url: FORM + query, headers });
  const read = async (query = '') => (await get(query)).json() as Definition;

  it('answers ?lang=de in German (texts and the built-in fields’ default labels), ?lang=ar right to left', async () => {
    const de = await read('?lang=de');
    expect(de).toMatchObject({ lang: 'de', dir: 'ltr', position: 'right', site: { language: 'en' } });
    expect(de.texts.launcher).toBe('Brauchen Sie Hilfe?');
    expect(de.texts.title).toBe('Support kontaktieren');
    expect(de.texts['files.pick']).toBe('Dateien anhängen');
    expect(de.fields.find((f) => f.name === 'subject')?.label).toBe('Betreff');
    // Only what the widget shows, keyed without the namespace: never the server's own texts.
    expect(Object.keys(de.texts).some((key) => key.startsWith('widget.') || key.startsWith('check.') || key.startsWith('settings.'))).toBe(
      false,
    );

    const ar = await read('?lang=ar-EG');
    expect(ar).toMatchObject({ lang: 'ar', dir: 'rtl', position: 'left' });
    expect(ar.texts.launcher).toBe('هل تحتاج إلى مساعدة؟');
  });

  it('names the seeded reasons and urgencies in the asked language; a reason the owner renamed stays as written', async () => {
    const labels = (definition: Definition, name: string) => definition.fields.find((f) => f.name === name)?.choices?.map((c) => c.label);
    const de = await read('?lang=de');
    expect(labels(de, 'urgency')).toEqual(['Niedrig', 'Normal', 'Hoch', 'Dringend']);
    expect(labels(de, 'reason')).toContain('Frage');
    expect(labels(await read('?lang=en'), 'urgency')).toEqual(['Low', 'Normal', 'High', 'Urgent']);
    expect(labels(await read('?lang=en-XA'), 'urgency')?.every((label) => label.startsWith('⟦'))).toBe(true);

    const question = await hd.ctx.db
      .selectFrom('terms')
      .select('id')
      .where('taxonomy', '=', 'ticket_reason')
      .where('slug', '=', 'question')
      .executeTakeFirstOrThrow();
    await updateTerm(hd.ctx, 'ticket_reason', question.id, { name: 'Allgemeine Anfrage' });
    const renamed = labels(await read('?lang=fr'), 'reason');
    expect(renamed).toContain('Allgemeine Anfrage');
    expect(renamed).toContain('Facturation');
  });

  it('falls back to the site’s language for a language not shipped, or none; English by default', async () => {
    expect((await read()).lang).toBe('en');
    expect((await read()).texts.launcher).toBe('Need Help?');
    await updateSiteOptions(hd.ctx.db, { site_language: 'fr' });
    expect((await read('?lang=ja')).lang).toBe('fr');
    expect((await read()).texts.launcher).toBe('Besoin d’aide ?');
    expect((await read('?lang=es')).lang).toBe('es');
  });

  it('an owner’s wording for one language replaces that language’s text only; empty keeps the catalogue’s', async () => {
    await updateSettings(hd.ctx, {
      tickets: {
        widget_launcher: { de: 'Fragen? Wir helfen!', en: '' },
        widget_intro: { de: 'Wir antworten werktags.' },
        widget_thanks: { fr: 'Merci beaucoup !' },
        widget_position: { de: 'left' },
      },
    });
    const de = await read('?lang=de');
    expect(de.texts.launcher).toBe('Fragen? Wir helfen!');
    expect(de.texts.intro).toBe('Wir antworten werktags.');
    expect(de.texts.intro_site).toBe('Wir antworten werktags.');
    expect(de.texts.title).toBe('Support kontaktieren');
    expect(de.position).toBe('left');
    const en = await read('?lang=en');
    expect(en.texts.launcher).toBe('Need Help?');
    expect(en.position).toBe('right');
    expect((await read('?lang=fr')).texts.thanks).toBe('Merci beaucoup !');
    expect((await read('?lang=es')).texts.launcher).toBe('¿Necesita ayuda?');
  });

  it('refuses a per-language value that is not one line per shipped language, or not one of a choice’s options', async () => {
    const patch = (tickets: Record<string, unknown>) =>
      updateSettings(hd.ctx, { tickets }).then(
        () => 'saved',
        (error: { errors?: Array<{ field: string }> }) => error.errors?.map((e) => e.field).join(),
      );
    expect(await patch({ widget_title: 'Hello' })).toBe('tickets.widget_title');
    expect(await patch({ widget_title: { xx: 'Hello' } })).toBe('tickets.widget_title');
    expect(await patch({ widget_title: { de: 'Zwei\nZeilen' } })).toBe('tickets.widget_title');
    expect(await patch({ widget_position: { de: 'middle' } })).toBe('tickets.widget_position');
    expect(await patch({ widget_position: { de: '', ar: 'right' }, widget_title: { ar: 'الدعم' } })).toBe('saved');
  });

  it('is cached per language: the language is in the URL (its own ETag), never taken from Accept-Language', async () => {
    const de = await get('?lang=de', { 'accept-language': 'fr' });
    const ar = await get('?lang=ar');
    expect(de.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=600');
    expect(de.json().lang).toBe('de');
    expect(de.headers.etag).toBeTruthy();
    expect(de.headers.etag).not.toBe(ar.headers.etag);
    expect(String(de.headers.vary ?? '')).not.toMatch(/accept-language/i);
    // Without ?lang the site's language, whatever the browser asks for: the same answer for every visitor.
    expect((await get('', { 'accept-language': 'de' })).json().lang).toBe('en');
    const again = await get('?lang=de', { 'if-none-match': String(de.headers.etag) });
    expect(again.statusCode).toBe(304);
    const other = await get('?lang=ar', { 'if-none-match': String(de.headers.etag) });
    expect(other.statusCode).toBe(200);
  });
});
