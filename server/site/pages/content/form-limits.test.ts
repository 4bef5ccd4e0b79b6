import { beforeEach, expect, it } from 'vitest';
import { COMMENT_TEXT_MAX, TICKET_FIELD_LIMITS } from '../../../../common/limits.js';
import { createTicket } from '../../../domain/tickets/create-ticket.js';
import { createClient, signedInBrowser } from '../../../test/factories.js';
import { countRows, relaxIntakeLimits, setRegistration, ticketPayload } from '../../../test/fixtures.js';
import { csrfIn, SiteClient } from '../../../test/site-client.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

// The help site's new-ticket form takes what the API takes (common/limits.ts) and refuses longer
// text with the field named and the typed text given back, instead of storing it cut.

describeEachDatabase("the help site's forms keep the API's limits", (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true });
  beforeEach(() => relaxIntakeLimits(hd.ctx));

  const signedIn = async () => {
    const user = await createClient(hd);
    return { browser: await signedInBrowser(hd, user.id), user };
  };
  const file = async (browser: SiteClient, fields: Record<string, string>) => {
    const page = await browser.get('/tickets/new/');
    return browser.post('/account/new-ticket/', {
      _csrf: csrfIn(page.body),
      return_to: '/tickets/new/',
      subject: 'Long story',
      description: 'Details',
      ...fields,
    });
  };
  const storedTicket = () => hd.ctx.db.selectFrom('posts').select(['title', 'content']).where('type', '=', 'ticket').executeTakeFirst();

  it('a description of 20,001 characters is refused with the field named and the text kept; nothing is stored', async () => {
    const { browser } = await signedIn();
    const before = await countRows(hd.ctx);
    const tooLong = `${'a'.repeat(TICKET_FIELD_LIMITS.description)}Z`;
    const refused = await file(browser, { description: tooLong });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('“Description” is longer than 20,000 characters; shorten it and send it again.');
    // The typed text comes back whole, in a form that sends it again.
    expect(refused.body).toContain(`${tooLong}</textarea>`);
    expect(refused.body).toContain('action="http://help.test/account/new-ticket/"');
    expect(await countRows(hd.ctx)).toEqual(before);
    expect(await storedTicket()).toBeUndefined();
  });

  it('a description of exactly 20,000 characters is filed whole', async () => {
    const { browser } = await signedIn();
    const longest = 'b'.repeat(TICKET_FIELD_LIMITS.description);
    const res = await file(browser, { description: longest });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toContain('notice=ticket_created');
    expect((await storedTicket())?.content).toBe(longest);
  });

  it('a subject longer than 200 characters is refused, not cut; the page offers the same limits', async () => {
    const { browser } = await signedIn();
    const page = await browser.get('/tickets/new/');
    expect(page.body).toContain(`maxLength="${TICKET_FIELD_LIMITS.description}"`);
    expect(page.body).toContain(`maxLength="${TICKET_FIELD_LIMITS.subject}"`);
    const refused = await file(browser, { subject: 's'.repeat(TICKET_FIELD_LIMITS.subject + 1) });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('“Subject” is longer than 200 characters');
    expect(await storedTicket()).toBeUndefined();
    expect((await file(browser, { subject: 's'.repeat(TICKET_FIELD_LIMITS.subject) })).statusCode).toBe(303);
    expect((await storedTicket())?.title).toBe('s'.repeat(TICKET_FIELD_LIMITS.subject));
  });

  it('a reply of 50,001 characters is refused with the field named and the text kept; 50,000 is sent whole', async () => {
    const { browser, user } = await signedIn();
    const ticket = await createTicket(hd.ctx, ticketPayload({ email: user.email }), null);
    const send = async (text: string) => {
      const page = await browser.get(`/tickets/?ticket=${ticket.number}`);
      return browser.post('/account/reply/', { _csrf: csrfIn(page.body), ticket_id: String(ticket.id), return_to: '/tickets/', text });
    };
    const comments = () => hd.ctx.db.selectFrom('comments').select('content').where('post_id', '=', ticket.id).execute();
    const tooLong = `${'r'.repeat(COMMENT_TEXT_MAX)}Z`;
    const refused = await send(tooLong);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('“Your reply” is longer than 50,000 characters; shorten it and send it again.');
    expect(refused.body).toContain(`${tooLong}</textarea>`);
    expect(await comments()).toEqual([]);
    const longest = 'r'.repeat(COMMENT_TEXT_MAX);
    expect((await send(longest)).statusCode).toBe(303);
    expect((await comments()).map((c) => c.content)).toEqual([longest]);
  });

  it('sign-up with a name longer than 200 characters is refused in plain words, not cut; no account', async () => {
    await setRegistration(hd.ctx, { anyoneCanRegister: true, createAccounts: false });
    const browser = new SiteClient(hd.app);
    const refused = await browser.submit('/login/', '/signup/', {
      name: 'n'.repeat(TICKET_FIELD_LIMITS.name + 1),
      email: 'longname@client.test',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Your name: use at most 200 characters.');
    expect(await hd.ctx.db.selectFrom('users').select('id').where('email', '=', 'longname@client.test').execute()).toEqual([]);
  });
});
