import { afterEach, beforeEach, expect, it } from 'vitest';
import { updateSettings } from '../settings/settings.js';
import { relaxIntakeLimits, setRegistration, ticketPayload } from '../test/fixtures.js';
import { type MailDelivery, startMailDelivery } from '../test/mail-delivery.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';
import { agentReplyAddressFor, readReplyAddress, replyAddressFor, ticketOfReplyAddress } from './reply-address.js';
import { REPLY_MARKER } from './reply-marker.js';

describeEachDatabase('one ticket reads as one conversation', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true });
  let delivery: MailDelivery;
  beforeEach(async () => {
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    await relaxIntakeLimits(hd.ctx);
    delivery = await startMailDelivery(hd);
  });
  afterEach(async () => {
    await delivery.stop();
  });

  async function file(email: string) {
    const res = await hd.app.inject({
      method: 'POST',
      url: '/api/helpdesk/v1/tickets/',
      payload: ticketPayload({ email, subject: 'Export fails' }),
    });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: number; number: number };
  }

  it('every mail of a ticket has one subject, a reply address, chained ids; only automatic mail is marked so', async () => {
    await updateSettings(hd.ctx, { emails: { support_address: 'Support@Help.test' } });
    const agent = await hd.authAs('agent');
    const { id, number } = await file('ann@client.test');
    const [confirmation] = await delivery.mailsTo('ann@client.test');
    expect(confirmation?.subject).toBe(`Export fails [#${number}]`);
    expect(confirmation?.headers['reply-to']).toMatch(new RegExp(`^support\\+${id}-[0-9a-f]{24}@help\\.test$`));
    expect(confirmation?.headers['auto-submitted']).toBe('auto-generated');
    expect(confirmation?.text.startsWith(REPLY_MARKER)).toBe(true);
    expect(confirmation?.html).toContain(REPLY_MARKER);
    expect(confirmation?.html).toMatch(
      /<td style="background:[^"]+"><a href="http:\/\/help\.test\/login\/ticket\/\?token=[\w-]+"><span[^>]*>Open the ticket</,
    );

    const reply = await hd.app.inject({
      method: 'POST',
      url: `/api/helpdesk/v1/tickets/${id}/comments`,
      headers: agent,
      payload: { text: 'Try **Export all** <b>now</b>.' },
    });
    expect(reply.statusCode).toBe(201);
    const mails = await delivery.mailsTo('ann@client.test', 2);
    const answer = mails[1];
    expect(answer?.subject).toBe(confirmation?.subject);
    // A person's reply: no Auto-Submitted, so the client's mail program treats it as one.
    expect(answer?.headers['auto-submitted']).toBeUndefined();
    expect(answer?.headers['in-reply-to']).toBe(confirmation?.messageId);
    expect(answer?.headers.references).toBe(`<ticket-${id}@help.test> ${confirmation?.messageId}`);
    expect(answer?.headers['reply-to']).toBe(confirmation?.headers['reply-to']);
    // The agent's Markdown is rendered; their HTML stays text.
    expect(answer?.html).toContain('<strong>Export all</strong>');
    expect(answer?.html).toContain('&lt;b&gt;now&lt;/b&gt;');
    // The agents' mails chain among themselves and never into the client's.
    const agentMails = delivery.smtp.messages.filter((m) => m.to[0]?.endsWith('@staff.test'));
    expect(agentMails[0]?.subject).toBe(confirmation?.subject);
    expect(agentMails[0]?.headers.references).toBe(`<ticket-${id}@help.test>`);
    // An agent's mails carry that agent's own reply address for the ticket, never the client's.
    const agentId = (await hd.ctx.db.selectFrom('users').select('id').where('role', '=', 'agent').executeTakeFirstOrThrow()).id;
    expect(agentMails[0]?.headers['reply-to']).toBe(await agentReplyAddressFor(hd.ctx.db, 'support@help.test', id, agentId));
    expect(agentMails[0]?.headers['reply-to']).not.toBe(confirmation?.headers['reply-to']);
  });

  it('without a support address, mails carry no reply address and no marker', async () => {
    const { number } = await file('bob@client.test');
    const [confirmation] = await delivery.mailsTo('bob@client.test');
    expect(confirmation?.subject).toBe(`Export fails [#${number}]`);
    expect(confirmation?.headers['reply-to']).toBeUndefined();
    expect(confirmation?.text).not.toContain(REPLY_MARKER);
  });

  it('a reply address names its ticket only with that ticket’s token', async () => {
    const address = await replyAddressFor(hd.ctx.db, 'support@help.test', 41);
    expect(await ticketOfReplyAddress(hd.ctx.db, 'support@help.test', address)).toBe(41);
    expect(await ticketOfReplyAddress(hd.ctx.db, 'support@help.test', address.toUpperCase())).toBe(41);
    const token = /-([0-9a-f]+)@/.exec(address)?.[1] as string;
    expect(await ticketOfReplyAddress(hd.ctx.db, 'support@help.test', `support+42-${token}@help.test`)).toBeNull();
    expect(
      await ticketOfReplyAddress(
        hd.ctx.db,
        'support@help.test',
        address.replace(/.@/, (c) => (c[0] === '0' ? '1@' : '0@')),
      ),
    ).toBeNull();
    expect(await ticketOfReplyAddress(hd.ctx.db, 'support@help.test', address.replace('@help.test', '@other.test'))).toBeNull();
  });

  it('an agent’s reply address names its ticket and agent only with that pair’s token, never the ticket’s own', async () => {
    const read = (address: string) => readReplyAddress(hd.ctx.db, 'support@help.test', address);
    const ticketAddress = await replyAddressFor(hd.ctx.db, 'support@help.test', 41);
    const agentAddress = await agentReplyAddressFor(hd.ctx.db, 'support@help.test', 41, 7);
    expect(agentAddress).toMatch(/^support\+41-7-[0-9a-f]{24}@help\.test$/);
    expect(await read(agentAddress)).toEqual({ ticketId: 41, agentId: 7 });
    expect(await read(agentAddress.toUpperCase())).toEqual({ ticketId: 41, agentId: 7 });
    expect(await read(ticketAddress)).toEqual({ ticketId: 41, agentId: null });
    const ticketToken = /-([0-9a-f]+)@/.exec(ticketAddress)?.[1] as string;
    const agentToken = /-([0-9a-f]+)@/.exec(agentAddress)?.[1] as string;
    // What the client knows (the ticket's code) with an agent's number in front: no address.
    expect(await read(`support+41-7-${ticketToken}@help.test`)).toBeNull();
    // The agent's code for another agent, another ticket, or as the ticket's own: no address.
    expect(await read(`support+41-8-${agentToken}@help.test`)).toBeNull();
    expect(await read(`support+42-7-${agentToken}@help.test`)).toBeNull();
    expect(await read(`support+41-${agentToken}@help.test`)).toBeNull();
  });
});
