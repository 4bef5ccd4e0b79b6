import { beforeEach, expect, it } from 'vitest';
import { addComment } from '../domain/comments/add-comment.js';
import { addUser } from '../domain/people/add-user.js';
import { updateSettings } from '../settings/settings.js';
import { createTicketWithLink, signInWithLink } from '../test/factories.js';
import { countRows, setRegistration } from '../test/fixtures.js';
import { TINY_PNG, windowsExecutable } from '../test/multipart.js';
import { csrfIn, memoryMail } from '../test/site-client.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';

describeEachDatabase('files on the help site: the reply box, the new-ticket form, the thread', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true });
  let mail: ReturnType<typeof memoryMail>;
  beforeEach(async () => {
    mail = memoryMail(hd);
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
  });

  const signedInClient = async () => {
    const { id, number, link } = await createTicketWithLink(hd, mail);
    return { browser: (await signInWithLink(hd, link)).browser, id, number };
  };

  it('a reply with a file is stored with it; the thread links the file, never an internal note’s', async () => {
    const { browser, id, number } = await signedInClient();
    const page = await browser.get(`/tickets/?ticket=${number}`);
    // React writes the attribute as encType; HTML attribute names are case-insensitive.
    expect(page.body).toMatch(/enctype="multipart\/form-data"/i);
    expect(page.body).toContain('name="attachments"');
    const res = await browser.postMultipart(
      '/account/reply/',
      { _csrf: csrfIn(page.body), ticket_id: String(id), return_to: '/tickets/', text: 'Here is the screenshot.' },
      [{ name: 'screen.png', bytes: TINY_PNG }],
    );
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toContain('notice=reply_sent');
    // An agent's internal note with a file (its row written directly) stays out of the client's thread.
    const agent = await addUser(hd.ctx, { email: 'agent-files@staff.test', name: 'Agent', role: 'agent' });
    const note = await addComment(
      hd.ctx,
      { ticketId: id, text: 'VIP note', role: 'agent', isInternal: true, suppressTransition: true },
      { id: agent.id, role: 'agent' },
    );
    await hd.ctx.db
      .insertInto('attachments')
      .values({
        public_id: 'internal-file-id-123456',
        ticket_id: id,
        comment_id: note.id,
        name: 'secret.log',
        size: 1,
        type: 'text/plain',
        storage_key: 'ff'.repeat(16),
        is_pending: 0,
        created_at: new Date().toISOString(),
      })
      .execute();
    const thread = await browser.get(`/tickets/?ticket=${number}`);
    const row = await hd.ctx.db.selectFrom('attachments').selectAll().where('name', '=', 'screen.png').executeTakeFirstOrThrow();
    expect(row.ticket_id).toBe(id);
    expect(thread.body).toContain(`href="http://help.test/api/helpdesk/v1/files/${row.public_id}"`);
    expect(thread.body).toContain('screen.png');
    expect(thread.body).not.toContain('secret.log');
    // The browser's session opens the file through the API.
    const file = await browser.get(`/api/helpdesk/v1/files/${row.public_id}`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(TINY_PNG)).toBe(true);
  });

  it('the new-ticket form files a ticket with its file; a disguised executable gets a page naming it and nothing is stored', async () => {
    const { browser } = await signedInClient();
    const page = await browser.get('/tickets/new/');
    expect(page.body).toContain('name="attachments"');
    const form = { _csrf: csrfIn(page.body), return_to: '/tickets/new/', subject: 'Broken upload', description: 'See the file.' };
    const refusedBefore = await countRows(hd.ctx);
    const refused = await browser.postMultipart('/account/new-ticket/', form, [{ name: 'cat.png', bytes: windowsExecutable() }]);
    expect(refused.statusCode).toBe(415);
    expect(refused.headers['content-type']).toContain('text/html');
    expect(refused.body).toContain('Your message was not sent');
    expect(refused.body).toContain('cat.png');
    expect(await countRows(hd.ctx)).toEqual(refusedBefore);

    const res = await browser.postMultipart('/account/new-ticket/', form, [{ name: 'shot.png', bytes: TINY_PNG }]);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toContain('notice=ticket_created');
    const ticketNumber = Number(new URL(res.headers.location as string).searchParams.get('ticket'));
    const { id: ticketId } = await hd.ctx.db.selectFrom('posts').select('id').where('number', '=', ticketNumber).executeTakeFirstOrThrow();
    const rows = await hd.ctx.db.selectFrom('attachments').select(['name', 'comment_id']).where('ticket_id', '=', ticketId).execute();
    expect(rows).toEqual([{ name: 'shot.png', comment_id: null }]);
  });

  it('the thread shows an image as a thumbnail opening the full image, other files as sized links, purged ones as a note', async () => {
    const { browser, id, number } = await signedInClient();
    const page = await browser.get(`/tickets/?ticket=${number}`);
    const sent = await browser.postMultipart(
      '/account/reply/',
      { _csrf: csrfIn(page.body), ticket_id: String(id), return_to: '/tickets/', text: 'Two files.' },
      [
        { name: 'screen.png', bytes: TINY_PNG },
        { name: 'steps.txt', bytes: Buffer.from('one\ntwo\n') },
      ],
    );
    expect(sent.statusCode).toBe(303);
    const rows = await hd.ctx.db
      .selectFrom('attachments')
      .select(['public_id', 'name'])
      .where('ticket_id', '=', id)
      .orderBy('id')
      .execute();
    const [image, text] = rows.map((r) => `http://help.test/api/helpdesk/v1/files/${r.public_id}`);
    let thread = (await browser.get(`/tickets/?ticket=${number}`)).body;
    expect(thread).toMatch(
      new RegExp(
        `<a href="${image}" class="attachment-image"><img src="${image}/thumbnail" alt="screen\\.png \\(\\d+ bytes\\), opens full size"`,
      ),
    );
    expect(thread).toContain(`<a href="${text}"><bdi>steps.txt</bdi></a> <span class="hint">(8 bytes)</span>`);
    // The page's session opens the thumbnail.
    const thumbnail = await browser.get(`${new URL(image as string).pathname}/thumbnail`);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');

    await hd.ctx.db
      .updateTable('attachments')
      .set({ removed_at: new Date().toISOString(), removed_after_days: 1 })
      .where('ticket_id', '=', id)
      .execute();
    thread = (await browser.get(`/tickets/?ticket=${number}`)).body;
    expect(thread).not.toContain(image);
    expect(thread).toContain('<bdi>steps.txt</bdi> <span class="hint">(file removed 1 day after the ticket was closed)</span>');
  });

  it('both forms’ pickers carry Tickets → Attachments for their script; a refusal page names the refused file for it', async () => {
    await updateSettings(hd.ctx, {
      tickets: {
        attachment_max_file_mb: 2,
        attachment_max_files: 3,
        attachment_types_office: false,
        attachment_types_zip: false,
        attachment_types_text: false,
      },
    });
    const { browser, id, number } = await signedInClient();
    const newTicket = (await browser.get('/tickets/new/')).body;
    const thread = (await browser.get(`/tickets/?ticket=${number}`)).body;
    for (const page of [newTicket, thread]) {
      const picker = page.match(/<input[^>]* name="attachments"[^>]*>/)?.[0];
      expect(picker).toContain(' data-form-files="" data-max-file-bytes="2097152" data-max-files="3"');
      expect(page).toContain('Images, PDF; up to 2 MB each, at most 3 files.');
      expect(page).toContain('<script src="http://help.test/content/theme/form-files.js" defer="">');
    }
    // The second file is refused: the page says which (its position) and why, beside the message.
    const refused = await browser.postMultipart(
      '/account/reply/',
      { _csrf: csrfIn(thread), ticket_id: String(id), return_to: '/tickets/', text: 'Two files.' },
      [
        { name: 'fine.png', bytes: TINY_PNG },
        { name: 'setup.png', bytes: windowsExecutable() },
      ],
    );
    expect(refused.statusCode).toBe(415);
    expect(refused.body).toMatch(
      /<p data-refused-file="1" data-detail="[^"]*setup\.png[^"]*">[^<]*Go back to send your message again\.<\/p>/,
    );

    // Files of no allowed kind: no picker at all.
    await updateSettings(hd.ctx, { tickets: { attachment_types_images: false, attachment_types_pdf: false } });
    expect((await browser.get('/tickets/new/')).body).not.toContain('name="attachments"');
  });

  it('a form post with files but a stale CSRF token is refused and keeps no file', async () => {
    const { browser, id } = await signedInClient();
    const before = await countRows(hd.ctx);
    const res = await browser.postMultipart(
      '/account/reply/',
      { _csrf: 'stale', ticket_id: String(id), return_to: '/tickets/', text: 'x' },
      [{ name: 'screen.png', bytes: TINY_PNG }],
    );
    expect(res.statusCode).toBe(403);
    expect(await countRows(hd.ctx)).toEqual(before);
  });
});
