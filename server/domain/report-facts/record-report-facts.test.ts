import { beforeEach, expect, it } from 'vitest';
import { getCoreSettings } from '../../settings/core-settings.js';
import { updateSettings } from '../../settings/settings.js';
import { createAgent, createTicket, type TestUser } from '../../test/factories.js';
import { relaxIntakeLimits, setRegistration } from '../../test/fixtures.js';
import { describeEachDatabase } from '../../test/test-databases.js';
import { useTestHelpdesk } from '../../test/test-helpdesk.js';
import { addComment } from '../comments/add-comment.js';
import { createSlaPolicy } from '../sla/create-sla-policy.js';
import { changeTicketAlone } from '../tickets/change-ticket.js';
import { deleteTicket } from '../tickets/delete-ticket.js';
import { findTicket } from '../tickets/find-ticket.js';

const MINUTE = 60_000;
// A Monday, 10:00 UTC: inside the default schedule (Mon–Fri 09:00–17:00 in the site's zone, UTC in the tests).
const START = Date.parse('2026-12-07T10:00:00.000Z');

describeEachDatabase('what the reports keep on a ticket as it happens, with a clock the test sets', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true });
  let clock = new Date(START);
  let agent: TestUser;
  beforeEach(async () => {
    clock = new Date(START);
    hd.ctx.now = () => clock;
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    await relaxIntakeLimits(hd.ctx);
    // The statuses move only when a test moves them.
    await updateSettings(hd.ctx, { tickets: { change_status: false } });
    agent = await createAgent(hd);
  });
  const later = (minutes: number) => {
    clock = new Date(clock.getTime() + minutes * MINUTE);
  };
  const at = (minutes: number) => new Date(START + minutes * MINUTE).toISOString();
  const facts = (ticketId: number) =>
    hd.ctx.db.selectFrom('ticket_report_facts').selectAll().where('ticket_id', '=', ticketId).executeTakeFirst();
  const status = async (ticketId: number, slug: string) =>
    changeTicketAlone(hd.ctx, ticketId, { status: slug }, { actorId: agent.id, settings: await getCoreSettings(hd.ctx) });
  const write = async (ticketId: number, role: 'agent' | 'client' | 'bot', isInternal = false) => {
    const ticket = await findTicket(hd.ctx, ticketId);
    const actor = role === 'agent' ? agent.actor : role === 'client' ? { id: ticket?.authorId as number, role: 'client' as const } : null;
    return addComment(hd.ctx, { ticketId, text: `A ${role} message.`, role, isInternal }, actor);
  };

  it('filing writes the row with the clock’s time, the channel and the status', async () => {
    const { id } = await createTicket(hd);
    expect(await facts(id)).toMatchObject({ created_at: at(0), channel: 'api', status: 'open', first_reply_at: null, reopen_count: 0 });
  });

  it('the first public reply by staff is the first reply; bots, notes and client messages before it are not', async () => {
    const { id } = await createTicket(hd);
    later(5);
    await write(id, 'bot');
    later(5);
    await write(id, 'agent', true);
    later(5);
    await write(id, 'client');
    expect((await facts(id))?.first_reply_at).toBeNull();
    later(5);
    await write(id, 'agent');
    expect(await facts(id)).toMatchObject({ first_reply_at: at(20), first_reply_s: 1200, first_reply_bs: 1200 });
  });

  it('business seconds count on the default schedule when no policy applies: Friday 16:30 → Monday 09:30 is one hour', async () => {
    clock = new Date('2026-12-04T16:30:00.000Z');
    const { id } = await createTicket(hd);
    clock = new Date('2026-12-07T09:30:00.000Z');
    await write(id, 'agent');
    expect(await facts(id)).toMatchObject({ first_reply_s: 3 * 86400 - 7 * 3600, first_reply_bs: 3600 });
  });

  it('business seconds count around the clock when the ticket’s policy has no schedule', async () => {
    await createSlaPolicy(hd.ctx.db, { name: 'Always', targets: [{ urgency: null, first_reply: 60 }] }, clock);
    clock = new Date('2026-12-04T16:30:00.000Z');
    const { id } = await createTicket(hd);
    clock = new Date('2026-12-07T09:30:00.000Z');
    await write(id, 'agent');
    expect(await facts(id)).toMatchObject({ first_reply_bs: 3 * 86400 - 7 * 3600 });
  });

  it('a client’s message after a staff reply starts a next reply, met by the next staff reply (not a bot’s or a note)', async () => {
    const { id } = await createTicket(hd);
    await write(id, 'agent');
    later(10);
    await write(id, 'client');
    later(5);
    await write(id, 'client');
    later(5);
    await write(id, 'bot');
    await write(id, 'agent', true);
    later(20);
    await write(id, 'agent');
    const replies = await hd.ctx.db.selectFrom('ticket_report_replies').selectAll().where('ticket_id', '=', id).execute();
    expect(replies).toEqual([{ ticket_id: id, replied_at: at(40), seconds: 1800, business_seconds: 1800 }]);
  });

  it('resolution, time the client waited (not in the policy’s pause statuses, nor resolved before a reopening), reopenings', async () => {
    // A status the owner names as waiting on the client, paused on by their policy (around the clock).
    await hd.ctx.db
      .insertInto('terms')
      .values({ taxonomy: 'ticket_status', name: 'On hold', slug: 'on-hold', term_order: 9, client_label: null })
      .execute();
    await createSlaPolicy(
      hd.ctx.db,
      { name: 'Standard', targets: [{ urgency: null, resolution: 6000 }], pauseStatuses: ['on-hold'] },
      clock,
    );
    const { id } = await createTicket(hd);
    later(30);
    await status(id, 'on-hold');
    later(60);
    await status(id, 'open');
    later(30);
    await status(id, 'resolved');
    expect(await facts(id)).toMatchObject({
      resolved_at: at(120),
      resolution_s: 7200,
      client_wait_s: 3600,
      client_wait_bs: 3600,
      held_s: 3600,
    });
    later(60);
    await status(id, 'open');
    expect(await facts(id)).toMatchObject({ resolved_at: null, reopen_count: 1, held_s: 7200 });
    later(30);
    await status(id, 'on-hold');
    later(30);
    await status(id, 'closed');
    // Filed → closed 240 min; on hold 60 + resolved 60 + on hold 30 before it: the client waited 90 min.
    expect(await facts(id)).toMatchObject({ resolved_at: at(240), resolution_s: 14400, client_wait_s: 5400, reopen_count: 1 });
  });

  it('every stay in Resolved or Closed is kept, so the backlog of a past day counts a reopened ticket as it was then', async () => {
    const { id } = await createTicket(hd);
    const stays = () =>
      hd.ctx.db
        .selectFrom('ticket_report_resolutions')
        .select(['resolved_at', 'reopened_at'])
        .where('ticket_id', '=', id)
        .orderBy('resolved_at')
        .execute();
    later(60);
    await status(id, 'resolved');
    later(60);
    await status(id, 'closed');
    // Resolved → Closed is one stay: the ticket never opened in between.
    expect(await stays()).toEqual([{ resolved_at: at(60), reopened_at: null }]);
    later(60);
    await status(id, 'open');
    later(60);
    await status(id, 'resolved');
    expect(await stays()).toEqual([
      { resolved_at: at(60), reopened_at: at(180) },
      { resolved_at: at(240), reopened_at: null },
    ]);
  });

  it('time in Waiting (the client awaits our reply) is time the client waited', async () => {
    const { id } = await createTicket(hd);
    later(30);
    await status(id, 'waiting');
    later(60);
    await status(id, 'resolved');
    expect(await facts(id)).toMatchObject({ resolution_s: 5400, client_wait_s: 5400, held_s: 0 });
  });

  it('a deleted ticket takes its facts with it', async () => {
    const { id } = await createTicket(hd);
    await write(id, 'agent');
    await write(id, 'client');
    await write(id, 'agent');
    await deleteTicket(hd.ctx, id);
    expect(await facts(id)).toBeUndefined();
    expect(await hd.ctx.db.selectFrom('ticket_report_replies').selectAll().where('ticket_id', '=', id).execute()).toEqual([]);
  });
});
