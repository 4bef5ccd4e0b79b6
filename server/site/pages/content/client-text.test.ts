import { expect, it } from 'vitest';
import { createSession } from '../../../auth/sessions.js';
import { receiveMail } from '../../../mail-inbound/receive-mail.js';
import { updateSettings } from '../../../settings/settings.js';
import { composeMail } from '../../../test/compose-mail.js';
import { relaxIntakeLimits, setRegistration } from '../../../test/fixtures.js';
import { SiteClient } from '../../../test/site-client.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

const SUPPORT = 'support@help.test';
const csrfOf = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';

describeEachDatabase("a client's words on the help site: the one Markdown renderer, their HTML as text", (dialect) => {
  const hd = useTestHelpdesk(dialect);

  it('a plain-text mail keeps its lines; a reply typed on the site renders its Markdown; neither can add markup', async () => {
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    await relaxIntakeLimits(hd.ctx);
    await updateSettings(hd.ctx, { emails: { support_address: SUPPORT } });
    const raw = await composeMail({
      from: '"Cleo Client" <cleo@client.test>',
      to: SUPPORT,
      subject: 'Export fails',
      text: 'Hello,\nthe export fails\nsince Monday.\n\n- Chrome\n- Windows 11\n\n<img src=x onerror=alert(1)> <b>not bold</b>',
      messageId: '<text-lines@client.test>',
    });
    const result = await receiveMail({ ctx: hd.ctx, config: hd.config, counters: hd.counters }, raw, 'pipe');
    expect(result).toMatchObject({ kind: 'imported' });
    const id = (result as { ticketId: number }).ticketId;
    const { author_id, number } = await hd.ctx.db
      .selectFrom('posts')
      .select(['author_id', 'number'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const browser = new SiteClient(hd.app);
    browser.cookies.set('hd_session', await createSession(hd.ctx.db, author_id as number));

    const page = (await browser.get(`/tickets/?ticket=${number}`)).body;
    // The mail's line breaks stay line breaks, its dashes a list; its HTML is text.
    expect(page).toContain('<p>Hello,<br />\nthe export fails<br />\nsince Monday.</p>');
    expect(page).toContain('<li>Chrome</li>');
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt; &lt;b&gt;not bold&lt;/b&gt;');
    expect(page).not.toMatch(/<img[^>]*onerror/);

    const reply = await browser.post('/account/reply/', {
      _csrf: csrfOf(page),
      ticket_id: String(id),
      return_to: '/tickets/',
      text: 'Still **broken**:\n\n1. first\n2. second\n\n<script>alert(1)</script>',
    });
    expect(reply.statusCode).toBe(303);
    const after = (await browser.get(`/tickets/?ticket=${number}`)).body;
    expect(after).toContain('<strong>broken</strong>');
    expect(after).toContain('<li>second</li>');
    expect(after).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(after).not.toContain('<script>alert(1)');
  });
});
