import { beforeEach, describe, expect, it } from 'vitest';
import { issueTicketLink } from '../auth/ticket-links.js';
import { addComment } from '../domain/comments/add-comment.js';
import { updateSettings } from '../settings/settings.js';
import { createTicketWithLink, signInWithLink, type TicketOverrides } from '../test/factories.js';
import { setRegistration, ticketPayload } from '../test/fixtures.js';
import { csrfIn, linkPath, memoryMail, SiteClient } from '../test/site-client.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { createTestHelpdesk, useTestHelpdesk } from '../test/test-helpdesk.js';

describeEachDatabase('client sign-in by mailed link and the ticket pages', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true });
  let mail: ReturnType<typeof memoryMail>;
  beforeEach(async () => {
    mail = memoryMail(hd);
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
  });

  // Filed with a foreign Host header: the mailed link must still use the site's own address.
  const fileTicket = (overrides: TicketOverrides = {}) => createTicketWithLink(hd, mail, overrides, { host: 'evil.test' });
  const signInWith = (link: string) => signInWithLink(hd, link);

  it('opens the ticket from the mailed link: the GET changes nothing, the POST signs in and drops the token from the address', async () => {
    const { id, number, link } = await fileTicket({ subject: 'Printer on fire' });
    // The seeded pages took the first ids: the ticket's id is not the number the client reads.
    expect(id).not.toBe(number);
    const browser = new SiteClient(hd.app);
    // A mail scanner prefetching the link twice does not use it up.
    expect((await browser.get(link)).statusCode).toBe(200);
    const page = await browser.get(link);
    expect(page.statusCode).toBe(200);
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('Sign in and open the ticket');
    expect(await hd.ctx.db.selectFrom('sessions').selectAll().execute()).toHaveLength(0);

    const token = new URL(link, 'http://x').searchParams.get('token') as string;
    const res = await browser.post('/login/ticket/', { _csrf: csrfIn(page.body), token });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`http://help.test/tickets/?ticket=${number}`);
    const cookie = res.cookies.find((c) => c.name === 'hd_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();

    const thread = await browser.get(`/tickets/?ticket=${number}`);
    expect(thread.statusCode).toBe(200);
    expect(thread.body).toContain('Printer on fire');
    expect(thread.body).toContain(`Ticket <bdi dir="ltr">#${number}</bdi> ·`);
    expect(thread.body).toContain('Your reply');
    // `?ticket=` is the number: the id names no ticket of theirs.
    expect((await browser.get(`/tickets/?ticket=${id}`)).statusCode).toBe(404);
  });

  it('refuses a confirmation without the CSRF token, and the link still works afterwards', async () => {
    const { link } = await fileTicket();
    const token = new URL(link, 'http://x').searchParams.get('token') as string;
    const browser = new SiteClient(hd.app);
    await browser.get(link);
    const forged = await browser.post('/login/ticket/', { token });
    expect(forged.statusCode).toBe(403);
    expect(forged.cookies.find((c) => c.name === 'hd_session')).toBeUndefined();
    expect((await signInWith(link)).res.statusCode).toBe(303);
  });

  it('a used link fails cleanly and offers a fresh one, rate-limited per address', async () => {
    const { link, email } = await fileTicket();
    expect((await signInWith(link)).res.statusCode).toBe(303);
    const again = await signInWith(link);
    expect(again.res.statusCode).toBe(410);
    expect(again.res.body).toContain('already used');
    expect(again.res.cookies.find((c) => c.name === 'hd_session')).toBeUndefined();

    const browser = new SiteClient(hd.app);
    const token = new URL(link, 'http://x').searchParams.get('token') as string;
    const before = mail.sent.length;
    for (let i = 0; i < 3; i += 1) {
      const res = await browser.submit(link, '/login/fresh-link/', { token });
      expect(res.body).toContain('A fresh link is on its way');
    }
    const limited = await browser.submit(link, '/login/fresh-link/', { token });
    expect(limited.statusCode).toBe(429);
    await mail.drain();
    const fresh = mail.sent.slice(before);
    expect(fresh.map((m) => m.to)).toEqual([email.toLowerCase(), email.toLowerCase(), email.toLowerCase()]);
    expect((await signInWith(linkPath(fresh[0] as never, hd.config.homeUrl))).res.statusCode).toBe(303);
  });

  it('an expired link fails cleanly; a tampered one is not valid', async () => {
    const { link } = await fileTicket();
    const token = new URL(link, 'http://x').searchParams.get('token') as string;
    const tamperedToken = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const tampered = await signInWith(link.replace(token, tamperedToken));
    expect(tampered.res.statusCode).toBe(404);
    expect(tampered.res.body).toContain('This link is not valid');
    await hd.ctx.db
      .updateTable('login_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const browser = new SiteClient(hd.app);
    const page = await browser.get(link);
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('This link has expired');
    expect((await signInWith(link)).res.statusCode).toBe(410);
  });

  it("another client's ticket is the same 404 as a missing one, even with their own valid link", async () => {
    const ann = await fileTicket();
    const bob = await fileTicket();
    const { browser } = await signInWith(ann.link);
    const others = await browser.get(`/tickets/?ticket=${bob.number}`);
    const missing = await browser.get('/tickets/?ticket=999999');
    expect(others.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(others.body).toBe(missing.body);
    const reply = await browser.submit('/tickets/', '/account/reply/', {
      ticket_id: String(bob.id),
      text: 'mine now',
      return_to: '/tickets/',
    });
    expect(reply.statusCode).toBe(404);
    expect(await hd.ctx.db.selectFrom('comments').selectAll().execute()).toHaveLength(0);
  });

  it('rotates the session at sign-in and ends it at sign-out', async () => {
    const first = await fileTicket();
    // A second link, as the agent's reply mail carries (a second confirmation within the hour is held back).
    const author = await hd.ctx.db.selectFrom('posts').select('author_id').where('id', '=', first.id).executeTakeFirstOrThrow();
    const issued = await issueTicketLink(hd.ctx.db, hd.config.homeUrl, {
      userId: author.author_id as number,
      ticketId: first.id,
      lifetimeDays: 1,
    });
    const second = { link: issued.slice(hd.config.homeUrl.length) };
    const { browser } = await signInWith(first.link);
    const before = browser.cookies.get('hd_session');
    const page = await browser.get(second.link);
    await browser.post('/login/ticket/', {
      _csrf: csrfIn(page.body),
      token: new URL(second.link, 'http://x').searchParams.get('token') as string,
    });
    expect(browser.cookies.get('hd_session')).not.toBe(before);
    expect(await hd.ctx.db.selectFrom('sessions').selectAll().execute()).toHaveLength(1);
    const out = await browser.submit('/tickets/', '/logout/', {});
    expect(out.statusCode).toBe(303);
    expect(await hd.ctx.db.selectFrom('sessions').selectAll().execute()).toHaveLength(0);
    expect((await browser.get('/tickets/')).body).toContain('to see your tickets');
  });

  it('a client reply shows in the thread, moves the ticket to Waiting and mails the agents; internal notes stay hidden', async () => {
    await hd.authAs('agent');
    const agent = await hd.ctx.db.selectFrom('users').select(['id']).where('role', '=', 'agent').executeTakeFirstOrThrow();
    const { id, number, link } = await fileTicket();
    await addComment(
      hd.ctx,
      { ticketId: id, text: 'Secret: client is a VIP', role: 'agent', isInternal: true, suppressTransition: true },
      { id: agent.id, role: 'agent' },
    );
    await addComment(hd.ctx, { ticketId: id, text: 'Please send a screenshot.', role: 'agent' }, { id: agent.id, role: 'agent' });
    const { browser } = await signInWith(link);
    const res = await browser.submit(`/tickets/?ticket=${number}`, '/account/reply/', {
      ticket_id: String(id),
      text: 'Here <b>it</b> is\nline two',
      return_to: '/tickets/',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`http://help.test/tickets/?ticket=${number}&notice=reply_sent`);
    const thread = await browser.get(`/tickets/?ticket=${number}`);
    expect(thread.body).toContain('Here &lt;b&gt;it&lt;/b&gt; is<br />\nline two');
    expect(thread.body).toContain('Please send a screenshot.');
    expect(thread.body).not.toContain('VIP');
    // Waiting, as the client reads it.
    expect(thread.body).toContain('Awaiting our reply');

    const before = mail.sent.length;
    await mail.drain();
    const after = mail.sent.slice(before);
    expect(after.filter((m) => m.text.includes(' replied to '))).toHaveLength(1);
    expect(after.some((m) => m.text.includes('VIP'))).toBe(false);
    expect(after.find((m) => m.text.includes('Read and answer it here'))?.text).toContain('Please send a screenshot.');
  });

  it("lists only the signed-in client's tickets with status and last update, names and subjects inert", async () => {
    const xss = '<script>alert(1)</script>';
    const mine = await fileTicket({ name: `Eve ${xss}`, subject: `Hi ${xss}`, description: `Body ${xss}` });
    await fileTicket({ subject: 'Someone else' });
    const { browser } = await signInWith(mine.link);
    const list = await browser.get('/tickets/');
    expect(list.body).toContain('Hi &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(list.body).not.toContain('<script>alert(1)');
    expect(list.body).not.toContain('Someone else');
    // Open, as the client reads it.
    expect(list.body).toContain('Received');
    // Each row links to its thread by the number shown beside it.
    expect(list.body).toContain(`href="http://help.test/tickets/?ticket=${mine.number}"`);
    const thread = await browser.get(`/tickets/?ticket=${mine.number}`);
    expect(thread.body).not.toContain('<script>alert(1)');
    expect(thread.body).toContain('Sign out (<bdi>Eve &lt;script&gt;');
  });

  it('builds links from the home URL even when the request names another host', async () => {
    const { link } = await fileTicket();
    expect(link.startsWith('/login/ticket/?token=')).toBe(true);
    expect(mail.sent.every((m) => !m.text.includes('evil.test'))).toBe(true);
  });

  it('signed out, the ticket pages ask to sign in', async () => {
    const browser = new SiteClient(hd.app);
    expect((await browser.get('/tickets/')).body).toContain('to see your tickets');
    const form = await browser.get('/tickets/new/');
    expect(form.body).toContain('to file a ticket');
    expect(form.body).toContain('href="http://help.test/login/?return_to=%2Ftickets%2Fnew%2F"');
    expect((await browser.get('/tickets')).statusCode).toBe(301);
  });

  describe('the new-ticket form follows Tickets → Form fields', () => {
    /** A client signed in by their mailed link, once the form asks for a plan (required), a site address and a consent. */
    const signedInWithCustomFields = async () => {
      const { link } = await fileTicket();
      await updateSettings(hd.ctx, {
        tickets: {
          form_fields: [
            { key: 'subject', label: 'Subject', type: 'text', required: true, builtin: true },
            { key: 'description', label: 'Description', type: 'textarea', required: true, builtin: true },
            { key: 'plan', label: 'Your plan', type: 'select', required: true, options: ['Free', 'Pro'] },
            { key: 'site_url', label: 'Site address', type: 'text', required: false },
            { key: 'consent', label: 'You may log in to my site', type: 'checkbox', required: false },
          ],
        },
      });
      return (await signInWith(link)).browser;
    };

    it('shows the fields it lists, and none it leaves out', async () => {
      const browser = await signedInWithCustomFields();
      const form = await browser.get('/tickets/new/');
      expect(form.body).toContain('Your plan');
      expect(form.body).toContain('<option value="Pro">Pro</option>');
      expect(form.body).not.toContain('Order ID');
    });

    it('refuses a missing required field and an option the list does not hold', async () => {
      const browser = await signedInWithCustomFields();
      const missing = await browser.submit('/tickets/new/', '/account/new-ticket/', {
        subject: 'S',
        description: 'D',
        return_to: '/tickets/new/',
      });
      expect(missing.headers.location).toContain('notice=invalid_form');
      const bad = await browser.submit('/tickets/new/', '/account/new-ticket/', {
        subject: 'S',
        description: 'D',
        custom_plan: 'Gold',
        return_to: '/tickets/new/',
      });
      expect(bad.headers.location).toContain('notice=invalid_form');
    });

    it('stores the custom fields as ticket meta', async () => {
      const browser = await signedInWithCustomFields();
      const ok = await browser.submit('/tickets/new/', '/account/new-ticket/', {
        subject: 'Cannot log in',
        description: 'Help',
        custom_plan: 'Pro',
        custom_site_url: 'https://x.test',
        custom_consent: '1',
        return_to: '/tickets/new/',
      });
      expect(ok.statusCode).toBe(303);
      const number = Number(new URL(ok.headers.location as string).searchParams.get('ticket'));
      const { id } = await hd.ctx.db.selectFrom('posts').select('id').where('number', '=', number).executeTakeFirstOrThrow();
      const meta = await hd.ctx.db
        .selectFrom('post_meta')
        .select(['meta_key', 'meta_value'])
        .where('post_id', '=', id)
        .orderBy('meta_key')
        .execute();
      expect(meta).toEqual([
        { meta_key: 'custom_consent', meta_value: '1' },
        { meta_key: 'custom_plan', meta_value: 'Pro' },
        { meta_key: 'custom_site_url', meta_value: 'https://x.test' },
      ]);
      expect((await browser.get(`/tickets/?ticket=${number}`)).body).toContain('Cannot log in');
    });

    it('the same form sent twice (a double click) files one ticket', async () => {
      const browser = await signedInWithCustomFields();
      const page = await browser.get('/tickets/new/');
      const key = /name="idempotency_key" value="([^"]+)"/.exec(page.body)?.[1] as string;
      const twiceForm = {
        _csrf: csrfIn(page.body),
        idempotency_key: key,
        subject: 'Twice',
        description: 'D',
        custom_plan: 'Free',
        return_to: '/tickets/new/',
      };
      const first = await browser.post('/account/new-ticket/', twiceForm);
      const second = await browser.post('/account/new-ticket/', twiceForm);
      expect(second.headers.location).toBe(first.headers.location);
      const twice = await hd.ctx.db.selectFrom('posts').select('id').where('title', '=', 'Twice').execute();
      expect(twice).toHaveLength(1);
      expect(
        await hd.ctx.db
          .selectFrom('post_meta')
          .select('meta_key')
          .where('post_id', '=', twice[0]?.id as number)
          .execute(),
      ).toEqual([{ meta_key: 'custom_plan' }]);
    });
  });

  it('pages put the shortcodes anywhere; an unknown slug is a 404', async () => {
    await hd.ctx.db
      .insertInto('posts')
      .values({
        type: 'page',
        status: 'publish',
        title: 'Support corner',
        content: 'Hello <there>\n\n[helpdesk_tickets]',
        slug: 'support',
        author_id: null,
        product_id: null,
        parent_id: null,
        menu_order: 0,
        created_at: '2026-01-01',
        updated_at: '2026-01-01',
      })
      .execute();
    hd.ctx.postsCache.clear();
    const browser = new SiteClient(hd.app);
    const page = await browser.get('/support/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Hello &lt;there&gt;');
    expect(page.body).toContain('to see your tickets');
    expect((await browser.get('/nothing-here/')).statusCode).toBe(404);
  });
});

describe('a help site under https://example.com/help', () => {
  it('builds links with the prefix, lands on the prefixed thread, and sets Secure cookies scoped to the prefix', async () => {
    const hd = await createTestHelpdesk('sqlite', { homeUrl: 'https://example.com/help' });
    try {
      const res = await hd.app.inject({ method: 'GET', url: '/help/login/' });
      const csrf = res.cookies.find((c) => c.name === 'hd_csrf');
      expect(csrf).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/help/' });

      await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
      const mail = memoryMail(hd);
      const filed = await hd.app.inject({
        method: 'POST',
        url: '/help/api/helpdesk/v1/tickets/',
        payload: ticketPayload({ email: 'pre@client.test' }),
      });
      const { id, number } = filed.json() as { id: number; number: number };
      await mail.drain();
      const link = linkPath(mail.sent[0] as never, hd.config.homeUrl);
      const browser = new SiteClient(hd.app, '/help');
      const page = await browser.get(link);
      const signedIn = await browser.post('/login/ticket/', {
        _csrf: csrfIn(page.body),
        token: new URL(link, 'http://x').searchParams.get('token') as string,
      });
      expect(signedIn.headers.location).toBe(`https://example.com/help/tickets/?ticket=${number}`);
      expect(signedIn.cookies.find((c) => c.name === 'hd_session')).toMatchObject({ secure: true, path: '/help/' });
      const thread = await browser.get(`/tickets/?ticket=${number}`);
      expect(thread.statusCode).toBe(200);
      expect(thread.body).toContain('action="https://example.com/help/account/reply/"');
      const reply = await browser.post('/account/reply/', {
        _csrf: csrfIn(thread.body),
        ticket_id: String(id),
        text: 'hi',
        return_to: '/help/tickets/',
      });
      expect(reply.headers.location).toBe(`https://example.com/help/tickets/?ticket=${number}&notice=reply_sent`);
    } finally {
      await hd.close();
    }
  });
});
