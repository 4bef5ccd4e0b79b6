import { expect, it } from 'vitest';
import { composeMail, replyBody } from '../test/compose-mail.js';
import { createTicket, replyAs } from '../test/factories.js';
import { SUPPORT, useImapDesk } from '../test/imap-desk.js';
import type { ReceivedMail } from '../test/smtp-sink.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';

const settled = { timeout: 20_000, interval: 50 };

describeEachDatabase('mail answering a merged ticket, by IMAP through a real Dovecot', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true });
  const desk = useImapDesk(hd);

  const comments = (ticketId: number) =>
    hd.ctx.db.selectFrom('comments').select(['content', 'author_role']).where('post_id', '=', ticketId).orderBy('id').execute();

  /** Two tickets of one client, the second merged into the first; the agent's mail about the second. */
  async function mergedPair(): Promise<{ keepId: number; goneId: number; confirmation: ReceivedMail }> {
    const agent = await hd.authAs('agent');
    const keep = await createTicket(hd, { email: 'ann@client.test', subject: 'Export fails' });
    const gone = await createTicket(hd, { email: 'ann@client.test', subject: 'Export again' });
    // One confirmation an hour per address: the second ticket's mail is the agent's answer on it.
    await replyAs(hd, agent, gone.id, 'Looking into it.');
    const mails = await desk.delivery.mailsTo('ann@client.test', 2);
    const confirmation = mails.find((m) => m.subject.includes('Export again'));
    if (!confirmation) throw new Error('no mail about the second ticket');
    const merged = await hd.app.inject({
      method: 'POST',
      url: `/api/helpdesk/v1/tickets/${keep.id}/merge`,
      headers: agent,
      payload: { source_ids: [gone.id] },
    });
    expect(merged.statusCode, merged.body).toBe(200);
    await expect.poll(() => desk.imap.list().then((l) => l.some((b) => b.path === 'Processed')), settled).toBe(true);
    return { keepId: keep.id, goneId: gone.id, confirmation };
  }

  it('a reply to the merged ticket’s reply address lands in the ticket it was merged into', async () => {
    const { keepId, goneId, confirmation } = await mergedPair();
    const reply = await composeMail({
      from: 'Ann Client <ann@client.test>',
      to: confirmation.headers['reply-to'],
      subject: `Re: ${confirmation.subject}`,
      text: replyBody('Any news on this?', confirmation.text),
    });
    await desk.imap.append('INBOX', reply);
    await expect
      .poll(async () => (await comments(keepId)).at(-1), settled)
      .toEqual({ content: 'Any news on this?', author_role: 'client' });
    expect(await comments(goneId)).toEqual([]);
  });

  it('a reply threading under the merged ticket’s mail (In-Reply-To, to the plain support address) lands in the survivor', async () => {
    const { keepId, goneId, confirmation } = await mergedPair();
    const reply = await composeMail({
      from: 'Ann Client <ann@client.test>',
      to: SUPPORT,
      subject: 'Re: my request',
      inReplyTo: confirmation.messageId,
      references: [confirmation.messageId],
      text: 'Threaded answer.',
    });
    await desk.imap.append('INBOX', reply);
    await expect.poll(async () => (await comments(keepId)).at(-1), settled).toEqual({ content: 'Threaded answer.', author_role: 'client' });
    expect(await comments(goneId)).toEqual([]);
  });
});
