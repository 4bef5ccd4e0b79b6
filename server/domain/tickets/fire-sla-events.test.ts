import { type Kysely, sql } from 'kysely';
import { beforeEach, expect, it } from 'vitest';
import type { Database } from '../../db/tables.js';
import type { LiveMessage } from '../../live/live-bus.js';
import { getCoreSettings } from '../../settings/core-settings.js';
import { updateSettings } from '../../settings/settings.js';
import { createAgent, createTicket, type TestUser } from '../../test/factories.js';
import { relaxIntakeLimits, setRegistration } from '../../test/fixtures.js';
import { memoryMail } from '../../test/site-client.js';
import { describeEachDatabase } from '../../test/test-databases.js';
import { useTestHelpdesk } from '../../test/test-helpdesk.js';
import { addComment } from '../comments/add-comment.js';
import { setNotificationPreferences } from '../notifications/notification-preferences.js';
import { createSlaPolicy } from '../sla/create-sla-policy.js';
import { changeTicketAlone, type TicketChanges } from './change-ticket.js';
import { findTicket } from './find-ticket.js';
import { fireSlaEvents } from './fire-sla-events.js';
import { listTicketEvents } from './ticket-activity.js';

const MINUTE = 60_000;

/** Resolves once some PostgreSQL backend waits on a lock (the other transaction of a race has reached it). */
async function waitForLockWait(hd: { ctx: { db: Kysely<Database> } }): Promise<void> {
  for (;;) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock'`.execute(
      hd.ctx.db,
    );
    if ((rows[0]?.n ?? 0) > 0) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
const START = '2026-12-07T10:00:00.000Z';

describeEachDatabase('service-level warnings and breaches, with a clock the test sets', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true });
  let clock = new Date(START);
  let alex: TestUser;
  let bea: TestUser;
  const urgency: Record<string, number> = {};
  beforeEach(async () => {
    clock = new Date(START);
    hd.ctx.now = () => clock;
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    await relaxIntakeLimits(hd.ctx);
    await updateSettings(hd.ctx, { tickets: { change_status: false } });
    alex = await createAgent(hd, { name: 'Alex' });
    bea = await createAgent(hd, { name: 'Bea' });
    for (const row of await hd.ctx.db.selectFrom('terms').select(['id', 'slug']).where('taxonomy', '=', 'ticket_urgency').execute())
      urgency[row.slug] = row.id;
    // First reply in 60 minutes, warned of 15 minutes before (the default); resolution in 8 hours, around the clock.
    await createSlaPolicy(
      hd.ctx.db,
      {
        name: 'Standard',
        targets: [
          { urgency: urgency.high as number, first_reply: 30, next_reply: 30, resolution: 240 },
          { urgency: null, first_reply: 60, next_reply: 30, resolution: 480 },
        ],
      },
      clock,
    );
  });
  const minutes = (n: number) => {
    clock = new Date(Date.parse(START) + n * MINUTE);
  };
  const at = (n: number) => new Date(Date.parse(START) + n * MINUTE).toISOString();
  const change = async (ticketId: number, changes: TicketChanges) =>
    changeTicketAlone(hd.ctx, ticketId, changes, { actorId: alex.id, settings: await getCoreSettings(hd.ctx) });
  const reply = async (ticketId: number, role: 'agent' | 'client') => {
    const ticket = await findTicket(hd.ctx, ticketId);
    const actor = role === 'agent' ? alex.actor : { id: ticket?.authorId as number, role: 'client' as const };
    return addComment(hd.ctx, { ticketId, text: `A ${role} message.`, role }, actor);
  };
  const slaNotes = (kind: 'sla_warning' | 'sla_breached', ticketId?: number) => {
    let query = hd.ctx.db.selectFrom('notifications').select(['user_id', 'ticket_id']).where('kind', '=', kind);
    if (ticketId !== undefined) query = query.where('ticket_id', '=', ticketId);
    return query.orderBy('user_id').execute();
  };
  const slaEntries = async (ticketId: number) =>
    (await listTicketEvents(hd.ctx.db, ticketId)).filter((e) => e.kind === 'sla').map((e) => `${e.field} ${e.newValue}`);
  const targetRow = (ticketId: number, metric: string) =>
    hd.ctx.db
      .selectFrom('ticket_sla_targets')
      .selectAll()
      .where('ticket_id', '=', ticketId)
      .where('metric', '=', metric)
      .executeTakeFirstOrThrow();

  it('a warning goes out at its time and once: before it nothing, two sweeps after it one', async () => {
    const { id } = await createTicket(hd);
    await change(id, { assignee: bea.id });
    minutes(44);
    expect(await fireSlaEvents(hd.ctx)).toEqual({ warnings: 0, breaches: 0, folded: 0 });
    minutes(45);
    expect(await fireSlaEvents(hd.ctx)).toEqual({ warnings: 1, breaches: 0, folded: 0 });
    minutes(46);
    expect(await fireSlaEvents(hd.ctx)).toEqual({ warnings: 0, breaches: 0, folded: 0 });
    expect(await slaNotes('sla_warning', id)).toEqual([{ user_id: bea.id, ticket_id: id }]);
    expect((await targetRow(id, 'first_reply')).warned_at).toBe(at(45));
  });

  it('a breach goes out at the due time and once, and the target stays breached', async () => {
    const { id } = await createTicket(hd);
    await change(id, { assignee: bea.id });
    minutes(45);
    await fireSlaEvents(hd.ctx);
    minutes(60);
    expect(await fireSlaEvents(hd.ctx)).toEqual({ warnings: 0, breaches: 1, folded: 0 });
    expect(await fireSlaEvents(hd.ctx)).toEqual({ warnings: 0, breaches: 0, folded: 0 });
    const row = await targetRow(id, 'first_reply');
    expect([row.status, row.breached_at]).toEqual(['breached', at(60)]);
    expect(await slaNotes('sla_breached', id)).toEqual([{ user_id: bea.id, ticket_id: id }]);
    expect(await slaEntries(id)).toEqual(['first_reply warning', 'first_reply breached']);
  });

  it('two sweepers at once send each event once', async () => {
    const tickets = [];
    for (let i = 0; i < 6; i++) tickets.push((await createTicket(hd, { subject: `Racing ${i}` })).id);
    for (const id of tickets) await change(id, { assignee: bea.id });
    minutes(45);
    const [one, two] = await Promise.all([fireSlaEvents(hd.ctx), fireSlaEvents(hd.ctx)]);
    expect(one.warnings + two.warnings).toBe(6);
    minutes(61);
    const [three, four] = await Promise.all([fireSlaEvents(hd.ctx), fireSlaEvents(hd.ctx)]);
    expect(three.breaches + four.breaches).toBe(6);
    expect((await slaNotes('sla_warning')).length).toBe(6);
    expect((await slaNotes('sla_breached')).length).toBe(6);
    for (const id of tickets) expect(await slaEntries(id)).toEqual(['first_reply warning', 'first_reply breached']);
  });

  it('a ticket change racing the sweep keeps the warning sent and sends it once', async () => {
    const tickets = [];
    for (let i = 0; i < 6; i++) tickets.push((await createTicket(hd, { subject: `Changed ${i}` })).id);
    minutes(45);
    // Each change rewrites the ticket's targets (a tag re-applies nothing but runs the whole update) while the sweep claims.
    await Promise.all([fireSlaEvents(hd.ctx), ...tickets.map((id, i) => change(id, { tags: [`t${i}`] }))]);
    await fireSlaEvents(hd.ctx);
    for (const id of tickets) {
      expect(await slaEntries(id)).toEqual(['first_reply warning']);
      expect((await targetRow(id, 'first_reply')).warned_at).not.toBeNull();
    }
    // Unassigned: each agent who gets new-ticket mail is told once per ticket.
    const staff = await hd.ctx.db.selectFrom('users').select('id').where('role', 'in', ['agent', 'admin']).execute();
    expect((await slaNotes('sla_warning')).length).toBe(tickets.length * staff.length);
  });

  it('a client’s message while the warning commits waits for it, and keeps the warning sent', async () => {
    const { id } = await createTicket(hd);
    minutes(45);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let onClaimed = () => {};
    const claimed = new Promise<void>((resolve) => {
      onClaimed = resolve;
    });
    const sweep = fireSlaEvents(hd.ctx, {
      claimed: async () => {
        onClaimed();
        await held;
      },
    });
    await claimed;
    // The message's transaction rewrites the targets; it must wait for the claim's, then read the warning as sent.
    const replying = reply(id, 'client');
    if (dialect === 'postgres') await waitForLockWait(hd);
    release();
    await Promise.all([sweep, replying]);
    expect((await targetRow(id, 'first_reply')).warned_at).toBe(at(45));
    expect((await fireSlaEvents(hd.ctx)).warnings).toBe(0);
    expect(await slaEntries(id)).toEqual(['first_reply warning']);
  });

  it('a target re-applied after its warning (another urgency) is not warned of again; a new next reply is', async () => {
    const { id } = await createTicket(hd);
    await change(id, { assignee: bea.id });
    minutes(45);
    await fireSlaEvents(hd.ctx);
    // High (first reply in 30 minutes, 46 used: late, its due time kept), then Normal again (due at 60): re-applied twice.
    minutes(46);
    await change(id, { urgency: urgency.high as number });
    await change(id, { urgency: urgency.normal as number });
    minutes(50);
    expect((await fireSlaEvents(hd.ctx)).warnings).toBe(0);
    // A staff reply meets first reply; the client's answer starts a new target, next reply, with a warning of its own.
    await reply(id, 'agent');
    minutes(51);
    await reply(id, 'client');
    minutes(51 + 15);
    expect((await fireSlaEvents(hd.ctx)).warnings).toBe(1);
    expect(await slaEntries(id)).toEqual(['first_reply warning', 'next_reply warning']);
  });

  it('a warning whose due time passed unsent is left to the breach', async () => {
    const { id } = await createTicket(hd);
    minutes(90);
    expect(await fireSlaEvents(hd.ctx)).toEqual({ warnings: 0, breaches: 1, folded: 1 });
    expect(await slaEntries(id)).toEqual(['first_reply breached']);
  });

  it('the assignee alone is told; unassigned, the agents who get new-ticket mail; mail switched off leaves the bell', async () => {
    const mail = memoryMail(hd);
    const assigned = await createTicket(hd, { subject: 'Assigned to Bea' });
    await change(assigned.id, { assignee: bea.id });
    const open = await createTicket(hd, { subject: 'Nobody’s' });
    // Alex wants no new-ticket mail: he is not told of unassigned tickets' service levels.
    await setNotificationPreferences(hd.ctx.db, alex.id, { ticket_created: false });
    // Bea keeps the bell for warnings but wants no mail of them.
    await setNotificationPreferences(hd.ctx.db, bea.id, { sla_warning: false });
    await mail.drain();
    mail.sent.splice(0);
    minutes(45);
    await fireSlaEvents(hd.ctx);
    const staffIds = (await hd.ctx.db.selectFrom('users').select('id').where('role', 'in', ['agent', 'admin']).execute()).map((u) => u.id);
    expect(await slaNotes('sla_warning', assigned.id)).toEqual([{ user_id: bea.id, ticket_id: assigned.id }]);
    const toldOfOpen = (await slaNotes('sla_warning', open.id)).map((n) => n.user_id);
    expect(toldOfOpen).toEqual(staffIds.filter((userId) => userId !== alex.id).sort((a, b) => a - b));
    await mail.drain();
    const warned = mail.sent.filter((m) => /is due in 15 minutes/.test(m.text));
    // Bea chose no warning mail: her ticket's warning mails no one, and the unassigned one's mails the others told.
    expect(warned.map((m) => m.to)).not.toContain(bea.email);
    expect(warned.map((m) => m.to)).not.toContain(alex.email);
    expect(warned.every((m) => m.subject.includes(`[#${open.number}]`))).toBe(true);
    expect(warned.length).toBe(toldOfOpen.length - 1);
  });

  it('the mail says in the recipient’s language which ticket is due and when', async () => {
    const mail = memoryMail(hd);
    await hd.ctx.db.updateTable('users').set({ language: 'de', time_zone: 'Europe/Berlin' }).where('id', '=', bea.id).execute();
    const { id, number } = await createTicket(hd, { subject: 'Drucker' });
    await change(id, { assignee: bea.id });
    await mail.drain();
    mail.sent.splice(0);
    // Each mail is built as it goes out, with the minutes left then: drained after each sweep, as the worker does.
    minutes(45);
    await fireSlaEvents(hd.ctx);
    await mail.drain();
    minutes(60);
    await fireSlaEvents(hd.ctx);
    await mail.drain();
    const texts = mail.sent.filter((m) => m.to === bea.email).map((m) => m.text);
    expect(texts[0]).toContain(`Ticket #${number} ist in 15 Minuten fällig (erste Antwort fällig um`);
    expect(texts[1]).toContain(`Ticket #${number} ist überfällig (erste Antwort war fällig um`);
    // 11:00 UTC is 12:00 in Berlin in December.
    expect(texts[1]).toContain('12:00');
  });

  it('each event reaches the live stream with the version its activity entry was recorded under', async () => {
    const { id } = await createTicket(hd);
    await change(id, { assignee: bea.id });
    const heard: LiveMessage[] = [];
    const stop = hd.ctx.live.subscribe((message) => heard.push(message));
    minutes(45);
    await fireSlaEvents(hd.ctx);
    minutes(60);
    await fireSlaEvents(hd.ctx);
    stop();
    const versions = (await listTicketEvents(hd.ctx.db, id)).filter((e) => e.kind === 'sla').map((e) => e.version);
    expect(heard.filter((m) => m.kind === 'ticket.sla')).toEqual([
      { kind: 'ticket.sla', ticketId: id, version: versions[0], metric: 'first_reply', event: 'warning' },
      { kind: 'ticket.sla', ticketId: id, version: versions[1], metric: 'first_reply', event: 'breached' },
    ]);
    expect(heard.filter((m) => m.kind === 'notification.added').length).toBe(2);
  });
});
