import { simpleParser } from 'mailparser';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { addUser } from '../../../domain/people/add-user.js';
import { createApiToken } from '../../../domain/people/api-tokens.js';
import { signRatingToken, verifyRatingToken } from '../../../email/rating-links.js';
import { updateSettings } from '../../../settings/settings.js';
import { relaxIntakeLimits, setRegistration, ticketPayload } from '../../../test/fixtures.js';
import { type MailDelivery, startMailDelivery } from '../../../test/mail-delivery.js';
import { SiteClient } from '../../../test/site-client.js';
import type { ReceivedMail } from '../../../test/smtp-sink.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

/** The thread headers of a mail as a mail program reads them (folded lines and all). */
async function thread(mail: ReceivedMail): Promise<{ messageId: string; inReplyTo: string; references: string[] }> {
  const parsed = await simpleParser(mail.raw);
  const references = parsed.references === undefined ? [] : [parsed.references].flat();
  return { messageId: parsed.messageId ?? '', inReplyTo: parsed.inReplyTo ?? '', references };
}

/** The two answer links of a mail, as paths on the site (text part). */
function linksIn(mail: ReceivedMail, homeUrl: string): { yes: string; no: string } {
  const found = [...mail.text.matchAll(/https?:\/\/\S+\/rating\/\?token=\S+/g)].map((m) => m[0].slice(homeUrl.length));
  const yes = found.find((l) => /\.yes\./.test(l));
  const no = found.find((l) => /\.no\./.test(l));
  if (!yes || !no) throw new Error(`No rating links in the mail "${mail.subject}"`);
  return { yes, no };
}

const tokenOf = (link: string) => new URL(link, 'http://x').searchParams.get('token') ?? '';

describeEachDatabase('The rating follows the answer', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true });
  let delivery: MailDelivery;
  let agent: { authorization: string };
  let clientEmail: string;
  let counter = 0;

  const api = (method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object) =>
    hd.app.inject({ method, url: `/api/helpdesk/v1${url}`, headers: agent, payload });
  const summary = async () => (await api('GET', '/ratings/summary')).json();
  const statusOf = async (id: number) => (await api('GET', `/tickets/${id}`)).json().status.slug as string;

  beforeEach(async () => {
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: true, createAccounts: true });
    delivery = await startMailDelivery(hd);
    const alex = await addUser(hd.ctx, { email: 'alex@staff.test', name: 'Alex', role: 'agent' });
    agent = { authorization: `Bearer ${await createApiToken(hd.ctx.db, alex.id, 't')}` };
    counter += 1;
    clientEmail = `sam${counter}@client.test`;
  });
  afterEach(async () => {
    await delivery.stop();
  });

  /** Files a ticket as the client and waits for its confirmation mail. */
  async function fileTicket(): Promise<number> {
    const filed = await hd.app.inject({ method: 'POST', url: '/api/helpdesk/v1/tickets/', payload: ticketPayload({ email: clientEmail }) });
    expect(filed.statusCode).toBe(201);
    await delivery.mailsTo(clientEmail, 1);
    return filed.json().id as number;
  }

  /** Sends the reply and waits until the client has `count` mails. */
  async function reply(id: number, body: object, count: number): Promise<ReceivedMail[]> {
    expect((await api('POST', `/tickets/${id}/comments`, body)).statusCode).toBe(201);
    return delivery.mailsTo(clientEmail, count);
  }

  it('"Send and set Resolved" is one mail: the reply with the question, threaded after the last mail, no question before it', async () => {
    const id = await fileTicket();
    const [confirmation, resolving] = await reply(id, { text: 'Reinstall the **plugin**, then export again.', status: 'resolved' }, 2);
    if (!confirmation || !resolving) throw new Error('mails missing');
    // The second mail the client gets is the reply itself, and it asks "Did this solve it?" with both links.
    expect(resolving.text).toContain('Reinstall the plugin, then export again.');
    expect(resolving.text).toContain('Did this solve it?');
    linksIn(resolving, hd.config.homeUrl);
    expect(resolving.html).toContain('Yes, solved');
    // A person's words: not an automatic mail, though it carries the question.
    expect(resolving.headers['auto-submitted']).toBeUndefined();

    // A later mail (a reply that leaves the status as it is) marks the end: the queue sent everything
    // queued before it, so any separate question would be among these.
    const mails = await reply(id, { text: 'One more thing: clear the cache.', status: 'resolved' }, 3);
    expect(mails).toHaveLength(3);
    expect(mails.map((m) => m.text.includes('Did this solve it?'))).toEqual([false, true, false]);
    expect(mails[2]?.text).toContain('One more thing');

    // Threading as sent: each mail answers the one before it, and the reply never points at a rating mail.
    const [first, second, third] = await Promise.all(mails.map(thread));
    expect(second?.inReplyTo).toBe(first?.messageId);
    expect(second?.references).toContain(first?.messageId);
    expect(third?.inReplyTo).toBe(second?.messageId);
    expect(third?.references).toEqual(expect.arrayContaining([first?.messageId, second?.messageId]));

    // The links work: the answer is recorded for that resolution and counts.
    const { yes } = linksIn(resolving, hd.config.homeUrl);
    const thanks = await new SiteClient(hd.app).submit(yes, '/rating/', { token: tokenOf(yes) });
    expect(thanks.statusCode).toBe(200);
    expect(thanks.body).toContain('We recorded your answer');
    expect(thanks.body).not.toContain('was reopened');
    const [request] = await hd.ctx.db.selectFrom('rating_requests').select('id').where('ticket_id', '=', id).execute();
    const [rating] = await hd.ctx.db.selectFrom('ticket_ratings').select(['rating', 'resolution_id']).execute();
    expect(rating).toEqual({ rating: 'yes', resolution_id: request?.id });
    expect(await summary()).toEqual({ days: 30, yes: 1, no: 0, reopened: 0, percent_yes: 100 });
  });

  it('an admin may place the links in the reply template: there in a resolving reply, left out of any other', async () => {
    const body = 'Hello,\n\n##reply_text##\n\nSolved? ##rating_yes_link## Not yet? ##rating_no_link##\n\n##ticket_link##';
    await updateSettings(hd.ctx, { emails: { client_agent_reply_body: body } });
    const id = await fileTicket();
    const [, plain] = await reply(id, { text: 'A question first.' }, 2);
    expect(plain?.text).toContain('Solved?  Not yet?');
    expect(plain?.html).not.toContain('##rating');
    expect(plain?.html).not.toContain('/rating/');
    const [, , resolving] = await reply(id, { text: 'Done.', status: 'resolved' }, 3);
    const { yes, no } = linksIn(resolving as ReceivedMail, hd.config.homeUrl);
    expect(resolving?.text).toContain(`Solved? ${hd.config.homeUrl}${yes} Not yet? ${hd.config.homeUrl}${no}`);
    expect(resolving?.text).not.toContain('We marked your request as resolved');
  });

  it('a note that resolves sends the question as its own mail, after the last mail', async () => {
    const id = await fileTicket();
    await reply(id, { text: 'Looking into it.' }, 2);
    expect(
      (await api('POST', `/tickets/${id}/comments`, { text: 'Fixed on the server.', internal: true, status: 'resolved' })).statusCode,
    ).toBe(201);
    const mails = await delivery.mailsTo(clientEmail, 3);
    expect(mails[2]?.text).toContain('Did this solve it?');
    expect(mails[2]?.text).not.toContain('Fixed on the server');
    const [, last, question] = await Promise.all(mails.map(thread));
    expect(question?.inReplyTo).toBe(last?.messageId);
  });

  it('a status change right after a reply: the separate question waits for the reply and follows it', async () => {
    const id = await fileTicket();
    // Both queued while no worker runs, so the next one claims them in one batch, as under load: the reply's
    // comment_added job (its mail made only by that fan-out) and the rating mail job, already a mail.
    await delivery.stop();
    expect((await api('POST', `/tickets/${id}/comments`, { text: 'Try the new version.' })).statusCode).toBe(201);
    expect((await api('PATCH', `/tickets/${id}`, { status: 'resolved' })).statusCode).toBe(200);
    delivery = await startMailDelivery(hd);
    const [answer, question] = await delivery.mailsTo(clientEmail, 2);
    expect(answer?.text).toContain('Try the new version.');
    expect(question?.text).toContain('Did this solve it?');
    const [answered, asked] = await Promise.all([answer, question].map((m) => thread(m as ReceivedMail)));
    expect(asked?.inReplyTo).toBe(answered?.messageId);
  });

  it('reopened before the mail went out: the reply goes without the question, a separate question not at all', async () => {
    const id = await fileTicket();
    await delivery.stop();
    expect((await api('POST', `/tickets/${id}/comments`, { text: 'Fixed, I think.', status: 'resolved' })).statusCode).toBe(201);
    expect((await api('PATCH', `/tickets/${id}`, { status: 'open' })).statusCode).toBe(200);
    expect((await api('PATCH', `/tickets/${id}`, { status: 'resolved' })).statusCode).toBe(200);
    expect((await api('PATCH', `/tickets/${id}`, { status: 'open' })).statusCode).toBe(200);
    delivery = await startMailDelivery(hd);
    const mails = await delivery.mailsTo(clientEmail, 1);
    expect(mails[0]?.text).toContain('Fixed, I think.');
    expect(mails[0]?.text).not.toContain('Did this solve it?');
    // The separate question of the second resolution is settled without a mail.
    const question = () =>
      hd.ctx.db
        .selectFrom('jobs')
        .select('state')
        .where('kind', '=', 'mail')
        .where('payload', 'like', '%client_ticket_resolved%')
        .execute();
    await vi.waitFor(async () => expect(await question()).toEqual([{ state: 'done' }]), { timeout: 20_000, interval: 50 });
    expect(delivery.smtp.messages.filter((m) => m.text.includes('Did this solve it?'))).toEqual([]);
  });

  it('links mailed before resolutions were recorded (r1) still work, unbound; an r1 signature is no r2 one', async () => {
    const id = await fileTicket();
    const expiresAt = Math.floor(Date.now() / 1000) + 3600;
    const r1 = await signRatingToken(hd.ctx.db, { ticketId: id, rating: 'yes', requestId: '999999', expiresAt });
    expect(r1).toMatch(/^r1\./);
    expect(await verifyRatingToken(hd.ctx.db, r1)).toEqual({
      state: 'valid',
      claim: { ticketId: id, rating: 'yes', requestId: '999999', expiresAt },
    });
    const [, ticket, rating, request, expiry, signature] = r1.split('.');
    expect(await verifyRatingToken(hd.ctx.db, `r2.${ticket}.${rating}.${request}.1.${expiry}.${signature}`)).toEqual({ state: 'invalid' });
    const r2 = await signRatingToken(hd.ctx.db, { ticketId: id, rating: 'yes', requestId: '999999', expiresAt, resolutionId: 7 });
    expect(r2).toMatch(/^r2\.\d+\.yes\.999999\.7\./);
    expect(await verifyRatingToken(hd.ctx.db, r2)).toMatchObject({ state: 'valid', claim: { resolutionId: 7 } });
    const browser = new SiteClient(hd.app);
    const sent = await browser.submit(`/rating/?token=${r1}`, '/rating/', { token: r1 });
    expect(sent.body).toContain('We recorded your answer');
    expect(sent.body).not.toContain('was reopened');
    expect(await summary()).toEqual({ days: 30, yes: 1, no: 0, reopened: 0, percent_yes: 100 });
  });

  it('a "yes" for a resolution reopened since is not satisfied; the page says so; resolving again asks again', async () => {
    const id = await fileTicket();
    const first = linksIn((await reply(id, { text: 'Fixed.', status: 'resolved' }, 2))[1] as ReceivedMail, hd.config.homeUrl);
    const browser = new SiteClient(hd.app);
    expect((await browser.submit(first.yes, '/rating/', { token: tokenOf(first.yes) })).statusCode).toBe(200);
    expect(await summary()).toEqual({ days: 30, yes: 1, no: 0, reopened: 0, percent_yes: 100 });

    // Reopened after the "yes": the resolution did not hold, so that "yes" is no longer satisfied.
    expect((await api('PATCH', `/tickets/${id}`, { status: 'open' })).statusCode).toBe(200);
    expect(await summary()).toEqual({ days: 30, yes: 0, no: 0, reopened: 1, percent_yes: 0 });

    // Resolved again (a status change alone): asked again, in a mail of its own threaded after the last one,
    // with links of a new resolution.
    expect((await api('PATCH', `/tickets/${id}`, { status: 'resolved' })).statusCode).toBe(200);
    const mails = await delivery.mailsTo(clientEmail, 3);
    const second = linksIn(mails[2] as ReceivedMail, hd.config.homeUrl);
    const [, resolvingReply, question] = await Promise.all(mails.map(thread));
    expect(question?.inReplyTo).toBe(resolvingReply?.messageId);
    expect(tokenOf(second.yes)).not.toBe(tokenOf(first.yes));
    expect(await hd.ctx.db.selectFrom('rating_requests').select('id').where('ticket_id', '=', id).execute()).toHaveLength(2);

    // Reopened and resolved once more (by a reply) before the client answers the second mail.
    expect((await api('PATCH', `/tickets/${id}`, { status: 'in-progress' })).statusCode).toBe(200);
    const third = linksIn((await reply(id, { text: 'Now really fixed.', status: 'resolved' }, 4))[3] as ReceivedMail, hd.config.homeUrl);

    // The second mail's "no" is about a resolution that was reopened: the page says so plainly, and the
    // answer is kept but reopens nothing (the ticket stays as the third resolution left it).
    const page = await browser.get(second.no);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Your ticket was reopened after we asked this');
    const stale = await browser.submit(second.no, '/rating/', { token: tokenOf(second.no), comment: 'It broke again' });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toContain('Your ticket was reopened after we asked this');
    expect(stale.body).not.toContain('We reopened your ticket');
    expect(await statusOf(id)).toBe('resolved');

    // The signed resolution cannot be swapped for the current one.
    const [current] = await hd.ctx.db.selectFrom('rating_requests').select('id').where('reopened_at', 'is', null).execute();
    const swapped = tokenOf(second.yes).replace(/^(r2\.\d+\.yes\.\d+\.)\d+\./, `$1${current?.id}.`);
    expect(swapped).not.toBe(tokenOf(second.yes));
    expect((await browser.get(`/rating/?token=${swapped}`)).statusCode).toBe(404);

    // The third, current resolution's "yes" counts.
    expect((await browser.submit(third.yes, '/rating/', { token: tokenOf(third.yes) })).body).not.toContain('was reopened');
    expect(await summary()).toEqual({ days: 30, yes: 1, no: 1, reopened: 1, percent_yes: 33 });
  });
});
