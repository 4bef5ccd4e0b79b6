// One German client through every part that speaks to them, and the agents each in their own language: the filing
// (the widget's language, or the browser's), the confirmation mail, the help site's ticket page from its link, the
// agents' new-ticket notices.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { addUser } from '../domain/people/add-user.js';
import { updateSiteOptions } from '../settings/site-options.js';
import { signInWithLink } from '../test/factories.js';
import { relaxIntakeLimits, setRegistration, ticketPayload } from '../test/fixtures.js';
import { type MailDelivery, startMailDelivery } from '../test/mail-delivery.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';

describeEachDatabase('a German client and their agents, each in their own language', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true });
  let delivery: MailDelivery;

  beforeEach(async () => {
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    await updateSiteOptions(hd.ctx.db, { site_name: 'Acme' });
    delivery = await startMailDelivery(hd);
  });
  afterEach(async () => {
    await delivery.stop();
  });

  const agent = async (email: string, language: string | null) => {
    const user = await addUser(hd.ctx, { email, name: email.split('@')[0] as string, role: 'agent' });
    await hd.ctx.db.updateTable('users').set({ language }).where('id', '=', user.id).execute();
  };
  /** Files as a visitor with no account yet, the way the widget does (`language`) or a browser (Accept-Language). */
  const file = async (payload: Record<string, unknown>, acceptLanguage: string) => {
    const res = await hd.app.inject({
      method: 'POST',
      url: '/api/helpdesk/v1/tickets/',
      headers: { 'accept-language': acceptLanguage },
      payload: ticketPayload(payload),
    });
    expect(res.statusCode).toBe(201);
    return (res.json() as { number: number }).number;
  };

  it('the widget’s German: German confirmation and ticket page; the agents’ notices in English and in Arabic right to left', async () => {
    await agent('eve@staff.test', 'en');
    await agent('amal@staff.test', 'ar');
    // The widget shows German on an English browser: its `language` decides, and the new account keeps it.
    const number = await file({ name: 'Greta', email: 'greta@client.test', subject: 'Drucker streikt', language: 'de' }, 'en-US,en');

    const [confirmation] = await delivery.mailsTo('greta@client.test');
    if (!confirmation) throw new Error('no confirmation');
    expect(confirmation.subject).toBe(`Drucker streikt [#${number}]`);
    expect(confirmation.headers['content-language']).toBe('de');
    expect(confirmation.text).toContain('vielen Dank, dass Sie sich an Acme gewandt haben.');
    expect(confirmation.text).not.toContain('Thank you');
    expect(confirmation.html).toContain('<html lang="de" dir="ltr">');
    expect(confirmation.html).toContain('>Ticket öffnen</span>');

    // The mail's link, opened in a browser that asks for no language: the account's German decides.
    const link = /https?:\/\/\S+?(\/login\/ticket\/\?token=[\w-]+)/.exec(confirmation.text)?.[1];
    if (!link) throw new Error('no ticket link in the confirmation');
    const { browser, res } = await signInWithLink(hd, link);
    expect(res.statusCode).toBe(303);
    const page = await browser.get(`/tickets/?ticket=${number}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="de" dir="ltr">');
    expect(page.body).toContain('Drucker streikt');
    expect(page.body).toContain('Ihre Antwort');
    expect(page.body).not.toContain('Your reply');

    const [english] = await delivery.mailsTo('eve@staff.test');
    expect(english?.headers['content-language']).toBe('en');
    expect(english?.text).toContain('Greta filed a new ticket "Drucker streikt":');
    expect(english?.html).toContain('<html lang="en" dir="ltr">');
    expect(english?.html).toContain('>Open the ticket</span>');

    const [arabic] = await delivery.mailsTo('amal@staff.test');
    expect(arabic?.headers['content-language']).toBe('ar');
    expect(arabic?.text).toContain('فتح Greta تذكرة جديدة بعنوان «Drucker streikt»:');
    expect(arabic?.html).toContain('<html lang="ar" dir="rtl">');
    expect(arabic?.html).toContain('<body dir="rtl"');
    expect(arabic?.html).toContain('>فتح التذكرة</span>');
  });

  it('a German browser’s Accept-Language alone: the confirmation and the ticket page are German too', async () => {
    const number = await file({ name: 'Hans', email: 'hans@client.test', subject: 'Rechnung fehlt' }, 'de-DE,de;q=0.9,en;q=0.5');
    const [confirmation] = await delivery.mailsTo('hans@client.test');
    if (!confirmation) throw new Error('no confirmation');
    expect(confirmation.headers['content-language']).toBe('de');
    expect(confirmation.html).toContain('<html lang="de" dir="ltr">');
    expect(confirmation.text).toContain('Wir haben Ihre Anfrage „Rechnung fehlt“ erhalten');
    const link = /https?:\/\/\S+?(\/login\/ticket\/\?token=[\w-]+)/.exec(confirmation.text)?.[1];
    if (!link) throw new Error('no ticket link in the confirmation');
    const { browser } = await signInWithLink(hd, link);
    const page = await browser.get(`/tickets/?ticket=${number}`);
    expect(page.body).toContain('<html lang="de" dir="ltr">');
    expect(page.body).toContain('Ihre Antwort');
  });
});
