import { expect, it } from 'vitest';
import { relaxIntakeLimits, setRegistration, ticketPayload } from '../../../test/fixtures.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

const TICKETS = '/api/helpdesk/v1/tickets/';

describeEachDatabase('the client’s language on the first ticket (POST /tickets/ `language`, else Accept-Language)', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  const languageOf = async (email: string) =>
    (await hd.ctx.db.selectFrom('users').select('language').where('email', '=', email).executeTakeFirstOrThrow()).language;
  const file = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    hd.app.inject({ method: 'POST', url: TICKETS, payload, headers });

  it('a new client gets the widget’s language; an existing account keeps its own', async () => {
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    await relaxIntakeLimits(hd.ctx);
    const first = ticketPayload({ language: 'de' });
    expect((await file(first, { 'accept-language': 'fr' })).statusCode).toBe(201);
    expect(await languageOf(first.email)).toBe('de');
    // A second ticket in another language changes nothing: stored only for a new account.
    expect((await file({ ...ticketPayload({ language: 'ar' }), email: first.email })).statusCode).toBe(201);
    expect(await languageOf(first.email)).toBe('de');
  });

  it('without `language` the request’s Accept-Language decides; an unknown tag stores none and refuses nothing', async () => {
    const browser = ticketPayload();
    expect((await file(browser, { 'accept-language': 'ja, es-MX;q=0.8, en;q=0.5' })).statusCode).toBe(201);
    expect(await languageOf(browser.email)).toBe('es');
    const unknown = ticketPayload({ language: 'tlh' });
    expect((await file(unknown)).statusCode).toBe(201);
    expect(await languageOf(unknown.email)).toBeNull();
    const regional = ticketPayload({ language: 'fr-CA' });
    expect((await file(regional)).statusCode).toBe(201);
    expect(await languageOf(regional.email)).toBe('fr');
  });
});
