import { simpleParser } from 'mailparser';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { addUser } from '../../../domain/people/add-user.js';
import { createApiToken } from '../../../domain/people/api-tokens.js';
import { markTicketSolved } from '../../../domain/tickets/mark-ticket-solved.js';
import { signRatingToken, verifyRatingToken } from '../../../email/rating-links.js';
import { updateSettings } from '../../../settings/settings.js';
import { relaxIntakeLimits, setRegistration, ticketPayload } from '../../../test/fixtures.js';
import { type MailDelivery, startMailDelivery } from '../../../test/mail-delivery.js';
import { csrfIn, SiteClient } from '../../../test/site-client.js';
import type { ReceivedMail } from '../../../test/smtp-sink.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

describeEachDatabase('"Did this solve it?" when a ticket becomes Resolved', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true });
  let delivery: MailDelivery;
  let agent: { id: number; headers: { authorization: string } };
  let bea: { id: number; headers: { authorization: string } };
  let clientEmail: string;
  let counter = 0;

  const api = (method: 'GET' | 'PATCH' | 'POST', url: string, headers: object, payload?: object) =>
    hd.app.inject({ method, url: `/api/helpdesk/v1${url}`, headers: headers as Record<string, string>, payload });

  beforeEach(async () => {
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: true, createAccounts: true });
    delivery = await startMailDelivery(hd);
    const alex = await addUser(hd.ctx, { email: 'alex@staff.test', name: 'Alex', role: 'agent' });
    agent = { id: alex.id, headers: { authorization: `Bearer ${await createApiToken(hd.ctx.db, alex.id, 't')}` } };
    const b = await addUser(hd.ctx, { email: 'bea@staff.test', name: 'Bea', role: 'agent' });
    bea = { id: b.id, headers: { authorization: `Bearer ${await createApiToken(hd.ctx.db, b.id, 't')}` } };
    counter += 1;
    clientEmail = `pat${counter}@client.test`;
  });
  afterEach(async () => {
    await delivery.stop();
  });

  /** Files a ticket as the client, assigns it to Bea and resolves it as Alex; answers the links of the mail. */
  async function resolvedTicket(): Promise<{ id: number; yes: string; no: string; mail: ReceivedMail }> {
    const filed = await hd.app.inject({ method: 'POST', url: '/api/helpdesk/v1/tickets/', payload: ticketPayload({ email: clientEmail }) });
    const id = filed.json().id as number;
    expect((await api('PATCH', `/tickets/${id}`, agent.headers, { assignee: bea.id })).statusCode).toBe(200);
    expect((await api('PATCH', `/tickets/${id}`, agent.headers, { status: 'resolved' })).statusCode).toBe(200);
    const mails = await delivery.mailsTo(clientEmail, 2);
    const mail = mails.find((m) => m.text.includes('Did this solve it?'));
    if (!mail) throw new Error('No resolved mail');
    // Pulled out of the real MIME message, as a mail program reads it: the HTML buttons and the text agree.
    const parsed = await simpleParser(mail.raw);
    const hrefs = [...String(parsed.html).matchAll(/href="([^"]+\/rating\/\?token=[^"]+)"/g)].map((m) => m[1]?.replace(/&amp;/g, '&'));
    const texts = [...String(parsed.text).matchAll(/https?:\/\/\S+\/rating\/\?token=\S+/g)].map((m) => m[0]);
    expect(hrefs).toEqual(texts);
    const [yes, no] = texts.map((link) => link.slice(hd.config.homeUrl.length)) as [string, string];
    expect(yes).toMatch(/\.yes\./);
    expect(no).toMatch(/\.no\./);
    return { id, yes, no, mail };
  }

  const statusOf = async (id: number) => (await api('GET', `/tickets/${id}`, agent.headers)).json().status.slug as string;

  it('"No, not yet": the link only shows a page; the post records it once, reopens the ticket and tells the assignee', async () => {
    const { id, no } = await resolvedTicket();
    const browser = new SiteClient(hd.app);

    // Opening the link (what a mail scanner does) records nothing.
    const page = await browser.get(no);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('No, not yet');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(await statusOf(id)).toBe('resolved');
    expect(await hd.ctx.db.selectFrom('ticket_ratings').selectAll().execute()).toEqual([]);

    // Without the page's CSRF pair the post is refused and changes nothing.
    const forged = await new SiteClient(hd.app).post('/rating/', { token: new URL(no, 'http://x').searchParams.get('token') ?? '' });
    expect(forged.statusCode).toBe(403);
    expect(await statusOf(id)).toBe('resolved');

    const token = new URL(no, 'http://x').searchParams.get('token') ?? '';
    const sent = await browser.post('/rating/', { _csrf: csrfIn(page.body), token, comment: 'The <b>export</b> still fails.' });
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain('We reopened your ticket');

    const ticket = (await api('GET', `/tickets/${id}`, agent.headers)).json();
    expect(ticket.status.slug).toBe('open');
    expect(ticket.ratings).toEqual([{ rating: 'no', comment: 'The <b>export</b> still fails.', created: expect.any(String) }]);
    const last = ticket.events.slice(-2);
    expect(last.map((e: { kind: string; to: string }) => [e.kind, e.to])).toEqual([
      ['rating', 'no'],
      ['field', 'Open'],
    ]);
    expect(last[1].automatic).toBe(true);

    // The assignee hears of it (list and mail), the other agent does not.
    const bell = (await api('GET', '/notifications/?unread=true', bea.headers)).json();
    expect(bell.notifications.map((n: { kind: string }) => n.kind)).toContain('rating_received');
    const alexBell = (await api('GET', '/notifications/', agent.headers)).json();
    expect(alexBell.notifications.map((n: { kind: string }) => n.kind)).not.toContain('rating_received');
    const [told] = (
      await delivery.smtp.waitFor((all) => all.some((m) => m.to.includes('bea@staff.test') && m.text.includes('answered "Did')))
    ).filter((m) => m.to.includes('bea@staff.test') && m.text.includes('answered "Did this solve it?"'));
    expect(told?.text).toContain('No, not yet.');
    expect(told?.text).toContain('The <b>export</b> still fails.');

    // Once: the other link of the same mail, or the same again, says it is recorded and changes nothing.
    const again = await browser.post('/rating/', { _csrf: csrfIn(page.body), token, comment: 'again' });
    expect(again.body).toContain('already recorded');
    expect((await browser.get(no)).body).toContain('already recorded');
    expect(await hd.ctx.db.selectFrom('ticket_ratings').select('comment').execute()).toHaveLength(1);
  });

  it('"Yes, solved" keeps the ticket resolved and counts in the satisfaction figure', async () => {
    const { id, yes } = await resolvedTicket();
    const browser = new SiteClient(hd.app);
    const token = new URL(yes, 'http://x').searchParams.get('token') ?? '';
    const sent = await browser.submit(yes, '/rating/', { token, comment: '' });
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain('Yes, solved');
    expect(sent.body).not.toContain('reopened');
    expect(await statusOf(id)).toBe('resolved');
    const figure = (await api('GET', '/ratings/summary', agent.headers)).json();
    expect(figure).toEqual({ days: 30, yes: 1, no: 0, reopened: 0, percent_yes: 100 });
    expect((await api('GET', '/ratings/summary', {})).statusCode).toBe(401);
  });

  it('a tampered link is not valid, an expired one says so, and neither records anything', async () => {
    const { id, no } = await resolvedTicket();
    const token = new URL(no, 'http://x').searchParams.get('token') ?? '';
    const browser = new SiteClient(hd.app);
    // A real page gives the CSRF pair, so what refuses the forged tokens below is the signature alone.
    const csrf = csrfIn((await browser.get(no)).body);
    // Another ticket's id, or "no" turned into "yes", under the same signature.
    for (const forged of [token.replace(`r1.${id}.`, `r1.${id + 1}.`), token.replace('.no.', '.yes.'), `${token.slice(0, -1)}0`, 'x']) {
      if (forged === token) continue;
      const page = await browser.get(`/rating/?token=${encodeURIComponent(forged)}`);
      expect(page.statusCode).toBe(404);
      expect(page.body).toContain('This link is not valid');
      const post = await browser.post('/rating/', { _csrf: csrf, token: forged });
      expect(post.statusCode).toBe(404);
    }
    const claim = await verifyRatingToken(hd.ctx.db, token);
    if (claim.state !== 'valid') throw new Error('The mailed token should be valid');
    const expired = await signRatingToken(hd.ctx.db, { ...claim.claim, expiresAt: Math.floor(Date.now() / 1000) - 1 });
    const page = await browser.get(`/rating/?token=${expired}`);
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('This link has expired');
    expect((await browser.post('/rating/', { _csrf: csrf, token: expired })).statusCode).toBe(410);
    expect(await hd.ctx.db.selectFrom('ticket_ratings').selectAll().execute()).toEqual([]);
    expect(await statusOf(id)).toBe('resolved');
  });

  it('with the settings off: no reopening on "no"; no mail at all; a comment too long is refused with nothing recorded', async () => {
    await updateSettings(hd.ctx, { emails: { reopen_when_not_solved: false } });
    const { id, no } = await resolvedTicket();
    const browser = new SiteClient(hd.app);
    const token = new URL(no, 'http://x').searchParams.get('token') ?? '';
    const tooLong = await browser.submit(no, '/rating/', { token, comment: 'x'.repeat(2001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain('shorten it to at most 2,000');
    expect(await hd.ctx.db.selectFrom('ticket_ratings').selectAll().execute()).toEqual([]);
    expect((await browser.submit(no, '/rating/', { token })).statusCode).toBe(200);
    expect(await statusOf(id)).toBe('resolved');

    await updateSettings(hd.ctx, { emails: { ask_rating_when_resolved: false } });
    const filed = await hd.app.inject({ method: 'POST', url: '/api/helpdesk/v1/tickets/', payload: ticketPayload({ email: clientEmail }) });
    const second = filed.json().id as number;
    await api('PATCH', `/tickets/${second}`, agent.headers, { status: 'resolved' });
    // The next mail to the client is an agent's reply, not a rating request for the second. (The second
    // ticket's confirmation is held back: one an hour per address.)
    expect((await api('POST', `/tickets/${second}/comments`, agent.headers, { text: 'One more thing.' })).statusCode).toBe(201);
    const mails = await delivery.mailsTo(clientEmail, 3);
    expect(mails.at(-1)?.text).toContain('One more thing.');
    expect(mails.filter((m) => m.text.includes('Did this solve it?'))).toHaveLength(1);
  });

  it('reopened before the answer, a ticket stays as the agent left it; who solved it is not asked; control chars refused', async () => {
    const { id, no } = await resolvedTicket();
    await api('PATCH', `/tickets/${id}`, agent.headers, { status: 'in-progress' });
    const browser = new SiteClient(hd.app);
    const token = new URL(no, 'http://x').searchParams.get('token') ?? '';
    const refused = await browser.submit(no, '/rating/', { token, comment: 'bell\u0007' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('control characters');
    const sent = await browser.submit(no, '/rating/', { token, comment: 'Still broken' });
    expect(sent.body).not.toContain('We reopened');
    const ticket = (await api('GET', `/tickets/${id}`, agent.headers)).json();
    expect(ticket.status.slug).toBe('in-progress');
    expect(ticket.events.at(-1)).toMatchObject({ kind: 'rating', to: 'no' });

    // The client marks their own ticket solved: no question back.
    const filed = await hd.app.inject({ method: 'POST', url: '/api/helpdesk/v1/tickets/', payload: ticketPayload({ email: clientEmail }) });
    const mine = filed.json().id as number;
    const { author_id } = await hd.ctx.db.selectFrom('posts').select('author_id').where('id', '=', mine).executeTakeFirstOrThrow();
    // Solved answers a reply (that ticket's confirmation is held back: one an hour per address).
    expect((await api('POST', `/tickets/${mine}/comments`, agent.headers, { text: 'Does this help?' })).statusCode).toBe(201);
    await markTicketSolved(hd.ctx, author_id as number, mine);
    expect(await statusOf(mine)).toBe('resolved');
    // An agent's reply marks the end.
    expect((await api('POST', `/tickets/${mine}/comments`, agent.headers, { text: 'Glad it works.' })).statusCode).toBe(201);
    const mails = await delivery.mailsTo(clientEmail, 4);
    expect(mails.some((m) => m.text.includes('Glad it works.'))).toBe(true);
    expect(mails.filter((m) => m.text.includes('Did this solve it?'))).toHaveLength(1);
  });
});
