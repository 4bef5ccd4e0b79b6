import { afterEach, beforeEach, expect, it } from 'vitest';
import { updateSettings } from '../settings/settings.js';
import { makeProduct, relaxIntakeLimits, setRegistration, ticketPayload } from '../test/fixtures.js';
import { type MailDelivery, startMailDelivery } from '../test/mail-delivery.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';
import { agentReplyAddressFor, readReplyAddress, replyAddressFor, ticketOfReplyAddress } from './reply-address.js';
import { signWithReplyKey } from './reply-key.js';
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
    // The seeded pages (and any doc or product) take ids: the ticket's id is not its number.
    expect(id).not.toBe(number);
    const [confirmation] = await delivery.mailsTo('ann@client.test');
    expect(confirmation?.subject).toBe(`Export fails [#${number}]`);
    // The address names the ticket by the number people read, as the subject does.
    expect(confirmation?.headers['reply-to']).toMatch(new RegExp(`^support\\+${number}-[0-9a-f]{24}@help\\.test$`));
    expect(confirmation?.headers['auto-submitted']).toBe('auto-generated');
    expect(confirmation?.text.startsWith(REPLY_MARKER)).toBe(true);
    expect(confirmation?.html).toContain(REPLY_MARKER);
    expect(confirmation?.html).toMatch(
      /<td style="background:[^"]+"><a href="http:\/\/help\.test\/login\/ticket\/\?token=[\w-]+" style="[^"]*"><span[^>]*>Open the ticket</,
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
    expect(agentMails[0]?.headers['reply-to']).toBe(await agentReplyAddressFor(hd.ctx.db, 'support@help.test', number, agentId));
    expect(agentMails[0]?.headers['reply-to']).toMatch(new RegExp(`^support\\+${number}-${agentId}-[0-9a-f]{24}@help\\.test$`));
    expect(agentMails[0]?.headers['reply-to']).not.toBe(confirmation?.headers['reply-to']);
    // The agent's link opens the ticket in the admin app by its number too.
    expect(agentMails[0]?.text).toMatch(new RegExp(`http://help\\.test/admin/tickets/${number}(?!\\d)`));
  });

  it('without a support address, mails carry no reply address and no marker', async () => {
    const { number } = await file('bob@client.test');
    const [confirmation] = await delivery.mailsTo('bob@client.test');
    expect(confirmation?.subject).toBe(`Export fails [#${number}]`);
    expect(confirmation?.headers['reply-to']).toBeUndefined();
    expect(confirmation?.text).not.toContain(REPLY_MARKER);
  });

  // Tickets after a product (the seeded pages and the product take ids, so a ticket's id is not its number),
  // filed until one has the first ticket's id as its number.
  async function threeTickets() {
    await makeProduct(hd.ctx, 'Widget');
    const tickets = [await file('ann@client.test')];
    const first = tickets[0] as { id: number; number: number };
    while (tickets.length < 3 || (tickets.at(-1)?.number ?? 0) < first.id) tickets.push(await file(`c${tickets.length}@client.test`));
    const another = tickets.find((t) => t.number === first.id);
    return { tickets, first, another };
  }
  // The address as mails carried it before tickets were named by number: the id, a code over the id.
  const oldAddress = async (ticketId: number, agentId?: number) =>
    agentId === undefined
      ? `support+${ticketId}-${await signWithReplyKey(hd.ctx.db, `ticket-reply:${ticketId}`, 24)}@help.test`
      : `support+${ticketId}-${agentId}-${await signWithReplyKey(hd.ctx.db, `ticket-agent-reply:${ticketId}:${agentId}`, 24)}@help.test`;

  it('a reply address names its ticket only with that ticket’s token', async () => {
    const { tickets } = await threeTickets();
    const [one, two] = tickets as [{ id: number; number: number }, { id: number; number: number }];
    const address = await replyAddressFor(hd.ctx.db, 'support@help.test', one.number);
    expect(address).toMatch(new RegExp(`^support\\+${one.number}-[0-9a-f]{24}@help\\.test$`));
    expect(await ticketOfReplyAddress(hd.ctx.db, 'support@help.test', address)).toBe(one.id);
    expect(await ticketOfReplyAddress(hd.ctx.db, 'support@help.test', address.toUpperCase())).toBe(one.id);
    const token = /-([0-9a-f]+)@/.exec(address)?.[1] as string;
    expect(await ticketOfReplyAddress(hd.ctx.db, 'support@help.test', `support+${two.number}-${token}@help.test`)).toBeNull();
    expect(
      await ticketOfReplyAddress(
        hd.ctx.db,
        'support@help.test',
        address.replace(/.@/, (c) => (c[0] === '0' ? '1@' : '0@')),
      ),
    ).toBeNull();
    expect(await ticketOfReplyAddress(hd.ctx.db, 'support@help.test', address.replace('@help.test', '@other.test'))).toBeNull();
    // A right code for a number no ticket has: no address.
    expect(
      await ticketOfReplyAddress(hd.ctx.db, 'support@help.test', await replyAddressFor(hd.ctx.db, 'support@help.test', 99)),
    ).toBeNull();
  });

  it('an address mailed before tickets had numbers (by id) still names its own ticket, never the ticket with that number', async () => {
    const { first, another } = await threeTickets();
    // The first ticket's id is a later ticket's number: the old address must not land there.
    expect(another).toBeDefined();
    const read = (address: string) => readReplyAddress(hd.ctx.db, 'support@help.test', address);
    expect(await read(await oldAddress(first.id))).toEqual({ ticketId: first.id, ticketNumber: first.number, agentId: null });
    expect(await read(await oldAddress(first.id, 7))).toEqual({ ticketId: first.id, ticketNumber: first.number, agentId: 7 });
    // The new address for number `first.id` is another ticket's: the two forms never mix.
    expect(await read(await replyAddressFor(hd.ctx.db, 'support@help.test', first.id))).toEqual({
      ticketId: another?.id,
      ticketNumber: first.id,
      agentId: null,
    });
    // A forged old-form code, or an old code moved to another id or agent: no address.
    const oldCode = /-([0-9a-f]+)@/.exec(await oldAddress(first.id))?.[1] as string;
    expect(await read(`support+${first.id}-${'0'.repeat(24)}@help.test`)).toBeNull();
    expect(await read(`support+${first.id + 1}-${oldCode}@help.test`)).toBeNull();
    expect(await read(`support+${first.id}-7-${oldCode}@help.test`)).toBeNull();
    const oldAgentCode = /-([0-9a-f]+)@/.exec(await oldAddress(first.id, 7))?.[1] as string;
    expect(await read(`support+${first.id}-8-${oldAgentCode}@help.test`)).toBeNull();
  });

  it('an agent’s reply address names its ticket and agent only with that pair’s token, never the ticket’s own', async () => {
    const { tickets } = await threeTickets();
    const [one, two] = tickets as [{ id: number; number: number }, { id: number; number: number }];
    const read = (address: string) => readReplyAddress(hd.ctx.db, 'support@help.test', address);
    const ticketAddress = await replyAddressFor(hd.ctx.db, 'support@help.test', one.number);
    const agentAddress = await agentReplyAddressFor(hd.ctx.db, 'support@help.test', one.number, 7);
    expect(agentAddress).toMatch(new RegExp(`^support\\+${one.number}-7-[0-9a-f]{24}@help\\.test$`));
    const owner = { ticketId: one.id, ticketNumber: one.number };
    expect(await read(agentAddress)).toEqual({ ...owner, agentId: 7 });
    expect(await read(agentAddress.toUpperCase())).toEqual({ ...owner, agentId: 7 });
    expect(await read(ticketAddress)).toEqual({ ...owner, agentId: null });
    const ticketToken = /-([0-9a-f]+)@/.exec(ticketAddress)?.[1] as string;
    const agentToken = /-([0-9a-f]+)@/.exec(agentAddress)?.[1] as string;
    // What the client knows (the ticket's code) with an agent's number in front: no address.
    expect(await read(`support+${one.number}-7-${ticketToken}@help.test`)).toBeNull();
    // The agent's code for another agent, another ticket, or as the ticket's own: no address.
    expect(await read(`support+${one.number}-8-${agentToken}@help.test`)).toBeNull();
    expect(await read(`support+${two.number}-7-${agentToken}@help.test`)).toBeNull();
    expect(await read(`support+${one.number}-${agentToken}@help.test`)).toBeNull();
  });
});
