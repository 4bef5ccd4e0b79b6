import { afterEach, beforeEach, expect, it } from 'vitest';
import { TICKET_FIELD_LIMITS } from '../../common/limits.js';
import { createApiToken } from '../domain/people/api-tokens.js';
import { updateSettings } from '../settings/settings.js';
import { updateSiteOptions } from '../settings/site-options.js';
import { composeMail, replyBody } from '../test/compose-mail.js';
import { relaxIntakeLimits, setRegistration, ticketPayload } from '../test/fixtures.js';
import { type MailDelivery, startMailDelivery } from '../test/mail-delivery.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';
import { listFailedInboundMails } from './list-failed-inbound-mails.js';
import { receiveMail } from './receive-mail.js';

const SUPPORT = 'support@help.test';

// A 1×1 PNG, as an image editor writes it.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

describeEachDatabase('receiveMail', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true });
  let delivery: MailDelivery;
  beforeEach(async () => {
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    await relaxIntakeLimits(hd.ctx);
    await updateSettings(hd.ctx, { emails: { support_address: SUPPORT } });
    delivery = await startMailDelivery(hd);
  });
  afterEach(async () => {
    await delivery.stop();
  });

  const receive = (raw: string) => receiveMail({ ctx: hd.ctx, config: hd.config, counters: hd.counters }, raw, 'pipe');
  const comments = (ticketId: number) =>
    hd.ctx.db.selectFrom('comments').select(['content', 'author_role']).where('post_id', '=', ticketId).orderBy('id').execute();
  const status = async (ticketId: number) =>
    (
      await hd.ctx.db
        .selectFrom('term_relationships as tr')
        .innerJoin('terms as t', 't.id', 'tr.term_id')
        .select('t.slug')
        .where('tr.post_id', '=', ticketId)
        .where('tr.taxonomy', '=', 'ticket_status')
        .executeTakeFirstOrThrow()
    ).slug;
  const staffEmail = async () =>
    (await hd.ctx.db.selectFrom('users').select('email').where('role', '=', 'agent').executeTakeFirstOrThrow()).email;
  const mailJobs = async () => (await hd.ctx.db.selectFrom('jobs').select('payload').where('kind', '=', 'mail').execute()).length;

  /** A widget ticket and its confirmation, as the client received it. */
  async function widgetTicket(email: string) {
    const res = await hd.app.inject({
      method: 'POST',
      url: '/api/helpdesk/v1/tickets/',
      payload: ticketPayload({ email, subject: 'Export fails' }),
    });
    expect(res.statusCode).toBe(201);
    const { id, number } = res.json() as { id: number; number: number };
    const [confirmation] = await delivery.mailsTo(email);
    if (!confirmation) throw new Error('no confirmation');
    return { id, number, confirmation };
  }

  it('a new ticket by mail: subject and text filed for the sender, confirmed by mail in the same thread', async () => {
    await hd.authAs('agent');
    const raw = await composeMail({
      from: '"Cleo Client" <Cleo@Client.test>',
      to: SUPPORT,
      subject: 'Printer =?on fire',
      text: 'It smokes.\nPlease help.',
      messageId: '<first@client.test>',
    });
    const result = await receive(raw);
    expect(result).toMatchObject({ kind: 'imported', commentId: null });
    const id = (result as { ticketId: number }).ticketId;
    const ticket = await hd.ctx.db
      .selectFrom('posts as p')
      .innerJoin('users as u', 'u.id', 'p.author_id')
      .select(['p.title', 'p.content', 'u.email', 'u.name', 'p.number'])
      .where('p.id', '=', id)
      .executeTakeFirstOrThrow();
    const { number, ...filed } = ticket;
    expect(filed).toEqual({
      title: 'Printer =?on fire',
      content: 'It smokes.\nPlease help.',
      email: 'cleo@client.test',
      name: 'Cleo Client',
    });
    const [confirmation] = await delivery.mailsTo('cleo@client.test');
    expect(confirmation?.subject).toBe(`Printer =?on fire [#${number}]`);
    expect(confirmation?.headers['in-reply-to']).toBe('<first@client.test>');
    expect(confirmation?.headers['reply-to']).toMatch(new RegExp(`^support\\+${number}-[0-9a-f]{24}@help\\.test$`));
    // RFC 3834 §5: the confirmation answers the client's mail, so it is auto-replied; the agents' mail about
    // the new ticket answers nothing of theirs and stays auto-generated.
    expect(confirmation?.headers['auto-submitted']).toBe('auto-replied');
    const [toAgent] = await delivery.mailsTo(await staffEmail());
    expect(toAgent?.headers['auto-submitted']).toBe('auto-generated');
  });

  it('a reply built as a mail program builds it becomes the client’s comment without the quote; Waiting; agents mailed', async () => {
    await hd.authAs('agent');
    const agent = { email: await staffEmail() };
    const { id, confirmation } = await widgetTicket('ann@client.test');
    const raw = await composeMail({
      from: 'Ann Client <ann@client.test>',
      // Answering the thread, not the reply address: matched by In-Reply-To.
      to: SUPPORT,
      subject: `Re: ${confirmation.subject}`,
      inReplyTo: confirmation.messageId,
      references: [confirmation.messageId],
      text: replyBody('It works now, thanks!', confirmation.text),
    });
    expect(await receive(raw)).toMatchObject({ kind: 'imported', ticketId: id });
    expect(await comments(id)).toEqual([{ content: 'It works now, thanks!', author_role: 'client' }]);
    expect(await status(id)).toBe('waiting');
    const agentMails = await delivery.mailsTo(agent.email, 2);
    expect(agentMails[1]?.text).toContain('It works now, thanks!');
    expect(agentMails[1]?.subject).toBe(confirmation.subject);

    // The same message again (a second delivery, either path): nothing more.
    expect(await receive(raw)).toEqual({ kind: 'duplicate' });
    expect(await comments(id)).toHaveLength(1);
  });

  it('the reply address and the subject number match; a staff member’s reply to a notification is the agent’s public reply', async () => {
    await hd.authAs('agent');
    const agent = { email: await staffEmail() };
    const { id, number, confirmation } = await widgetTicket('bea@client.test');
    const replyTo = confirmation.headers['reply-to'] as string;
    const byAddress = await composeMail({ from: 'bea@client.test', to: replyTo, subject: 'Anything', text: 'By address.' });
    expect(await receive(byAddress)).toMatchObject({ kind: 'imported', ticketId: id, ticketNumber: number });
    const bySubject = await composeMail({ from: 'bea@client.test', to: SUPPORT, subject: `Re: [#${number}] hello`, text: 'By number.' });
    expect(await receive(bySubject)).toMatchObject({ kind: 'imported', ticketId: id });
    const [notification] = await delivery.mailsTo(agent.email);
    const fromAgent = await composeMail({
      from: agent.email,
      to: notification?.headers['reply-to'] as string,
      subject: 'Re',
      text: 'We are **on it**.',
    });
    expect(await receive(fromAgent)).toMatchObject({ kind: 'imported', ticketId: id });
    expect(await comments(id)).toEqual([
      { content: 'By address.', author_role: 'client' },
      { content: 'By number.', author_role: 'client' },
      { content: 'We are **on it**.', author_role: 'agent' },
    ]);
    expect(await status(id)).toBe('in-progress');
  });

  it('a forged From on another client’s reply address, thread or number never becomes a comment there', async () => {
    const { id, number, confirmation } = await widgetTicket('victim@client.test');
    await widgetTicket('mallory@client.test');
    const replyTo = confirmation.headers['reply-to'] as string;
    for (const options of [
      { to: replyTo, subject: 'x' },
      { to: SUPPORT, subject: 'x', inReplyTo: confirmation.messageId },
      { to: SUPPORT, subject: `[#${number}] x` },
    ]) {
      const raw = await composeMail({ from: 'mallory@client.test', text: 'Injected words.', ...options });
      const result = await receive(raw);
      // By number the sender is not the client, so it is no match at all: it files the sender's own ticket.
      if (options.subject.startsWith('[#')) expect(result).toMatchObject({ kind: 'imported' });
      else expect(result).toMatchObject({ kind: 'rejected', reason: expect.stringContaining('neither the client') });
      if (result.kind === 'imported') expect(result.ticketId).not.toBe(id);
    }
    // A stranger with no account at all, on the reply address: refused too.
    const stranger = await composeMail({ from: 'eve@elsewhere.test', to: replyTo, subject: 'x', text: 'Injected.' });
    expect(await receive(stranger)).toMatchObject({ kind: 'rejected' });
    expect(await comments(id)).toEqual([]);
    // A made-up token names no ticket.
    const guessed = await composeMail({ from: 'victim@client.test', to: `support+${id}-${'0'.repeat(24)}@help.test`, text: 'x' });
    const result = await receive(guessed);
    expect(result.kind === 'imported' && result.ticketId === id).toBe(false);
  });

  it('a staff From proves nothing: only the agent’s own reply address posts as staff; else refused, kept, agent told once', async () => {
    await hd.authAs('agent');
    await hd.authAs('agent');
    const agents = await hd.ctx.db.selectFrom('users').select(['id', 'email']).where('role', '=', 'agent').orderBy('id').execute();
    const [amy, ben] = agents as [{ id: number; email: string }, { id: number; email: string }];
    const { id, number, confirmation } = await widgetTicket('cara@client.test');
    const clientAddress = confirmation.headers['reply-to'] as string;
    const [amyNote] = await delivery.mailsTo(amy.email);
    const [benNote] = await delivery.mailsTo(ben.email);
    const amyAddress = amyNote?.headers['reply-to'] as string;
    const benAddress = benNote?.headers['reply-to'] as string;
    const statusBefore = await status(id);
    // Each agent's notification has an address of their own, which the client's mails never show.
    expect(amyAddress).toMatch(new RegExp(`^support\\+${number}-${amy.id}-[0-9a-f]{24}@help\\.test$`));
    expect(benAddress).toMatch(new RegExp(`^support\\+${number}-${ben.id}-[0-9a-f]{24}@help\\.test$`));
    expect(new Set([clientAddress, amyAddress, benAddress]).size).toBe(3);

    // Amy's From on every way the client can match the ticket, and on Ben's address: never Amy's reply.
    const forged = [
      { to: clientAddress, subject: 'Re' },
      { to: SUPPORT, subject: 'Re', inReplyTo: confirmation.messageId },
      { to: SUPPORT, subject: 'Re', inReplyTo: amyNote?.messageId },
      { to: SUPPORT, subject: `Re: [#${number}]`, inReplyTo: confirmation.messageId },
      { to: benAddress, subject: 'Re' },
      // Another agent's number with Amy's code (or the ticket's): not an address at all.
      { to: amyAddress.replace(`-${amy.id}-`, `-${ben.id}-`), subject: 'Re', inReplyTo: confirmation.messageId },
    ];
    for (const options of forged) {
      const result = await receive(await composeMail({ from: `Amy <${amy.email}>`, text: 'Refund granted, closing.', ...options }));
      expect(result).toMatchObject({ kind: 'rejected', reason: expect.stringContaining('reply from the notification mail') });
      // What the admin's list (and a pipe's bounce) shows names the ticket as people know it.
      expect(result).toMatchObject({ reason: expect.stringContaining(`about ticket #${number}, `) });
    }
    expect(await comments(id)).toEqual([]);
    expect(await status(id)).toBe(statusBefore);
    const failed = await listFailedInboundMails(hd.ctx);
    expect(failed.filter((f) => f.sender === amy.email)).toHaveLength(forged.length);
    // Amy is told by mail, once however many came, at her account's address, answerable from there.
    const [, told] = await delivery.mailsTo(amy.email, 2);
    expect(told?.text).toContain('was not posted as your reply');
    expect(told?.headers['reply-to']).toBe(amyAddress);
    const notices = await hd.ctx.db.selectFrom('jobs').select('payload').where('kind', '=', 'mail').execute();
    expect(notices.filter((j) => String(j.payload).includes('agent_mail_reply_refused'))).toHaveLength(1);

    // From her own address Amy's reply is hers; the client writing to it is still the client.
    const real = await composeMail({ from: amy.email, to: amyAddress, subject: 'Re', text: 'Looking into it.' });
    expect(await receive(real)).toMatchObject({ kind: 'imported', ticketId: id });
    const client = await composeMail({ from: 'cara@client.test', to: amyAddress, subject: 'Re', text: 'Thanks.' });
    expect(await receive(client)).toMatchObject({ kind: 'imported', ticketId: id });
    expect(await comments(id)).toEqual([
      { content: 'Looking into it.', author_role: 'agent' },
      { content: 'Thanks.', author_role: 'client' },
    ]);
  });

  it('a client’s replies by mail count against their replies per hour with the API’s; over it kept as refused, told once', async () => {
    await updateSettings(hd.ctx, { tickets: { limit_client_replies_hour: 2 } });
    const { id, confirmation } = await widgetTicket('dora@client.test');
    const replyTo = confirmation.headers['reply-to'] as string;
    const client = await hd.ctx.db.selectFrom('users').select('id').where('email', '=', 'dora@client.test').executeTakeFirstOrThrow();
    const headers = { authorization: `Bearer ${await createApiToken(hd.ctx.db, client.id, 'test')}` };
    const apiReply = (text: string) =>
      hd.app.inject({ method: 'POST', url: `/api/helpdesk/v1/tickets/${id}/comments`, headers, payload: { text } });
    const mailReply = async (text: string) => receive(await composeMail({ from: 'dora@client.test', to: replyTo, subject: 'Re', text }));

    expect((await apiReply('One by the API.')).statusCode).toBe(201);
    expect(await mailReply('Two by mail.')).toMatchObject({ kind: 'imported', ticketId: id });
    // The limit is reached: the API answers 429, and so does the mail channel, every time.
    expect((await apiReply('Three by the API.')).statusCode).toBe(429);
    for (const text of ['Four by mail.', 'Five by mail.', 'Six by mail.']) {
      expect(await mailReply(text)).toMatchObject({
        kind: 'rejected',
        reason: expect.stringContaining('Replies per signed-in client per hour'),
      });
    }
    expect((await comments(id)).map((c) => c.content)).toEqual(['One by the API.', 'Two by mail.']);
    // Kept, not lost: listed under failed mail with its text for the admin's retry.
    const failed = await listFailedInboundMails(hd.ctx);
    expect(failed.map((f) => f.sender)).toEqual(['dora@client.test', 'dora@client.test', 'dora@client.test']);
    const kept = await hd.ctx.db.selectFrom('inbound_mails').select('raw').where('outcome', '=', 'rejected').execute();
    expect(kept.every((row) => row.raw?.includes('by mail.'))).toBe(true);
    // Told once in plain words, in the ticket's thread.
    const [, notice] = await delivery.mailsTo('dora@client.test', 2);
    expect(notice?.subject).toBe(confirmation.subject);
    expect(notice?.text).toContain('was not added to the ticket');
    const notices = await hd.ctx.db.selectFrom('jobs').select('payload').where('kind', '=', 'mail').execute();
    expect(notices.filter((j) => String(j.payload).includes('client_mail_replies_limited'))).toHaveLength(1);
  });

  it('an unknown sender while account creation is off: no ticket, no mail back, the reason kept', async () => {
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: false });
    const jobsBefore = await mailJobs();
    const raw = await composeMail({ from: 'nobody@client.test', to: SUPPORT, subject: 'Hi', text: 'Let me in.' });
    expect(await receive(raw)).toMatchObject({ kind: 'rejected' });
    expect(await hd.ctx.db.selectFrom('posts').select('id').where('type', '=', 'ticket').execute()).toEqual([]);
    expect(await mailJobs()).toBe(jobsBefore);
    const row = await hd.ctx.db.selectFrom('inbound_mails').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ outcome: 'rejected', sender: 'nobody@client.test' });
    expect(row.raw).toBe(raw);
  });

  it('auto-replies and list mail are ignored and never answered; a bounce marks our mail failed', async () => {
    const { id, confirmation } = await widgetTicket('dan@client.test');
    const replyTo = confirmation.headers['reply-to'] as string;
    const jobsBefore = await mailJobs();
    const automatic = [
      { headers: { 'Auto-Submitted': 'auto-replied' } },
      { headers: { Precedence: 'bulk' } },
      { headers: { 'X-Autoreply': 'yes' } },
      { headers: { 'List-Id': '<news.client.test>' } },
    ];
    for (const extra of automatic) {
      const raw = await composeMail({ from: 'dan@client.test', to: replyTo, subject: 'Out of office', text: 'Away.', ...extra });
      expect(await receive(raw)).toMatchObject({ kind: 'ignored' });
    }
    const ownMail = await composeMail({ from: SUPPORT, to: replyTo, subject: 'x', text: 'loop' });
    expect(await receive(ownMail)).toMatchObject({ kind: 'ignored' });
    const bounce = await composeMail({
      from: 'MAILER-DAEMON@mx.client.test',
      to: 'helpdesk@help.test',
      subject: 'Undelivered Mail Returned to Sender',
      text: 'This is the mail system. The mail could not be delivered.',
      attachments: [
        {
          contentType: 'message/delivery-status',
          content:
            'Reporting-MTA: dns; mx.client.test\r\n\r\nFinal-Recipient: rfc822; dan@client.test\r\nAction: failed\r\n' +
            'Status: 5.1.1\r\nDiagnostic-Code: smtp; 550 5.1.1 No such user\r\n',
        },
        { contentType: 'text/rfc822-headers', content: `Message-ID: ${confirmation.messageId}\r\nSubject: ${confirmation.subject}\r\n` },
      ],
    });
    expect(await receive(bounce)).toMatchObject({ kind: 'ignored', reason: expect.stringContaining('marked failed') });
    const sent = await hd.ctx.db
      .selectFrom('sent_mails')
      .select(['state', 'failure'])
      .where('message_id', '=', confirmation.messageId)
      .executeTakeFirstOrThrow();
    expect(sent).toEqual({ state: 'failed', failure: 'Delivery failed: smtp; 550 5.1.1 No such user' });
    expect(await comments(id)).toEqual([]);
    expect(await mailJobs()).toBe(jobsBefore);
  });

  it('the notes the import writes into a ticket are in the site’s language: no subject, the cut, the files left out', async () => {
    await updateSiteOptions(hd.ctx.db, { site_language: 'de' });
    const disguised = Buffer.concat([Buffer.from('MZ'), Buffer.from([0x90, 0x00, 0x03, 0x00]), Buffer.alloc(300, 0)]);
    const raw = await composeMail({
      from: 'greta@client.test',
      to: SUPPORT,
      messageId: '<german-notes@client.test>',
      text: `Der Drucker. ${'x'.repeat(TICKET_FIELD_LIMITS.description)}`,
      attachments: [{ filename: 'setup.png', content: disguised }],
    });
    const result = await receive(raw);
    expect(result).toMatchObject({ kind: 'imported' });
    const ticket = await hd.ctx.db
      .selectFrom('posts')
      .select(['title', 'content'])
      .where('id', '=', (result as { ticketId: number }).ticketId)
      .executeTakeFirstOrThrow();
    expect(ticket.title).toBe('(kein Betreff)');
    expect(ticket.content).toMatch(/^Der Drucker\. x+\n\n\[Der Rest der E-Mail wurde abgeschnitten, weil sie zu lang war\.\]$/);
    expect(ticket.content.length).toBe(TICKET_FIELD_LIMITS.description);

    const short = await composeMail({
      from: 'greta@client.test',
      to: SUPPORT,
      subject: 'Bild',
      messageId: '<german-files@client.test>',
      text: 'Anbei.',
      attachments: [{ filename: 'setup.png', content: disguised }],
    });
    const withFile = await receive(short);
    const filed = await hd.ctx.db
      .selectFrom('posts')
      .select('content')
      .where('id', '=', (withFile as { ticketId: number }).ticketId)
      .executeTakeFirstOrThrow();
    expect(filed.content).toMatch(/^Anbei\.\n\n\[Nicht übernommene Dateien dieser E-Mail:\n- „setup\.png“ .+\]$/);
  });

  it('HTML-only mail becomes plain text; its files are kept by the attachment rules, a refused one named with why', async () => {
    await updateSettings(hd.ctx, { emails: { new_tickets_per_sender_hour: 2 } });
    const disguised = Buffer.concat([Buffer.from('MZ'), Buffer.from([0x90, 0x00, 0x03, 0x00]), Buffer.alloc(300, 0)]);
    const raw = await composeMail({
      from: 'eva@client.test',
      to: SUPPORT,
      subject: 'HTML',
      messageId: '<files@client.test>',
      html: '<p>Caf\u00e9 <b>open</b><script>alert(1)</script></p><img src="http://tracker.test/x.png">',
      attachments: [
        { filename: 'screen.png', content: PNG },
        { filename: 'setup.png', content: disguised },
      ],
    });
    const result = await receive(raw);
    expect(result).toMatchObject({ kind: 'imported' });
    const ticketId = (result as { ticketId: number }).ticketId;
    const ticket = await hd.ctx.db.selectFrom('posts').select('content').where('id', '=', ticketId).executeTakeFirstOrThrow();
    expect(ticket.content).toMatch(
      /^Café open\n\n\[Files left out of this mail:\n- “setup\.png” is a kind of file that cannot be attached/,
    );
    expect(ticket.content).not.toMatch(/script|alert|<|tracker/);
    const files = () =>
      hd.ctx.db
        .selectFrom('attachments')
        .select(['name', 'type', 'size', 'comment_id', 'is_pending'])
        .where('ticket_id', '=', ticketId)
        .execute();
    expect(await files()).toEqual([{ name: 'screen.png', type: 'image/png', size: PNG.length, comment_id: null, is_pending: 0 }]);
    // Delivered again: nothing more, no stray file.
    expect(await receive(raw)).toEqual({ kind: 'duplicate' });
    expect(await files()).toHaveLength(1);
    expect(await hd.ctx.db.selectFrom('attachments').select('id').where('is_pending', '=', 1).execute()).toEqual([]);

    // A reply's file joins its comment.
    const confirmation = (await delivery.mailsTo('eva@client.test'))[0];
    const reply = await composeMail({
      from: 'eva@client.test',
      to: confirmation?.headers['reply-to'] as string,
      subject: 'Re',
      text: 'Another one.',
      attachments: [{ filename: 'log.txt', content: Buffer.from('line one\nline two\n') }],
    });
    const replied = await receive(reply);
    expect(replied).toMatchObject({ kind: 'imported', ticketId });
    const commentId = (replied as { commentId: number }).commentId;
    expect((await files()).find((f) => f.comment_id === commentId)).toMatchObject({ name: 'log.txt', type: 'text/plain' });

    expect(await receive(await composeMail({ from: 'eva+2@client.test', to: SUPPORT, subject: 'two', text: 'x' }))).toMatchObject({
      kind: 'imported',
    });
    expect(await receive(await composeMail({ from: 'Eva@client.test', to: SUPPORT, subject: 'three', text: 'x' }))).toMatchObject({
      kind: 'rejected',
      reason: expect.stringContaining('already opened 2 tickets'),
    });
  });
});
