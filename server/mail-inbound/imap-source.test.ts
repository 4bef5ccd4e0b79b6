import { expect, it } from 'vitest';
import { english } from '../i18n/translators.js';
import { updateSettings } from '../settings/settings.js';
import { composeMail, replyBody } from '../test/compose-mail.js';
import { ticketPayload } from '../test/fixtures.js';
import { SUPPORT, useImapDesk } from '../test/imap-desk.js';
import type { ReceivedMail } from '../test/smtp-sink.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';
import { createImapSource } from './imap-source.js';
import { readImapStatus } from './imap-status.js';
import { showReason } from './inbound-reason.js';
import { receiveMail } from './receive-mail.js';

const settled = { timeout: 20_000, interval: 50 };

describeEachDatabase('mail by IMAP through a real Dovecot', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true });
  const desk = useImapDesk(hd);

  const folderCount = async (path: string) => {
    const status = await desk.imap.status(path, { messages: true });
    return status ? (status.messages ?? -1) : -1;
  };
  const comments = (ticketId: number) =>
    hd.ctx.db.selectFrom('comments').select(['content', 'author_role']).where('post_id', '=', ticketId).orderBy('id').execute();

  it('widget ticket → confirmation → a reply by mail lands as the client’s comment → the agent’s answer threads under it', async () => {
    const agent = await hd.authAs('agent');
    const agentEmail = (await hd.ctx.db.selectFrom('users').select('email').where('role', '=', 'agent').executeTakeFirstOrThrow()).email;
    const res = await hd.app.inject({
      method: 'POST',
      url: '/api/helpdesk/v1/tickets/',
      payload: ticketPayload({ email: 'ann@client.test', subject: 'Export fails' }),
    });
    const id = (res.json() as { id: number }).id;
    const [confirmation] = await desk.delivery.mailsTo('ann@client.test');
    if (!confirmation) throw new Error('no confirmation');
    // The source has made its folders and is idling: the reply arrives.
    await expect.poll(() => desk.imap.list().then((l) => l.some((b) => b.path === 'Processed')), settled).toBe(true);

    const reply = await composeMail({
      from: 'Ann Client <ann@client.test>',
      to: confirmation.headers['reply-to'],
      subject: `Re: ${confirmation.subject}`,
      inReplyTo: confirmation.messageId,
      references: [confirmation.messageId],
      text: replyBody('Still broken on Firefox.', confirmation.text),
    });
    await desk.imap.append('INBOX', reply);
    await expect.poll(() => comments(id), settled).toEqual([{ content: 'Still broken on Firefox.', author_role: 'client' }]);
    // The status moves right after the comment's commit (addComment applies the transition filter then).
    const status = () =>
      hd.ctx.db
        .selectFrom('term_relationships as tr')
        .innerJoin('terms as t', 't.id', 'tr.term_id')
        .select('t.slug')
        .where('tr.post_id', '=', id)
        .where('tr.taxonomy', '=', 'ticket_status')
        .executeTakeFirstOrThrow()
        .then((row) => row.slug);
    await expect.poll(status, settled).toBe('waiting');
    await expect.poll(() => folderCount('Processed'), settled).toBe(1);
    expect(await folderCount('INBOX')).toBe(0);
    const [, toAgent] = await desk.delivery.mailsTo(agentEmail, 2);
    expect(toAgent?.text).toContain('Still broken on Firefox.');
    expect(toAgent?.text).not.toContain('Acme Corp');

    // The agent answers in the admin app (the same REST route); the client's mail threads under their reply.
    const answer = await hd.app.inject({
      method: 'POST',
      url: `/api/helpdesk/v1/tickets/${id}/comments`,
      headers: agent,
      payload: { text: 'Fixed in 2.1.' },
    });
    expect(answer.statusCode).toBe(201);
    const [, toClient] = await desk.delivery.mailsTo('ann@client.test', 2);
    expect(toClient?.subject).toBe(confirmation.subject);
    const replyId = /^Message-ID: (<[^>]+>)/im.exec(reply)?.[1];
    expect(toClient?.headers['in-reply-to']).toBe(replyId);
    expect(toClient?.headers.references).toBe(`<ticket-${id}@help.test> ${confirmation.messageId} ${replyId}`);
    expect((await readImapStatus(hd.ctx.db)).lastCheckAt).not.toBeNull();
  });

  it('a message imported before a crash (committed, not yet moved) is moved, not doubled; a refused one goes to Failed', async () => {
    const res = await hd.app.inject({
      method: 'POST',
      url: '/api/helpdesk/v1/tickets/',
      payload: ticketPayload({ email: 'bo@client.test' }),
    });
    const id = (res.json() as { id: number }).id;
    const [confirmation] = await desk.delivery.mailsTo('bo@client.test');
    const replyTo = confirmation?.headers['reply-to'] as string;
    const raw = await composeMail({ from: 'bo@client.test', to: replyTo, subject: 'Re', text: 'Once only.' });
    // As if the instance died after the commit and before the MOVE: the mail is still in the inbox.
    expect(await receiveMail({ ctx: hd.ctx, config: hd.config, counters: hd.counters }, raw, 'imap')).toMatchObject({ kind: 'imported' });
    await desk.imap.append('INBOX', raw);
    await desk.imap.append('INBOX', await composeMail({ from: 'mallory@client.test', to: replyTo, subject: 'Re', text: 'Forged.' }));
    await expect.poll(() => folderCount('INBOX'), settled).toBe(0);
    expect(await folderCount('Processed')).toBe(1);
    expect(await folderCount('Failed')).toBe(1);
    expect(await comments(id)).toEqual([{ content: 'Once only.', author_role: 'client' }]);
    const failed = await hd.ctx.db.selectFrom('inbound_mails').select(['sender', 'reason']).where('outcome', '=', 'rejected').execute();
    expect(failed.map((f) => ({ ...f, reason: showReason(f.reason, english) }))).toEqual([
      { sender: 'mallory@client.test', reason: expect.stringContaining('neither the client') },
    ]);
  });

  it('an agent’s reply to a notification posts as staff; their From on a client’s address, a client over limit: Failed', async () => {
    await hd.authAs('agent');
    const agentEmail = (await hd.ctx.db.selectFrom('users').select('email').where('role', '=', 'agent').executeTakeFirstOrThrow()).email;
    await updateSettings(hd.ctx, { tickets: { limit_client_replies_hour: 1 } });
    const res = await hd.app.inject({
      method: 'POST',
      url: '/api/helpdesk/v1/tickets/',
      payload: ticketPayload({ email: 'di@client.test' }),
    });
    const id = (res.json() as { id: number }).id;
    const [confirmation] = await desk.delivery.mailsTo('di@client.test');
    const [notification] = await desk.delivery.mailsTo(agentEmail);
    if (!confirmation || !notification) throw new Error('no mails');
    await expect.poll(() => desk.imap.list().then((l) => l.some((b) => b.path === 'Processed')), settled).toBe(true);
    const reply = (from: string, to: string, answered: string, text: string) =>
      composeMail({ from, to, subject: `Re: ${notification.subject}`, inReplyTo: answered, references: [answered], text });

    // In the order they arrive: the agent answering the client's mail (forwarded, say), then their own.
    await desk.imap.append(
      'INBOX',
      await reply(agentEmail, confirmation.headers['reply-to'] as string, confirmation.messageId, 'Forged refund.'),
    );
    await desk.imap.append('INBOX', await reply(agentEmail, notification.headers['reply-to'] as string, notification.messageId, 'On it.'));
    await desk.imap.append(
      'INBOX',
      await reply('di@client.test', confirmation.headers['reply-to'] as string, confirmation.messageId, 'Thanks.'),
    );
    await desk.imap.append(
      'INBOX',
      await reply('di@client.test', confirmation.headers['reply-to'] as string, confirmation.messageId, 'More.'),
    );
    await expect.poll(() => folderCount('INBOX'), settled).toBe(0);
    expect([await folderCount('Processed'), await folderCount('Failed')]).toEqual([2, 2]);
    expect(await comments(id)).toEqual([
      { content: 'On it.', author_role: 'agent' },
      { content: 'Thanks.', author_role: 'client' },
    ]);
    // Both are told, by mail.
    const told = (to: string, words: string) => (messages: ReceivedMail[]) =>
      messages.filter((m) => m.to.includes(to) && m.text.includes(words)).length === 1;
    await desk.delivery.smtp.waitFor(told(agentEmail, 'was not posted as your reply'), 'the notice to the agent');
    await desk.delivery.smtp.waitFor(told('di@client.test', 'was not added to the ticket'), 'the notice to the client');
  });

  it('a message that fails on every pass is set aside in Failed, kept for a retry; the mail behind it is imported', async () => {
    const res = await hd.app.inject({
      method: 'POST',
      url: '/api/helpdesk/v1/tickets/',
      payload: ticketPayload({ email: 'cy@client.test' }),
    });
    const id = (res.json() as { id: number }).id;
    const [confirmation] = await desk.delivery.mailsTo('cy@client.test');
    const replyTo = confirmation?.headers['reply-to'] as string;
    // A plugin that breaks on every new sender: not the client's mistake, so each pass counts as "try again later".
    hd.hooks.addFilter('helpdesk_can_register_users', 'test/broken', () => {
      throw new TypeError('the plugin broke');
    });
    // Passes every second, so that the tries come quickly.
    await desk.source.stop();
    const quick = createImapSource(
      { ctx: hd.ctx, config: hd.config, counters: hd.counters },
      { url: desk.dovecot.url, pollSeconds: 1 },
      { info: () => {}, warn: () => {} },
    );
    await desk.imap.append('INBOX', await composeMail({ from: 'new@client.test', to: SUPPORT, subject: 'Stuck', text: 'Help.' }));
    await desk.imap.append('INBOX', await composeMail({ from: 'cy@client.test', to: replyTo, subject: 'Re', text: 'Behind it.' }));
    quick.start();
    try {
      await expect.poll(() => folderCount('INBOX'), settled).toBe(0);
      expect(await folderCount('Failed')).toBe(1);
      expect(await comments(id)).toEqual([{ content: 'Behind it.', author_role: 'client' }]);
      const [failed] = await hd.ctx.db
        .selectFrom('inbound_mails')
        .select(['sender', 'reason', 'raw'])
        .where('outcome', '=', 'rejected')
        .execute();
      expect(failed?.sender).toBe('new@client.test');
      expect(showReason(failed?.reason ?? null, english)).toContain('could not be imported after several tries (the plugin broke)');
      expect(failed?.raw).toContain('Help.');
    } finally {
      await quick.stop();
    }
  });

  it('two instances reading one mailbox import each message once', async () => {
    await updateSettings(hd.ctx, { emails: { new_tickets_per_sender_hour: 1000 } });
    // A second instance: its own connection and its own claim on the same mailbox and database.
    const other = createImapSource(
      { ctx: hd.ctx, config: hd.config, counters: hd.counters },
      { url: desk.dovecot.url, pollSeconds: 600 },
      {
        info: () => {},
        warn: () => {},
      },
    );
    other.start();
    try {
      const count = 30;
      for (let i = 0; i < count; i += 1) {
        await desk.imap.append(
          'INBOX',
          await composeMail({ from: `p${i}@client.test`, to: SUPPORT, subject: `Pair ${i}`, text: `Text ${i}` }),
        );
      }
      await expect.poll(() => folderCount('Processed'), settled).toBe(count);
      expect(await folderCount('INBOX')).toBe(0);
      const titles = (await hd.ctx.db.selectFrom('posts').select('title').where('type', '=', 'ticket').execute()).map((t) => t.title);
      expect(titles.sort()).toEqual(Array.from({ length: count }, (_, i) => `Pair ${i}`).sort());
    } finally {
      await other.stop();
    }
  });

  it('a ticket mailed with a colleague in Cc copies them in: they get the agent’s reply, their answer lands under their name', async () => {
    await desk.imap.append(
      'INBOX',
      await composeMail({
        from: 'Ann Client <ann@client.test>',
        to: SUPPORT,
        cc: 'Ben Colleague <ben@client.test>',
        subject: 'Printer on fire',
        text: 'It smokes.',
      }),
    );
    await expect.poll(() => folderCount('Processed'), settled).toBe(1);
    const ticket = await hd.ctx.db.selectFrom('posts').select('id').where('title', '=', 'Printer on fire').executeTakeFirstOrThrow();
    const answer = await hd.app.inject({
      method: 'POST',
      url: `/api/helpdesk/v1/tickets/${ticket.id}/comments`,
      headers: await hd.authAs('agent'),
      payload: { text: 'A technician is on the way.' },
    });
    expect(answer.statusCode).toBe(201);
    const [toBen] = await desk.delivery.mailsTo('ben@client.test');
    expect(toBen?.text).toContain('A technician is on the way.');
    await desk.imap.append(
      'INBOX',
      await composeMail({
        from: 'Ben Colleague <ben@client.test>',
        to: toBen?.headers['reply-to'] as string,
        subject: `Re: ${toBen?.subject}`,
        inReplyTo: toBen?.messageId,
        text: 'He has arrived.',
      }),
    );
    await expect.poll(() => folderCount('Processed'), settled).toBe(2);
    const last = await hd.ctx.db
      .selectFrom('comments as c')
      .innerJoin('users as u', 'u.id', 'c.author_id')
      .select(['u.email', 'c.author_role', 'c.content'])
      .where('c.post_id', '=', ticket.id)
      .orderBy('c.id', 'desc')
      .executeTakeFirstOrThrow();
    expect(last).toEqual({ email: 'ben@client.test', author_role: 'client', content: 'He has arrived.' });
  });
});
