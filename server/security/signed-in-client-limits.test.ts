import { beforeEach, expect, it } from 'vitest';
import { createSession } from '../auth/sessions.js';
import { addUser } from '../domain/people/add-user.js';
import { createApiToken } from '../domain/people/api-tokens.js';
import { updateSettings } from '../settings/settings.js';
import { countRows, relaxIntakeLimits, setRegistration, ticketPayload } from '../test/fixtures.js';
import { csrfIn, SiteClient } from '../test/site-client.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';

// Tickets and replies of signed-in clients are limited per account and per address (Tickets →
// Intake protection), on the help site's forms and the API; the intake switch can stop the help
// site's new-ticket form too.

const API = '/api/helpdesk/v1';
let clients = 0;

describeEachDatabase('signed-in clients are limited too', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true });
  beforeEach(async () => {
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    await relaxIntakeLimits(hd.ctx);
  });

  async function client() {
    clients += 1;
    const user = await addUser(hd.ctx, { email: `limited${clients}@client.test`, name: `Client ${clients}`, role: 'client' });
    const browser = new SiteClient(hd.app);
    browser.cookies.set('hd_session', await createSession(hd.ctx.db, user.id));
    const bearer = { authorization: `Bearer ${await createApiToken(hd.ctx.db, user.id, 'test')}` };
    return { user, browser, bearer };
  }

  const fileOnSite = async (browser: SiteClient, subject: string) => {
    const page = await browser.get('/tickets/new/');
    return browser.post('/account/new-ticket/', {
      _csrf: csrfIn(page.body),
      return_to: '/tickets/new/',
      subject,
      description: `Details of ${subject}`,
    });
  };

  it(
    'the help-site form: over the per-account limit the form comes back ' + 'with what was typed, 429 with Retry-After, nothing stored',
    async () => {
      await updateSettings(hd.ctx, { tickets: { limit_client_tickets_hour: 2 } });
      const { browser } = await client();
      expect((await fileOnSite(browser, 'First')).statusCode).toBe(303);
      expect((await fileOnSite(browser, 'Second')).statusCode).toBe(303);
      const before = await countRows(hd.ctx);
      const refused = await fileOnSite(browser, 'Third <b>flood</b>');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.body).toContain('Too many tickets were sent from this account or network');
      expect(refused.body).toContain('value="Third &lt;b&gt;flood&lt;/b&gt;"');
      expect(refused.body).toContain('Details of Third &lt;b&gt;flood&lt;/b&gt;</textarea>');
      expect(refused.body).toContain('action="http://help.test/account/new-ticket/"');
      expect(await countRows(hd.ctx)).toEqual(before);
      // Another account is not affected.
      expect((await fileOnSite((await client()).browser, 'Elsewhere')).statusCode).toBe(303);
    },
  );

  it('help-site replies: over the per-account limit the reply comes back with its text, 429', async () => {
    await updateSettings(hd.ctx, { tickets: { limit_client_replies_hour: 2 } });
    const { user, browser, bearer } = await client();
    const filed = (
      await hd.app.inject({ method: 'POST', url: `${API}/tickets/`, headers: bearer, payload: ticketPayload({ email: user.email }) })
    ).json() as { id: number; number: number };
    const ticketId = filed.id;
    const replyOnSite = async (text: string) => {
      const page = await browser.get(`/tickets/?ticket=${filed.number}`);
      return browser.post('/account/reply/', { _csrf: csrfIn(page.body), ticket_id: String(ticketId), return_to: '/tickets/', text });
    };
    expect((await replyOnSite('one')).statusCode).toBe(303);
    expect((await replyOnSite('two')).statusCode).toBe(303);
    const refused = await replyOnSite('three, typed with care');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.body).toContain('Too many replies');
    expect(refused.body).toContain('three, typed with care</textarea>');
    expect(refused.body).toContain(`name="ticket_id" value="${ticketId}"`);
    const comments = await hd.ctx.db.selectFrom('comments').select('id').where('post_id', '=', ticketId).execute();
    expect(comments).toHaveLength(2);
  });

  it('the API: tickets and replies of a signed-in client are limited per account (429 problem with Retry-After)', async () => {
    await updateSettings(hd.ctx, { tickets: { limit_client_tickets_hour: 2, limit_client_replies_hour: 2 } });
    const { user, bearer } = await client();
    const file = () =>
      hd.app.inject({ method: 'POST', url: `${API}/tickets/`, headers: bearer, payload: ticketPayload({ email: user.email }) });
    const first = await file();
    expect(first.statusCode).toBe(201);
    expect((await file()).statusCode).toBe(201);
    const refused = await file();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });

    const reply = () =>
      hd.app.inject({ method: 'POST', url: `${API}/tickets/${first.json().id}/comments`, headers: bearer, payload: { text: 'more' } });
    expect((await reply()).statusCode).toBe(201);
    expect((await reply()).statusCode).toBe(201);
    expect((await reply()).statusCode).toBe(429);
    // Agents are never limited.
    const agent = await hd.authAs('agent');
    expect(
      (
        await hd.app.inject({
          method: 'POST',
          url: `${API}/tickets/${first.json().id}/comments`,
          headers: agent,
          payload: { text: 'an answer' },
        })
      ).statusCode,
    ).toBe(201);
  });

  it('per address across accounts, an IPv6 /64 counting as one address', async () => {
    await updateSettings(hd.ctx, { tickets: { limit_client_ip_hour: 3 } });
    const accounts = [await client(), await client()];
    const codes: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await hd.app.inject({
        method: 'POST',
        url: `${API}/tickets/`,
        headers: accounts[i % 2]?.bearer,
        payload: ticketPayload(),
        remoteAddress: `2001:db8:77:1::${i + 1}`,
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([201, 201, 201, 429, 429]);
    const other = await hd.app.inject({
      method: 'POST',
      url: `${API}/tickets/`,
      headers: accounts[0]?.bearer,
      payload: ticketPayload(),
      remoteAddress: '2001:db8:77:2::1',
    });
    expect(other.statusCode).toBe(201);
  });

  it(
    '"Also stop the help site\'s new-ticket form": off by default; on, the ' +
      'switched-off intake stops the form (503, text kept) but not replies',
    async () => {
      await updateSettings(hd.ctx, { tickets: { intake_enabled: false } });
      const { user, browser, bearer } = await client();
      expect((await fileOnSite(browser, 'Still open')).statusCode).toBe(303);

      await updateSettings(hd.ctx, { tickets: { intake_stops_site_form: true } });
      const before = await countRows(hd.ctx);
      const stopped = await fileOnSite(browser, 'Not now');
      expect(stopped.statusCode).toBe(503);
      expect(stopped.body).toContain('not taking new tickets right now');
      expect(stopped.body).toContain('value="Not now"');
      expect(await countRows(hd.ctx)).toEqual(before);

      await updateSettings(hd.ctx, { tickets: { intake_enabled: true } });
      const filed = (
        await hd.app.inject({ method: 'POST', url: `${API}/tickets/`, headers: bearer, payload: ticketPayload({ email: user.email }) })
      ).json() as { id: number; number: number };
      const ticketId = filed.id;
      await updateSettings(hd.ctx, { tickets: { intake_enabled: false } });
      const page = await browser.get(`/tickets/?ticket=${filed.number}`);
      const replied = await browser.post('/account/reply/', {
        _csrf: csrfIn(page.body),
        ticket_id: String(ticketId),
        return_to: '/tickets/',
        text: 'a reply still goes',
      });
      expect(replied.statusCode).toBe(303);
    },
  );
});
