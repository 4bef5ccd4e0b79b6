import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { updateSettings } from '../../settings/settings.js';
import { createAgent, createTicket, type Headers, userIdByEmail } from '../../test/factories.js';
import { setRegistration } from '../../test/fixtures.js';
import { describeEachDatabase } from '../../test/test-databases.js';
import { useTestHelpdesk } from '../../test/test-helpdesk.js';
import { previewRetention, runRetention } from './run-retention.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const LONG_AGO = new Date(Date.now() - 400 * DAY_MS).toISOString();

describeEachDatabase('privacy retention', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true });
  let agent: Headers;
  beforeEach(async () => {
    agent = (await createAgent(hd)).headers;
    await setRegistration(hd.ctx, { anyoneCanRegister: true, createAccounts: true });
  });
  const off = { delete_closed_tickets_after_days: 0, delete_inactive_clients_after_days: 0, mail_records_after_days: 0 };
  const retention = (values: Record<string, unknown>) => updateSettings(hd.ctx, { privacy: { ...off, ...values } });

  /** A ticket closed 400 days ago. */
  const oldClosedTicket = async (subject = 'Old closed ticket') => {
    const ticket = await createTicket(hd, { subject });
    const res = await hd.app.inject({
      method: 'PATCH',
      url: `/api/helpdesk/v1/tickets/${ticket.id}`,
      headers: agent,
      payload: { status: 'closed' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await hd.ctx.db.updateTable('posts').set({ updated_at: LONG_AGO }).where('id', '=', ticket.id).execute();
    return ticket;
  };
  const oldInboundMail = (createdAt = LONG_AGO) =>
    hd.ctx.db
      .insertInto('inbound_mails')
      .values({
        message_id: `<${randomUUID()}@x>`,
        sender: 'someone@example.test',
        subject: 'Hi',
        outcome: 'imported',
        reason: null,
        ticket_id: null,
        comment_id: null,
        raw: null,
        source: 'imap',
        created_at: createdAt,
      })
      .execute();

  it('previews the closed tickets it would remove, before it is switched on', async () => {
    await oldClosedTicket();
    await oldClosedTicket();
    await createTicket(hd, { subject: 'Open and recent' });
    const counts = await previewRetention(hd.ctx, { ...off, closed_tickets_mode: 'anonymise', delete_closed_tickets_after_days: 30 });
    expect(counts.closed_tickets).toBe(2);
  });

  it('anonymises closed tickets in bounded batches, keeping their report facts', async () => {
    const [a, b] = [await oldClosedTicket('Alpha secret'), await oldClosedTicket('Beta secret')];
    await retention({ delete_closed_tickets_after_days: 30, closed_tickets_mode: 'anonymise' });
    const facts = async () =>
      (await hd.ctx.db.selectFrom('ticket_report_facts').select('ticket_id').where('ticket_id', 'in', [a.id, b.id]).execute()).length;
    const before = await facts();
    expect((await runRetention(hd.ctx, new Date(), 1)).closed_tickets).toBe(1);
    expect((await previewRetention(hd.ctx)).closed_tickets).toBe(1);
    expect((await runRetention(hd.ctx, new Date(), 1)).closed_tickets).toBe(1);
    expect((await previewRetention(hd.ctx)).closed_tickets).toBe(0);
    const titles = await hd.ctx.db.selectFrom('posts').select('title').where('id', 'in', [a.id, b.id]).execute();
    expect(titles.map((t) => t.title)).toEqual(['Deleted client', 'Deleted client']);
    expect(await facts()).toBe(before);
  });

  it('deletes closed tickets in delete mode', async () => {
    const ticket = await oldClosedTicket();
    await retention({ delete_closed_tickets_after_days: 30, closed_tickets_mode: 'delete' });
    await runRetention(hd.ctx);
    expect(await hd.ctx.db.selectFrom('posts').select('id').where('id', '=', ticket.id).executeTakeFirst()).toBeUndefined();
  });

  it('erases clients with no ticket activity for the set days', async () => {
    const ticket = await oldClosedTicket();
    const clientId = await userIdByEmail(hd, ticket.email);
    await hd.ctx.db.updateTable('users').set({ created_at: LONG_AGO }).where('id', '=', clientId).execute();
    const active = await createTicket(hd, { subject: 'Still talking' });
    await retention({ delete_inactive_clients_after_days: 30 });
    expect((await runRetention(hd.ctx)).inactive_clients).toBe(1);
    expect(await hd.ctx.db.selectFrom('users').select('id').where('id', '=', clientId).executeTakeFirst()).toBeUndefined();
    expect(await userIdByEmail(hd, active.email)).toBeGreaterThan(0);
  });

  it('deletes mail records older than the set days and keeps newer ones', async () => {
    await oldInboundMail();
    await oldInboundMail();
    await oldInboundMail(new Date().toISOString());
    await retention({ mail_records_after_days: 10 });
    expect((await previewRetention(hd.ctx)).inbound_mails).toBe(2);
    expect((await runRetention(hd.ctx)).inbound_mails).toBe(2);
    expect(await hd.ctx.db.selectFrom('inbound_mails').select('id').execute()).toHaveLength(1);
  });

  it('does nothing while another instance holds the retention lease', async () => {
    await oldInboundMail();
    await retention({ mail_records_after_days: 10 });
    await hd.ctx.db
      .insertInto('leases')
      .values({ name: 'privacy-retention', holder: 'other-instance', expires_at: Date.now() + 60_000 })
      .execute();
    expect((await runRetention(hd.ctx)).inbound_mails).toBe(0);
    expect((await previewRetention(hd.ctx)).inbound_mails).toBe(1);
  });
});
