import { afterEach, beforeEach, expect, it } from 'vitest';
import { insertParticipant } from '../domain/participants/participants.js';
import { updateSettings } from '../settings/settings.js';
import { composeMail } from '../test/compose-mail.js';
import { createAgent } from '../test/factories.js';
import { relaxIntakeLimits, setRegistration } from '../test/fixtures.js';
import { type MailDelivery, startMailDelivery } from '../test/mail-delivery.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';
import { receiveMail } from './receive-mail.js';

const SUPPORT = 'support@help.test';

describeEachDatabase('clients copied in by mail', (dialect) => {
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
  const copiedEmails = async (ticketId: number) =>
    (
      await hd.ctx.db
        .selectFrom('ticket_participants as tp')
        .innerJoin('users as u', 'u.id', 'tp.user_id')
        .select('u.email')
        .where('tp.ticket_id', '=', ticketId)
        .where('tp.kind', '=', 'cc')
        .orderBy('u.email')
        .execute()
    ).map((r) => r.email);
  const userId = async (email: string) =>
    (await hd.ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

  /** A ticket opened by Ann's mail with Ben and Cy in copy; its confirmation as Ann received it. */
  async function ticketWithCopies() {
    const raw = await composeMail({
      from: 'Ann Client <ann@client.test>',
      to: [SUPPORT, 'Ben Colleague <ben@client.test>'],
      cc: ['cy@client.test', 'ann@client.test', `support+7-abc@help.test`],
      subject: 'Printer on fire',
      text: 'It smokes.',
      messageId: '<first@client.test>',
    });
    const result = await receive(raw);
    expect(result).toMatchObject({ kind: 'imported' });
    const id = (result as { ticketId: number }).ticketId;
    const [confirmation] = await delivery.mailsTo('ann@client.test');
    if (!confirmation) throw new Error('no confirmation');
    return { id, confirmation };
  }

  async function agentReply(id: number, text: string, extra: Record<string, unknown> = {}) {
    const res = await hd.app.inject({
      method: 'POST',
      url: `/api/helpdesk/v1/tickets/${id}/comments`,
      headers: await hd.authAs('agent'),
      payload: { text, ...extra },
    });
    expect(res.statusCode).toBe(201);
  }

  it('a new ticket by mail copies in its To and Cc people, not the sender nor the helpdesk’s own addresses', async () => {
    const { id } = await ticketWithCopies();
    expect(await copiedEmails(id)).toEqual(['ben@client.test', 'cy@client.test']);
    const ben = await hd.ctx.db
      .selectFrom('users')
      .select(['name', 'role', 'password_hash'])
      .where('email', '=', 'ben@client.test')
      .executeTakeFirstOrThrow();
    expect(ben).toEqual({ name: 'Ben Colleague', role: 'client', password_hash: null });
  });

  it('a copied-in account is made quietly: no mail goes to it when the ticket is filed', async () => {
    const { id } = await ticketWithCopies();
    const ben = await userId('ben@client.test');
    const jobs = await hd.ctx.db.selectFrom('jobs').select('payload').where('kind', '=', 'mail').execute();
    const toBen = jobs.filter((j) => {
      const payload = (typeof j.payload === 'string' ? JSON.parse(j.payload) : j.payload) as { userId?: number; ticketId?: number };
      return payload.userId === ben && payload.ticketId === id;
    });
    expect(toBen).toEqual([]);
  });

  it('an agent’s public reply is mailed to the client and to each person copied in, one mail each', async () => {
    const { id } = await ticketWithCopies();
    await agentReply(id, 'We sent a technician.');
    for (const address of ['ann@client.test', 'ben@client.test', 'cy@client.test']) {
      const mails = await delivery.mailsTo(address, address === 'ann@client.test' ? 2 : 1);
      const reply = mails.at(-1);
      expect(reply?.text).toContain('We sent a technician.');
      expect(reply?.to).toEqual([address]);
      expect(reply?.headers['reply-to']).toMatch(/^support\+\d+-[0-9a-f]{24}@help\.test$/);
    }
  });

  it('a person copied in gets a link to the help site, never a sign-in to the ticket', async () => {
    const { id } = await ticketWithCopies();
    await agentReply(id, 'We sent a technician.');
    const [toBen] = await delivery.mailsTo('ben@client.test');
    const [, toAnn] = await delivery.mailsTo('ann@client.test', 2);
    expect(toAnn?.text).toMatch(/\/(login|account|t)\//);
    expect(toBen?.text).toContain(`${hd.config.homeUrl}/`);
    expect(toBen?.text).not.toMatch(/token=|\/login\/|\/account\/tickets/);
  });

  it('an internal note is mailed to no one copied in', async () => {
    const { id } = await ticketWithCopies();
    await agentReply(id, 'Between us.', { internal: true });
    await agentReply(id, 'A public word.');
    const [toBen] = await delivery.mailsTo('ben@client.test');
    expect(toBen?.text).toContain('A public word.');
    expect(delivery.smtp.messages.filter((m) => m.to.includes('ben@client.test') && m.text.includes('Between us.'))).toEqual([]);
  });

  it('a reply by mail from a person copied in lands in the ticket under their own name', async () => {
    const { id } = await ticketWithCopies();
    await agentReply(id, 'We sent a technician.');
    const [toBen] = await delivery.mailsTo('ben@client.test');
    const raw = await composeMail({
      from: 'Ben Colleague <ben@client.test>',
      to: toBen?.headers['reply-to'] as string,
      subject: `Re: ${toBen?.subject}`,
      inReplyTo: toBen?.messageId,
      text: 'He has arrived.',
    });
    expect(await receive(raw)).toMatchObject({ kind: 'imported', ticketId: id });
    const last = await hd.ctx.db
      .selectFrom('comments')
      .select(['author_id', 'author_role', 'content'])
      .where('post_id', '=', id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(last).toEqual({ author_id: await userId('ben@client.test'), author_role: 'client', content: 'He has arrived.' });
  });

  it('a client not copied in is refused on the ticket’s reply address, as before', async () => {
    const { id, confirmation } = await ticketWithCopies();
    const raw = await composeMail({
      from: 'dan@client.test',
      to: confirmation.headers['reply-to'] as string,
      subject: 'Re',
      text: 'Me too.',
    });
    expect(await receive(raw)).toMatchObject({ kind: 'rejected' });
    const count = await hd.ctx.db.selectFrom('comments').select('id').where('post_id', '=', id).execute();
    expect(count).toEqual([]);
  });

  it('a person copied in who writes `[#n]` with no secret does not post on the ticket', async () => {
    const { id, confirmation } = await ticketWithCopies();
    const number = /\[#(\d+)\]/.exec(confirmation.subject)?.[1];
    const raw = await composeMail({ from: 'ben@client.test', to: SUPPORT, subject: `Re: [#${number}]`, text: 'Forged?' });
    const result = await receive(raw);
    // No secret matched: the mail is a ticket of its own, never a comment on Ann's.
    expect(result).toMatchObject({ kind: 'imported', commentId: null });
    expect((result as { ticketId: number }).ticketId).not.toBe(id);
  });

  it('past 48 people copied in, the rest are left out and the mail’s record names them', async () => {
    const cc = Array.from({ length: 50 }, (_, i) => `p${String(i).padStart(2, '0')}@client.test`);
    const raw = await composeMail({
      from: 'ann@client.test',
      to: SUPPORT,
      cc,
      subject: 'Many',
      text: 'Hi all.',
      messageId: '<many@client.test>',
    });
    const result = await receive(raw);
    const id = (result as { ticketId: number }).ticketId;
    expect(await copiedEmails(id)).toHaveLength(48);
    const record = await hd.ctx.db
      .selectFrom('inbound_mails')
      .select('reason')
      .where('message_id', '=', '<many@client.test>')
      .executeTakeFirstOrThrow();
    expect(record.reason).toContain('p48@client.test, p49@client.test');
  });

  it('a follower gets the client’s reply as a notice, as the assignee does', async () => {
    const { id, confirmation } = await ticketWithCopies();
    const follower = await createAgent(hd);
    const assignee = await createAgent(hd);
    await hd.ctx.db.updateTable('posts').set({ assignee_id: assignee.id }).where('id', '=', id).execute();
    await insertParticipant(hd.ctx.db, {
      ticketId: id,
      userId: follower.id,
      kind: 'follower',
      addedBy: null,
      at: new Date().toISOString(),
    });
    const raw = await composeMail({
      from: 'ann@client.test',
      to: confirmation.headers['reply-to'] as string,
      subject: 'Re',
      text: 'Still smoking.',
    });
    expect(await receive(raw)).toMatchObject({ kind: 'imported' });
    // The notices are written with the mails, by the event's job: its mail says it ran.
    const [mail] = await delivery.mailsTo(follower.email);
    expect(mail?.text).toContain('Still smoking.');
    const notices = await hd.ctx.db
      .selectFrom('notifications')
      .select('user_id')
      .where('ticket_id', '=', id)
      .where('kind', '=', 'client_replied')
      .orderBy('user_id')
      .execute();
    expect(notices.map((n) => n.user_id)).toEqual([follower.id, assignee.id].sort((a, b) => a - b));
  });

  it('a follower is never sent the client’s mails', async () => {
    const { id } = await ticketWithCopies();
    const follower = await createAgent(hd);
    await insertParticipant(hd.ctx.db, {
      ticketId: id,
      userId: follower.id,
      kind: 'follower',
      addedBy: null,
      at: new Date().toISOString(),
    });
    await agentReply(id, 'A public word.');
    await delivery.mailsTo('ben@client.test');
    expect(delivery.smtp.messages.filter((m) => m.to.includes(follower.email))).toEqual([]);
  });

  it('once taken off the ticket, a person copied in can no longer post on it by mail', async () => {
    const { id } = await ticketWithCopies();
    await agentReply(id, 'We sent a technician.');
    const [toBen] = await delivery.mailsTo('ben@client.test');
    const ben = await userId('ben@client.test');
    const removed = await hd.app.inject({
      method: 'DELETE',
      url: `/api/helpdesk/v1/tickets/${id}/participants?kind=cc&user_id=${ben}`,
      headers: await hd.authAs('agent'),
    });
    expect(removed.statusCode).toBe(200);
    const raw = await composeMail({
      from: 'ben@client.test',
      to: toBen?.headers['reply-to'] as string,
      subject: 'Re',
      text: 'Still here?',
    });
    expect(await receive(raw)).toMatchObject({ kind: 'rejected' });
    const fromBen = await hd.ctx.db.selectFrom('comments').select('id').where('post_id', '=', id).where('author_id', '=', ben).execute();
    expect(fromBen).toEqual([]);
  });
});
