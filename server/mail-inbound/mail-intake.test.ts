import { afterEach, beforeEach, expect, it } from 'vitest';
import { english } from '../i18n/translators.js';
import { countRefusals } from '../intake/guard-intake.js';
import { updateSettings } from '../settings/settings.js';
import { composeMail } from '../test/compose-mail.js';
import { relaxIntakeLimits, setRegistration, ticketPayload } from '../test/fixtures.js';
import { type MailDelivery, startMailDelivery } from '../test/mail-delivery.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';
import { showReason } from './inbound-reason.js';
import { receiveMail } from './receive-mail.js';
import { retryInboundMail } from './retry-inbound-mail.js';

// Mail to the support address passes the same intake guard as the widget: the
// switches, the shared per-email and daily limits, and its own per-sender, per-server and hourly ones.

const SUPPORT = 'support@help.test';

describeEachDatabase('new tickets by mail pass the intake guard', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true });
  let delivery: MailDelivery | undefined;
  beforeEach(async () => {
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    await relaxIntakeLimits(hd.ctx);
    await updateSettings(hd.ctx, { emails: { support_address: SUPPORT } });
  });
  afterEach(async () => {
    await delivery?.stop();
    delivery = undefined;
  });

  const receive = (raw: string) => receiveMail({ ctx: hd.ctx, config: hd.config, counters: hd.counters }, raw, 'pipe');
  let sent = 0;
  /** A new mail from `from`, handed to the receiving side by `server` (its Received line, as an MX writes it). */
  async function mail(from: string, server = '203.0.113.9', extraReceived: string[] = []) {
    sent += 1;
    const raw = await composeMail({ from, to: SUPPORT, subject: `Mail ${sent}`, text: 'Please help.', messageId: `<m${sent}@x.test>` });
    const lines = [`from mx.sender.test (mx.sender.test [${server}]) by mx.help.test with ESMTPS id ${sent}`, ...extraReceived];
    return receive(`${lines.map((l) => `Received: ${l}\r\n`).join('')}${raw}`);
  }
  const tickets = async () => (await hd.ctx.db.selectFrom('posts').select('id').where('type', '=', 'ticket').execute()).length;
  // The reason is stored as a catalogue message; read here as the English default shows it.
  const failed = async () =>
    (
      await hd.ctx.db.selectFrom('inbound_mails').select(['id', 'reason', 'raw']).where('outcome', '=', 'rejected').orderBy('id').execute()
    ).map((row) => ({ ...row, reason: showReason(row.reason, english) }));
  const widget = (email: string, ip = '192.0.2.50') =>
    hd.app.inject({ method: 'POST', url: '/api/helpdesk/v1/tickets/', payload: ticketPayload({ email }), remoteAddress: ip });

  it('"Accept new tickets" off stops mail tickets with a plain reason, kept for a retry that files it once on again', async () => {
    await updateSettings(hd.ctx, { tickets: { intake_enabled: false } });
    expect(await mail('ann@client.test')).toMatchObject({
      kind: 'rejected',
      reason: 'New tickets are turned off (Tickets → Intake protection). Retry it from the failed list once that changes.',
    });
    expect(await tickets()).toBe(0);
    expect(await hd.ctx.db.selectFrom('jobs').select('id').execute()).toEqual([]);
    const [row] = await failed();
    expect(row?.raw).toContain('Please help.');
    expect((await countRefusals(hd.counters)).offline).toBe(1);

    await updateSettings(hd.ctx, { tickets: { intake_enabled: true } });
    expect(await retryInboundMail({ ctx: hd.ctx, config: hd.config, counters: hd.counters }, row?.id ?? 0)).toMatchObject({
      kind: 'imported',
    });
    expect(await tickets()).toBe(1);
  });

  it('"Open tickets from mail" off refuses new tickets by mail, while the widget still files', async () => {
    await updateSettings(hd.ctx, { emails: { open_tickets_from_mail: false } });
    expect(await mail('ann@client.test')).toMatchObject({
      kind: 'rejected',
      reason: 'Mail may not open tickets (Emails → Incoming mail). Retry it from the failed list once that changes.',
    });
    expect((await widget('ann@client.test')).statusCode).toBe(201);
    expect(await tickets()).toBe(1);
    expect((await countRefusals(hd.counters)).mail_off).toBe(1);
  });

  it('counts new tickets per sending server, whatever the senders and the Received lines they add below', async () => {
    await updateSettings(hd.ctx, { emails: { new_tickets_per_server_hour: 2 } });
    expect(await mail('a@one.test')).toMatchObject({ kind: 'imported' });
    expect(await mail('b@two.test')).toMatchObject({ kind: 'imported' });
    // A forged From and a made-up earlier hop change nothing: the receiving side's line names the server.
    const forged = await mail('c@three.test', '203.0.113.9', ['from clean.example ([198.51.100.77]) by mx.sender.test']);
    expect(forged).toMatchObject({
      kind: 'rejected',
      reason:
        'Mail from the server 203.0.113.9 already opened 2 tickets this hour (Emails → Incoming mail). ' +
        'Retry it from the failed list later.',
    });
    expect(await mail('d@four.test', '203.0.113.10')).toMatchObject({ kind: 'imported' });
    expect(await tickets()).toBe(3);
    expect((await countRefusals(hd.counters)).limit_mail_server_hour).toBe(1);
  });

  it('with no Received line naming a server, counts per sender domain', async () => {
    await updateSettings(hd.ctx, { emails: { new_tickets_per_server_hour: 1 } });
    const bare = (from: string, n: string) =>
      composeMail({ from, to: SUPPORT, subject: n, text: 'Hi.', messageId: `<${n}@bare.test>` }).then(receive);
    expect(await bare('a@corp.test', 'bare1')).toMatchObject({ kind: 'imported' });
    expect(await bare('b@corp.test', 'bare2')).toMatchObject({
      kind: 'rejected',
      reason: expect.stringContaining('Mail from the sender’s domain corp.test already opened 1 ticket '),
    });
    expect(await bare('b@other.test', 'bare3')).toMatchObject({ kind: 'imported' });
  });

  it('caps new tickets by mail per hour in all, from any number of servers and senders', async () => {
    await updateSettings(hd.ctx, { emails: { new_tickets_by_mail_hour: 2 } });
    expect(await mail('a@one.test', '203.0.113.1')).toMatchObject({ kind: 'imported' });
    expect(await mail('b@two.test', '203.0.113.2')).toMatchObject({ kind: 'imported' });
    expect(await mail('c@three.test', '203.0.113.3')).toMatchObject({
      kind: 'rejected',
      reason: expect.stringMatching(/^Mail already opened 2 tickets this hour, the most allowed in all/),
    });
    // The widget has limits of its own.
    expect((await widget('d@four.test')).statusCode).toBe(201);
    expect((await countRefusals(hd.counters)).limit_mail_all_hour).toBe(1);
  });

  it('mail and the widget share the daily ceiling and the per-email limit', async () => {
    await updateSettings(hd.ctx, { tickets: { limit_email_hour: 1 } });
    expect((await widget('ann@client.test')).statusCode).toBe(201);
    expect(await mail('Ann+mail@client.test')).toMatchObject({
      kind: 'rejected',
      reason: expect.stringContaining('already has 1 new ticket this hour, by mail and the widget together'),
    });

    await updateSettings(hd.ctx, { tickets: { limit_email_hour: 1000, limit_global_day: 3 } });
    expect(await mail('bob@client.test')).toMatchObject({ kind: 'imported' });
    // The mail refused above was counted by the ceiling too: widget 1, refused mail 1, bob 1.
    expect(await mail('cleo@client.test')).toMatchObject({
      kind: 'rejected',
      reason: expect.stringContaining('The help desk already took 3 tickets today'),
    });
    expect((await widget('dan@client.test')).statusCode).toBe(429);
    expect(await tickets()).toBe(2);
  });

  it('the per-sender limit still counts one mailbox (+tags and letter case)', async () => {
    await updateSettings(hd.ctx, { emails: { new_tickets_per_sender_hour: 1 } });
    expect(await mail('eva@client.test', '203.0.113.1')).toMatchObject({ kind: 'imported' });
    expect(await mail('Eva+2@client.test', '203.0.113.2')).toMatchObject({
      kind: 'rejected',
      reason: 'This sender already opened 1 ticket by mail this hour (Emails → Incoming mail). Retry it from the failed list later.',
    });
    expect((await countRefusals(hd.counters)).limit_mail_sender_hour).toBe(1);
  });

  it('a forged From gets its address one confirmation an hour, with what the widget sent counted', async () => {
    delivery = await startMailDelivery(hd);
    expect((await widget('victim@client.test')).statusCode).toBe(201);
    await delivery.mailsTo('victim@client.test');
    for (let i = 0; i < 3; i++) expect(await mail('victim@client.test', `203.0.113.${20 + i}`)).toMatchObject({ kind: 'imported' });
    const settled = async () =>
      (await hd.ctx.db.selectFrom('jobs').select('state').execute()).every((j) => j.state !== 'queued' && j.state !== 'running');
    await expect.poll(settled, { timeout: 20_000, interval: 20 }).toBe(true);
    expect(delivery.smtp.messages.filter((m) => m.to.includes('victim@client.test'))).toHaveLength(1);
    const skipped = await hd.ctx.db.selectFrom('jobs').select(['payload', 'last_error']).where('state', '=', 'skipped').execute();
    expect(skipped.map((j) => [JSON.parse(j.payload).template, j.last_error])).toEqual(
      Array(3).fill(['client_ticket_created', 'Not sent: this address already got a new-ticket confirmation this hour.']),
    );
    expect(await tickets()).toBe(4);
  });
});
