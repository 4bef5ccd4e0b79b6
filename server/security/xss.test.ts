import { beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../auth/sessions.js';
import { addComment } from '../domain/comments/add-comment.js';
import { expectInertHtml, XSS_PAYLOADS } from '../test/attack-corpus.js';
import { relaxIntakeLimits, setRegistration, ticketPayload } from '../test/fixtures.js';
import { memoryMail, SiteClient } from '../test/site-client.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';

// The XSS corpus in every field a client fills (name, subject, description, order id) and in an
// agent's reply, rendered by the help site's ticket list and thread and by every mail. Earlier tests
// (account.test.ts, worker.test.ts) check one payload each; this runs the whole corpus through the
// structural check of expectInertHtml. The admin app and the widget are checked in Chromium
// (e2e/attacks.e2e.ts).

const CORPUS_TEXT = XSS_PAYLOADS.join('\n');

describeEachDatabase('attacks: the XSS corpus stays inert on the help site and in mail', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let mail: ReturnType<typeof memoryMail>;
  const tickets: Array<{ id: number; number: number; authorId: number; payload: string }> = [];

  beforeAll(async () => {
    mail = memoryMail(hd);
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    const agent = await hd.authAs('agent');
    const agentId = (
      (await hd.app.inject({ method: 'GET', url: '/api/helpdesk/v1/me', headers: agent })).json() as { user: { id: number } }
    ).user.id;
    for (const [index, payload] of XSS_PAYLOADS.entries()) {
      const body = ticketPayload({ name: `N${index} ${payload}`, subject: payload, description: CORPUS_TEXT, order_id: payload });
      const res = await hd.app.inject({ method: 'POST', url: '/api/helpdesk/v1/tickets/', payload: body });
      expect(res.statusCode, payload).toBe(201);
      const { id, number } = res.json() as { id: number; number: number };
      const row = await hd.ctx.db.selectFrom('posts').select('author_id').where('id', '=', id).executeTakeFirstOrThrow();
      tickets.push({ id, number, authorId: row.author_id as number, payload });
    }
    const first = tickets[0] as { id: number };
    await addComment(hd.ctx, { ticketId: first.id, text: CORPUS_TEXT, role: 'agent' }, { id: agentId, role: 'agent' });
  });

  it('stores each payload exactly as sent (escaping happens on output, not input)', async () => {
    const rows = await hd.ctx.db
      .selectFrom('posts')
      .select(['id', 'title', 'content'])
      .where('type', '=', 'ticket')
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.title)).toEqual([...XSS_PAYLOADS]);
    expect(rows.every((r) => r.content === CORPUS_TEXT)).toBe(true);
  });

  it("every client's ticket list and thread render the payloads as text", async () => {
    for (const ticket of tickets) {
      const browser = new SiteClient(hd.app);
      browser.cookies.set('hd_session', await createSession(hd.ctx.db, ticket.authorId));
      const list = await browser.get('/tickets/');
      expect(list.statusCode).toBe(200);
      expectInertHtml(list.body, `list of ${ticket.payload}`);
      const thread = await browser.get(`/tickets/?ticket=${ticket.number}`);
      expect(thread.statusCode).toBe(200);
      expectInertHtml(thread.body, `thread of ${ticket.payload}`);
      // The text is there, escaped: what the client typed is what they see.
      expect(thread.body).toContain('N'.concat(String(tickets.indexOf(ticket))));
    }
  });

  it("an agent's Markdown reply reads as formatted text on the client's thread and in the mail's HTML part", async () => {
    const ticket = tickets[1] as { id: number; number: number; authorId: number };
    const agent = await hd.ctx.db.selectFrom('users').select('id').where('role', '=', 'agent').executeTakeFirstOrThrow();
    const reply = `**Restart** the app:\n\n- open *Settings*\n- [read the guide](https://example.com/guide)\n\n${CORPUS_TEXT}`;
    await addComment(hd.ctx, { ticketId: ticket.id, text: reply, role: 'agent' }, { id: agent.id, role: 'agent' });
    const browser = new SiteClient(hd.app);
    browser.cookies.set('hd_session', await createSession(hd.ctx.db, ticket.authorId));
    const thread = await browser.get(`/tickets/?ticket=${ticket.number}`);
    expect(thread.body).toContain('<strong>Restart</strong>');
    expect(thread.body).toContain('<em>Settings</em>');
    expect(thread.body).toContain('<a href="https://example.com/guide" rel="noopener noreferrer nofollow">read the guide</a>');
    expectInertHtml(thread.body, 'thread with a Markdown reply');
    const sent = await mail.drain();
    const replyMail = sent.find((m) => m.html.includes('<strong>Restart</strong>'));
    expect(replyMail, 'the agent-reply mail').toBeTruthy();
    expect(replyMail?.text).toContain('Restart the app:');
    expect(replyMail?.text).toContain('read the guide (https://example.com/guide)');
    expect(replyMail?.text).not.toContain('**Restart**');
    for (const message of sent) expectInertHtml(message.html, `mail "${message.subject}"`);
  });

  it('every mail keeps the payloads inert in HTML, and placeholders typed by a client are never expanded', async () => {
    const sent = await mail.drain();
    expect(sent.length).toBeGreaterThanOrEqual(tickets.length * 2 + 1);
    for (const message of sent) {
      expectInertHtml(message.html, `mail "${message.subject}"`);
      expect(message.subject).not.toMatch(/[\r\n]/);
    }
    const placeholder = tickets.find((t) => t.payload.startsWith('##client_name##'));
    const confirmation = sent.find((m) => m.subject.startsWith('##client_name##') && m.text.includes('We received your request'));
    expect(placeholder && confirmation).toBeTruthy();
    // The subject and the body name the ticket as typed; the only link is the helpdesk's own.
    expect(confirmation?.subject).toContain('##client_name## ##ticket_link## ##reply_text##');
    expect(confirmation?.text).toContain('"##client_name## ##ticket_link## ##reply_text##"');
    expect(confirmation?.text.match(/\/login\/ticket\/\?token=/g)).toHaveLength(1);
    expect(confirmation?.html.match(/<a href=/g)).toHaveLength(1);
    // A template literal stays literal text.
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the payload is a template literal on purpose.
    expect(sent.some((m) => m.subject.includes('${alert(1)} `${7*7}`'))).toBe(true);
  });
});

describe('expectInertHtml', () => {
  it.each([
    ['<p><img src=x onerror=alert(1)></p>'],
    ['<p title="x" onclick="alert(1)">x</p>'],
    ['<a href=" jav&#x09;ascript:alert(1)">x</a>'],
    ['<a href="data:text/html,x">x</a>'],
    ['<meta http-equiv="refresh" content="0;url=https://evil.test/">'],
    ['<body><body onload=alert(1)>'],
    ['<p>&quot;&gt;<script>alert(1)</script></p>'],
  ])('catches %s', (html) => {
    expect(() => expectInertHtml(html, 'sample')).toThrow();
  });

  it('passes escaped text and ordinary links', () => {
    expectInertHtml('<p>&lt;script&gt;alert(1)&lt;/script&gt; <a href="https://help.test/tickets/">x</a></p>', 'sample');
  });
});
