import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';

type Headers = Record<string, string>;

describeEachDatabase('problem responses in the reader’s language', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let agent: Headers;
  let frenchAgent: Headers;
  // A tag without its name: a 400 from the route's schema, naming the field.
  const addNamelessTag = (headers: Headers) =>
    hd.app.inject({ method: 'POST', url: '/api/helpdesk/v1/tags/', headers, payload: { color: '#112233' } });

  beforeAll(async () => {
    agent = await hd.authAs('agent');
    frenchAgent = await hd.authAs('agent');
    const newest = await hd.ctx.db.selectFrom('users').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    await hd.ctx.db.updateTable('users').set({ language: 'fr' }).where('id', '=', newest.id).execute();
  });

  it('Accept-Language: de gives a German title and field detail, said in Content-Language, with the same code', async () => {
    const res = await addNamelessTag({ ...agent, 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-language']).toBe('de');
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      title: 'Ihre Anfrage enthält ungültige Felder',
      errors: [{ field: 'name', detail: 'ist erforderlich' }],
    });
    expect(res.json().detail).toBe('Bitte korrigieren Sie dieses Feld: name ist erforderlich.');
  });

  it('an AppError’s detail is German too', async () => {
    const res = await hd.app.inject({
      method: 'GET',
      url: '/api/helpdesk/v1/tickets/999999',
      headers: { ...agent, 'accept-language': 'de' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', title: 'Nicht gefunden', detail: 'Dieses Ticket gibt es nicht.' });
  });

  it('a token of an agent whose account language is French gets French, over the browser’s language', async () => {
    const res = await addNamelessTag({ ...frenchAgent, 'accept-language': 'de' });
    expect(res.headers['content-language']).toBe('fr');
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      title: 'Votre requête contient des champs non valides',
      errors: [{ field: 'name', detail: 'est obligatoire' }],
    });
  });

  it('Arabic works, and an unknown language gets the site’s English', async () => {
    const arabic = await addNamelessTag({ ...agent, 'accept-language': 'ar' });
    expect(arabic.headers['content-language']).toBe('ar');
    expect(arabic.json()).toMatchObject({ code: 'VALIDATION_FAILED', title: 'يحتوي طلبك على حقول غير صالحة' });
    expect(arabic.json().errors[0].detail).toBe('مطلوب');

    const unknown = await addNamelessTag({ ...agent, 'accept-language': 'xx-YY' });
    expect(unknown.headers['content-language']).toBe('en');
    expect(unknown.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      title: 'Your request has invalid fields',
      detail: 'Fix the field named here: name is required.',
      errors: [{ field: 'name', detail: 'is required' }],
    });
  });

  it('the pseudo-locale en-XA gives bracketed texts', async () => {
    const res = await addNamelessTag({ ...agent, 'accept-language': 'en-XA' });
    expect(res.headers['content-language']).toBe('en-XA');
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().title).toMatch(/^⟦.+⟧$/);
    expect(res.json().errors[0].detail).toMatch(/^⟦.+⟧$/);
  });

  it('an unrouted path answers in the browser’s language too', async () => {
    const res = await hd.app.inject({ method: 'GET', url: '/api/helpdesk/v1/nothing-here', headers: { 'accept-language': 'es' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-language']).toBe('es');
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', title: 'No encontrado' });
  });
});
