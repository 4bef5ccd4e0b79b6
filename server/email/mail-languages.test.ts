// Every mail in its recipient's language and zone: the client's, each agent's own, else the site's; right to left in Arabic.
import { simpleParser } from 'mailparser';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { addUser } from '../domain/people/add-user.js';
import { createApiToken } from '../domain/people/api-tokens.js';
import { translatorFor } from '../i18n/translators.js';
import { updateSettings } from '../settings/settings.js';
import { updateSiteOptions } from '../settings/site-options.js';
import { createTicket } from '../test/factories.js';
import { relaxIntakeLimits, setRegistration } from '../test/fixtures.js';
import { type MailDelivery, startMailDelivery } from '../test/mail-delivery.js';
import { multipartBody } from '../test/multipart.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';
import { enqueueMail } from './mail-jobs.js';

const API = '/api/helpdesk/v1';
const RLM = '\u200F';

describeEachDatabase('mails go out in each recipient’s language', (dialect) => {
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

  /** The mails to `address`, their text part's lines as written (SMTP carries them with CR LF). */
  const mailsTo = async (address: string, count = 1) =>
    (await delivery.mailsTo(address, count)).map((mail) => ({ ...mail, text: mail.text.replace(/\r\n/g, '\n') }));

  /** An account with a language and zone of its own (null: the site's), and a Bearer header. */
  const account = async (email: string, role: 'client' | 'agent', language: string | null, timeZone: string | null = null) => {
    const user = await addUser(hd.ctx, { email, name: email.split('@')[0] as string, role });
    await hd.ctx.db.updateTable('users').set({ language, time_zone: timeZone }).where('id', '=', user.id).execute();
    return { id: user.id, headers: { authorization: `Bearer ${await createApiToken(hd.ctx.db, user.id, 't')}` } };
  };

  it('a German client’s confirmation is German while the agents’ notices are English and Arabic, each by their own language', async () => {
    await account('eve@staff.test', 'agent', null);
    await account('amal@staff.test', 'agent', 'ar');
    const client = await account('greta@client.test', 'client', 'de');
    const ticket = await createTicket(hd, { email: 'greta@client.test', subject: 'Drucker 42 streikt' }, client.headers);

    const [confirmation] = await mailsTo('greta@client.test');
    expect(confirmation?.subject).toBe(`Drucker 42 streikt [#${ticket.number}]`);
    expect(confirmation?.headers['content-language']).toBe('de');
    expect(confirmation?.text).toContain('Hallo greta,\n\nvielen Dank, dass Sie sich an Acme gewandt haben.');
    expect(confirmation?.text).toContain('Wir haben Ihre Anfrage „Drucker 42 streikt“ erhalten');
    expect(confirmation?.text).not.toContain('Thank you');
    expect(confirmation?.html).toContain('<html lang="de" dir="ltr">');
    expect(confirmation?.html).toContain('>Ticket öffnen</span>');
    expect(confirmation?.html).toContain('vielen Dank, dass Sie sich an Acme gewandt haben.');

    const [english] = await mailsTo('eve@staff.test');
    expect(english?.headers['content-language']).toBe('en');
    expect(english?.text).toContain('greta filed a new ticket "Drucker 42 streikt":');
    expect(english?.html).toContain('<html lang="en" dir="ltr">');
    expect(english?.html).toContain('>Open the ticket</span>');

    const [arabic] = await mailsTo('amal@staff.test');
    expect(arabic?.subject).toBe(`Drucker 42 streikt [#${ticket.number}]`);
    expect(arabic?.headers['content-language']).toBe('ar');
    expect(arabic?.text).toContain('فتح greta تذكرة جديدة بعنوان «Drucker 42 streikt»:');
    // Every paragraph of the text part starts right to left, the link's line too.
    expect(arabic?.text).toMatch(new RegExp(`${RLM}https?://\\S+/admin/tickets/${ticket.number}`));
    const html = arabic?.html ?? '';
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('<body dir="rtl"');
    expect(html).toContain('<table role="presentation" dir="rtl" width="100%"');
    // Outlook ignores logical CSS: the side is written out.
    expect(html).toContain('align="right" style="text-align:right');
    // A Latin name and title inside the Arabic sentence keep their own direction.
    expect(html).toContain('<span dir="auto">Drucker 42 streikt</span>');
    expect(html).toContain('>فتح التذكرة</span>');
  });

  it('a client without a language gets the site’s; a German one gets a worded subject in German too', async () => {
    await updateSiteOptions(hd.ctx.db, { site_language: 'fr' });
    const ticket = await createTicket(hd, { email: 'noel@client.test', subject: 'Question' });
    const [confirmation] = await mailsTo('noel@client.test');
    expect(confirmation?.subject).toBe(`Question [#${ticket.number}]`);
    expect(confirmation?.headers['content-language']).toBe('fr');
    expect(confirmation?.text).toContain('Bonjour Ann Client,\n\nMerci d’avoir contacté Acme.');
    expect(confirmation?.html).toContain('<html lang="fr" dir="ltr">');

    const client = await account('gunter@client.test', 'client', 'de');
    await enqueueMail(hd.ctx.db, { template: 'client_ticket_link', userId: client.id, ticketId: null });
    const [link] = await mailsTo('gunter@client.test');
    expect(link?.subject).toBe('Ihr Link zu Acme');
    expect(link?.headers['content-language']).toBe('de');
    expect(link?.text).toContain('mit diesem Link melden Sie sich bei Acme an:');
    expect(link?.html).toContain('>Link öffnen</span>');
  });

  it('an Arabic client’s confirmation is right to left with the ticket’s number kept left to right', async () => {
    const client = await account('salma@client.test', 'client', 'ar');
    const ticket = await createTicket(hd, { email: 'salma@client.test', subject: 'الطابعة لا تعمل' }, client.headers);
    await mailsTo('salma@client.test');
    await updateSettings(hd.ctx, { emails: { client_ticket_link_body: 'Ticket ##ticket_id## for ##client_name##' } });
    await enqueueMail(hd.ctx.db, { template: 'client_ticket_link', userId: client.id, ticketId: ticket.id });
    const [confirmation, edited] = await mailsTo('salma@client.test', 2);
    expect(confirmation?.text).toContain(`${RLM}مرحبًا salma،`);
    expect(confirmation?.text).toContain('تلقّينا طلبك «الطابعة لا تعمل»');
    expect(confirmation?.html).toContain('<html lang="ar" dir="rtl">');
    // An admin's own template is sent as written, whatever the language; the number is isolated in the Arabic layout.
    expect(edited?.text).toBe(`${RLM}Ticket ${ticket.number} for salma`);
    expect(edited?.html).toContain(`Ticket <span dir="ltr">${ticket.number}</span> for <span dir="auto">salma</span>`);
  });

  it('an admin’s edited template is sent as written to every language; one saved unchanged is still translated', async () => {
    await updateSettings(hd.ctx, {
      emails: {
        client_ticket_created_subject: 'We got it: ##ticket_title##',
        client_ticket_created_body: 'Dear ##client_name##, your request ##ticket_id## is with us.\r\n\r\n##ticket_link##',
        // Saved by a form with the lines a textarea posts (CR LF): still the default.
        agent_ticket_created_body: '##client_name## filed a new ticket "##ticket_title##":\r\n\r\n##reply_text##\r\n\r\n##ticket_link##',
      },
    });
    await account('amal@staff.test', 'agent', 'ar');
    const client = await account('greta@client.test', 'client', 'de');
    const ticket = await createTicket(hd, { email: 'greta@client.test', subject: 'Frage' }, client.headers);
    const [confirmation] = await mailsTo('greta@client.test');
    expect(confirmation?.subject).toBe(`We got it: Frage [#${ticket.number}]`);
    expect(confirmation?.text).toMatch(new RegExp(`^Dear greta, your request ${ticket.number} is with us\\.\\n`));
    expect(confirmation?.headers['content-language']).toBe('de');
    const [notice] = await mailsTo('amal@staff.test');
    expect(notice?.text).toContain('فتح greta تذكرة جديدة بعنوان «Frage»:');
  });

  it('dates in a mail are in the recipient’s language and zone', async () => {
    await updateSettings(hd.ctx, { tickets: { attachment_max_file_mb: 4, attachment_mail_attach_mb: 1 } });
    await updateSiteOptions(hd.ctx.db, { time_zone: 'America/New_York' });
    const client = await account('greta@client.test', 'client', 'de', 'Asia/Tokyo');
    const agent = await account('amal@staff.test', 'agent', 'ar');
    const ticket = await createTicket(hd, { email: 'greta@client.test' }, client.headers);
    await mailsTo('greta@client.test');
    const body = multipartBody({ text: 'Die Datei anbei.' }, [{ name: 'big.txt', bytes: Buffer.alloc(1_150_000, 'a') }]);
    const res = await hd.app.inject({
      method: 'POST',
      url: `${API}/tickets/${ticket.id}/comments`,
      payload: body.payload,
      headers: { ...body.headers, ...agent.headers },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [, reply] = await mailsTo('greta@client.test', 2);
    const parsed = await simpleParser(reply?.raw ?? '');
    const expires = Number(/[?&]expires=(\d+)/.exec(parsed.text ?? '')?.[1]);
    expect(expires).toBeGreaterThan(0);
    const until = (language: string, zone: string) =>
      translatorFor(language, zone).dateTime(expires * 1000, { dateStyle: 'long', timeStyle: 'short' });
    // Tokyo, not the site's New York nor UTC (Tokyo is 13 to 14 hours ahead of New York: the two never read alike).
    expect(parsed.text).toContain(`(gültig bis ${until('de', 'Asia/Tokyo')})`);
    expect(parsed.text).toContain('Datei zum Herunterladen (zu groß für einen Anhang):');
    expect(until('de', 'Asia/Tokyo')).not.toBe(until('de', 'America/New_York'));
    expect(parsed.text).not.toContain(until('de', 'America/New_York'));
  });
});
