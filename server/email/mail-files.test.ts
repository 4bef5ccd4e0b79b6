import { simpleParser } from 'mailparser';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { signedFileUrl } from '../files/signed-file-link.js';
import { updateSettings } from '../settings/settings.js';
import { createTicket } from '../test/factories.js';
import { relaxIntakeLimits, setRegistration, ticketPayload } from '../test/fixtures.js';
import { type MailDelivery, startMailDelivery } from '../test/mail-delivery.js';
import { multipartBody, type TestFile, TINY_PNG } from '../test/multipart.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';

const API = '/api/helpdesk/v1';
const DAY_MS = 24 * 60 * 60 * 1000;

describeEachDatabase('a message’s files in its mail: attached when small, else a signed link that expires', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true });
  let delivery: MailDelivery;
  let staff: { authorization: string };
  const client = 'ann@client.test';

  beforeEach(async () => {
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    await relaxIntakeLimits(hd.ctx);
    await updateSettings(hd.ctx, { tickets: { attachment_max_file_mb: 4, attachment_mail_attach_mb: 1 } });
    delivery = await startMailDelivery(hd);
    staff = await hd.authAs('agent');
  });
  afterEach(async () => {
    await delivery.stop();
  });

  const send = (url: string, fields: Record<string, string>, files: TestFile[], headers: Record<string, string> = {}) => {
    const body = multipartBody(fields, files);
    return hd.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...headers } });
  };
  /** Ann's ticket, once its confirmation has reached her (so later mails are the ones a test is about). */
  const fileTicket = async () => {
    const { id } = await createTicket(hd, { email: client });
    await delivery.mailsTo(client);
    return id;
  };
  const reply = (ticketId: number, files: TestFile[], internal = false) =>
    send(`${API}/tickets/${ticketId}/comments`, { text: 'Here you are.', ...(internal && { internal: 'true' }) }, files, staff);
  const linksIn = (text: string) => [...text.matchAll(/https?:\/\/\S+\/mailed\?expires=\d+&signature=[0-9a-f]+/g)].map((m) => m[0]);
  const open = (url: string) => hd.app.inject({ url: url.replace(hd.config.homeUrl, '') });

  it('files under the mail size go as attachments, with the type decided from their content', async () => {
    const ticketId = await fileTicket();
    const notes = Buffer.from('step 1\nstep 2\n');
    expect(
      (
        await reply(ticketId, [
          { name: 'screen.png', bytes: TINY_PNG, type: 'text/plain' },
          { name: 'steps.txt', bytes: notes },
        ])
      ).statusCode,
    ).toBe(201);
    const [, mail] = await delivery.mailsTo(client, 2);
    const parsed = await simpleParser(mail?.raw ?? '');
    expect(parsed.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['screen.png', 'image/png'],
      ['steps.txt', 'text/plain'],
    ]);
    expect(parsed.attachments[0]?.content.equals(TINY_PNG)).toBe(true);
    expect(parsed.attachments[1]?.content.equals(notes)).toBe(true);
    // Names are shown with a look-alike dot, so a name is never a link of its own in the mail.
    expect(parsed.text).toContain('Attached files:\n- screen\u2024png (');
    expect(linksIn(parsed.text ?? '')).toEqual([]);
  });

  it('files over it go as signed links: the link gives the file; altered or expired, a page says so and never the file', async () => {
    const ticketId = await fileTicket();
    const big = Buffer.alloc(1_200_000, 'a');
    expect(
      (
        await reply(ticketId, [
          { name: 'big.txt', bytes: big },
          { name: 'screen.png', bytes: TINY_PNG },
        ])
      ).statusCode,
    ).toBe(201);
    const [, mail] = await delivery.mailsTo(client, 2);
    const parsed = await simpleParser(mail?.raw ?? '');
    expect(parsed.attachments).toEqual([]);
    const links = linksIn(parsed.text ?? '');
    expect(links).toHaveLength(2);
    expect(parsed.text).toMatch(
      /Files to download \(too large to attach\):\n- big\u2024txt \(1\.1 MB\): http\S+ \(works until \w+ \d+, \d{4} at \d+:\d\d\s[AP]M\)/,
    );
    expect(parsed.html).toContain(`href="${links[0]?.replaceAll('&', '&amp;')}"`);

    // No session: the signature alone opens it.
    const file = await open(links[0] as string);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(big)).toBe(true);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toBe('sandbox');
    expect(file.headers['referrer-policy']).toBe('no-referrer');
    expect((await open(links[1] as string)).rawPayload.equals(TINY_PNG)).toBe(true);

    const url = new URL(links[0] as string);
    const signature = url.searchParams.get('signature') as string;
    const altered = [
      links[0]?.replace(/signature=[0-9a-f]/, (s) => (s.endsWith('0') ? `${s.slice(0, -1)}1` : `${s.slice(0, -1)}0`)),
      links[0]?.replace(/expires=\d+/, `expires=${Number(url.searchParams.get('expires')) + 86_400}`),
      // The other file's signature on this file's address.
      links[0]?.replace(signature, new URL(links[1] as string).searchParams.get('signature') as string),
      links[0]?.replace(/&signature=[0-9a-f]+/, ''),
    ];
    for (const link of altered) {
      const res = await open(link as string);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('This link does not work');
      expect(res.body).not.toContain('aaaaaaaa');
    }

    // Made for a week, eight days ago: properly signed, but past its time.
    const fileId = url.pathname.split('/').at(-2) as string;
    const expired = await signedFileUrl(hd.ctx, hd.config, fileId, 7, Date.now() - 8 * DAY_MS);
    const late = await open(expired.url);
    expect(late.statusCode).toBe(404);
    expect(late.body).toContain('This link has expired');
    expect(late.body).not.toContain('aaaaaaaa');
  });

  it('an internal note’s files are never mailed, and no signed link opens one', async () => {
    const ticketId = await fileTicket();
    const note = await reply(ticketId, [{ name: 'server.log', bytes: Buffer.from('secret log\n') }], true);
    expect(note.statusCode).toBe(201);
    const ticket = (await hd.app.inject({ url: `${API}/tickets/${ticketId}`, headers: staff })).json();
    const fileId = ticket.comments[0].attachments[0].id as string;
    const forged = await signedFileUrl(hd.ctx, hd.config, fileId, 7);
    const res = await open(forged.url);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('secret log');
    // A later reply's mail is the first one after the confirmation: the note sent nothing.
    expect((await reply(ticketId, [])).statusCode).toBe(201);
    const mails = await delivery.mailsTo(client, 2);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.raw).not.toContain('server.log');
  });

  it('a new ticket’s files come with its confirmation', async () => {
    const body = multipartBody(ticketPayload({ email: client }), [{ name: 'error.png', bytes: TINY_PNG }]);
    const res = await hd.app.inject({ method: 'POST', url: `${API}/tickets/`, payload: body.payload, headers: body.headers });
    expect(res.statusCode).toBe(201);
    const [mail] = await delivery.mailsTo(client);
    const parsed = await simpleParser(mail?.raw ?? '');
    expect(parsed.attachments.map((a) => a.filename)).toEqual(['error.png']);
  });
});
