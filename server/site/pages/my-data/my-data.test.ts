import { beforeAll, expect, it } from 'vitest';
import { addNoteAs, createAgent, createTicket, replyAs, signedInBrowser, userIdByEmail } from '../../../test/factories.js';
import { relaxIntakeLimits, setRegistration } from '../../../test/fixtures.js';
import { readZip } from '../../../test/read-zip.js';
import { csrfIn, memoryMail, type SiteClient } from '../../../test/site-client.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';
import { DATA_EXPORTS_PER_ACCOUNT_DAY, DATA_EXPORTS_PER_NETWORK_DAY, requestDataExport } from './request-data-export.js';

type ClientJson = { profile: { id: number; email: string }; tickets: Array<{ subject: string; messages: Array<{ text: string }> }> };

describeEachDatabase('"Download my data" on the help site', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let mail: ReturnType<typeof memoryMail>;
  let agent: Record<string, string>;
  beforeAll(async () => {
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    agent = (await createAgent(hd)).headers;
    mail = memoryMail(hd);
  });

  /** A client with a ticket that has a public reply and an internal note; signed in on the help site. */
  const signedInClient = async (subject: string) => {
    const ticket = await createTicket(hd, { subject });
    await replyAs(hd, agent, ticket.id, `Public answer on ${subject}`);
    await addNoteAs(hd, agent, ticket.id, `SECRET NOTE on ${subject}`);
    const id = await userIdByEmail(hd, ticket.email);
    return { id, email: ticket.email, browser: await signedInBrowser(hd, id) };
  };
  const ask = async (browser: SiteClient) => {
    const page = await browser.get('/tickets/');
    return browser.post('/account/export/', { _csrf: csrfIn(page.body) });
  };
  /** The path of the data-export link in the newest mail to `email`. */
  const mailedLink = async (email: string) => {
    const mails = (await mail.drain()).filter((m) => String(m.to).includes(email) && m.text.includes('/account/export/'));
    const text = mails.at(-1)?.text ?? '';
    const match = /https?:\/\/\S+(\/account\/export\/\?token=[\w-]+)/.exec(text);
    if (!match?.[1]) throw new Error(`No data-export link in: ${text}`);
    return { path: match[1], subject: mails.at(-1)?.subject, count: mails.length };
  };
  const auditOf = (action: string, actorId: number) =>
    hd.ctx.db.selectFrom('audit_log').selectAll().where('action', '=', action).where('actor_id', '=', actorId).execute();

  it('a client asks, reads "it works for 24 hours", gets one mail; the link downloads their own ZIP once, no internal note', async () => {
    const cleo = await signedInClient('Cleo printer');
    const page = await cleo.browser.get('/tickets/');
    expect(page.body).toContain('Download my data');
    const asked = await ask(cleo.browser);
    expect([asked.statusCode, asked.headers.location]).toEqual([303, 'http://help.test/tickets/?notice=export_sent']);
    expect((await cleo.browser.get('/tickets/?notice=export_sent')).body).toContain('We have mailed you a link; it works for 24 hours.');
    const link = await mailedLink(cleo.email);
    expect([link.subject, link.count]).toEqual(['Your data from Helpdesk', 1]);
    // The token is stored only as its hash.
    const token = new URL(link.path, 'http://x').searchParams.get('token') ?? '';
    const rows = await hd.ctx.db.selectFrom('login_tokens').select('token_hash').where('purpose', '=', 'data_export').execute();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(await auditOf('client.export_requested', cleo.id)).toHaveLength(1);

    const download = await cleo.browser.get(link.path);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['cache-control']).toBe('no-store');
    const json = JSON.parse(readZip(download.rawPayload).get('client.json')?.toString() ?? '{}') as ClientJson;
    expect(json.profile).toMatchObject({ id: cleo.id, email: cleo.email });
    expect(json.tickets.map((t) => t.subject)).toEqual(['Cleo printer']);
    const words = JSON.stringify(json);
    expect(words).toContain('Public answer on Cleo printer');
    expect(words).not.toContain('SECRET NOTE');
    const exported = await auditOf('client.exported', cleo.id);
    expect(exported).toHaveLength(1);
    expect(JSON.parse(exported[0]?.details ?? '{}')).toEqual({ by: 'client' });

    const again = await cleo.browser.get(link.path);
    expect(again.statusCode).toBe(410);
    expect(again.headers['content-type']).toContain('text/html');
    expect(again.body).toContain('This link was used already');
  });

  it("another client's link, an altered link and a signed-out visitor download nothing and spend nothing", async () => {
    const ada = await signedInClient('Ada scanner');
    const bob = await signedInClient('Bob modem');
    await ask(ada.browser);
    const link = await mailedLink(ada.email);

    const byBob = await bob.browser.get(link.path);
    expect(byBob.statusCode).toBe(404);
    expect(byBob.body).toContain('This link does not work for your account');
    expect(byBob.body).not.toContain('Ada scanner');
    const altered = await ada.browser.get(`${link.path.slice(0, -1)}${link.path.endsWith('A') ? 'B' : 'A'}`);
    expect(altered.statusCode).toBe(404);
    const anonymous = await hd.app.inject({ method: 'GET', url: link.path });
    expect(anonymous.statusCode).toBe(303);
    expect(anonymous.headers.location).toContain('/login/?notice=sign_in_for_export');
    // None of them spent the link: its owner still downloads.
    expect((await ada.browser.get(link.path)).statusCode).toBe(200);
    expect(await auditOf('client.exported', bob.id)).toHaveLength(0);
  });

  it('an expired link gets a plain page saying so', async () => {
    const eve = await signedInClient('Eve router');
    await ask(eve.browser);
    const link = await mailedLink(eve.email);
    await hd.ctx.db
      .updateTable('login_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('purpose', '=', 'data_export')
      .where('user_id', '=', eve.id)
      .execute();
    const expired = await eve.browser.get(link.path);
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('This link has expired: it worked for 24 hours.');
  });

  it(`asking is limited: ${DATA_EXPORTS_PER_ACCOUNT_DAY} a day per account, ${DATA_EXPORTS_PER_NETWORK_DAY} per network`, async () => {
    const rex = await signedInClient('Rex laptop');
    for (let i = 0; i < DATA_EXPORTS_PER_ACCOUNT_DAY; i += 1)
      expect((await ask(rex.browser)).headers.location).toContain('notice=export_sent');
    const limited = await ask(rex.browser);
    expect(limited.headers.location).toContain('notice=export_limited');
    expect((await rex.browser.get('/tickets/?notice=export_limited')).body).toContain('You have asked for your data several times today');
    expect((await mailedLink(rex.email)).count).toBe(DATA_EXPORTS_PER_ACCOUNT_DAY);
    expect(await auditOf('client.export_requested', rex.id)).toHaveLength(DATA_EXPORTS_PER_ACCOUNT_DAY);

    // One network, many accounts: refused past its share, whoever asks.
    const ids = await Promise.all(
      Array.from({ length: DATA_EXPORTS_PER_NETWORK_DAY + 1 }, (_, i) => createTicket(hd, { subject: `Net ${i}` })),
    );
    const answers: boolean[] = [];
    for (const t of ids) answers.push(await requestDataExport(hd.ctx, await userIdByEmail(hd, t.email), '2001:db8:41:41::7'));
    expect(answers.filter(Boolean)).toHaveLength(DATA_EXPORTS_PER_NETWORK_DAY);
    expect(answers.at(-1)).toBe(false);
  });

  it('a post without the form’s CSRF token asks for nothing (403)', async () => {
    const anonymous = await hd.app.inject({ method: 'POST', url: '/account/export/', payload: '' });
    expect(anonymous.statusCode).toBe(403);
  });
});
