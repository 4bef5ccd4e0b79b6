import { beforeEach, expect, it } from 'vitest';
import { getCoreSettings } from '../../settings/core-settings.js';
import { updateSettings } from '../../settings/settings.js';
import { createAgent, createTicket, type TestUser } from '../../test/factories.js';
import { relaxIntakeLimits, setRegistration } from '../../test/fixtures.js';
import { describeEachDatabase } from '../../test/test-databases.js';
import { useTestHelpdesk } from '../../test/test-helpdesk.js';
import { addComment } from '../comments/add-comment.js';
import { changeTicketAlone, type TicketChanges } from '../tickets/change-ticket.js';
import { findTicket } from '../tickets/find-ticket.js';
import { createSlaPolicy } from './create-sla-policy.js';
import { readTicketSla, type TicketSlaTarget } from './read-ticket-sla.js';
import { reorderSlaPolicies } from './reorder-sla-policies.js';
import type { SlaPolicyInput } from './sla-policy.js';
import { updateSlaPolicy } from './update-sla-policy.js';

const MINUTE = 60_000;

describeEachDatabase('service levels on a ticket, with a clock the test sets', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true });
  let clock = new Date('2026-12-07T10:00:00.000Z');
  let agent: TestUser;
  const urgency: Record<string, number> = {};
  beforeEach(async () => {
    clock = new Date('2026-12-07T10:00:00.000Z');
    hd.ctx.now = () => clock;
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    await relaxIntakeLimits(hd.ctx);
    // The statuses move only when a test moves them.
    await updateSettings(hd.ctx, { tickets: { change_status: false } });
    agent = await createAgent(hd);
    for (const row of await hd.ctx.db.selectFrom('terms').select(['id', 'slug']).where('taxonomy', '=', 'ticket_urgency').execute())
      urgency[row.slug] = row.id;
  });
  const later = (minutes: number) => {
    clock = new Date(clock.getTime() + minutes * MINUTE);
  };
  const at = (minutes: number) => new Date(Date.parse('2026-12-07T10:00:00.000Z') + minutes * MINUTE).toISOString();
  const policy = (input: Partial<SlaPolicyInput> = {}) =>
    createSlaPolicy(
      hd.ctx.db,
      { name: 'Standard', targets: [{ urgency: null, first_reply: 60, next_reply: 30, resolution: 480 }], ...input },
      clock,
    );
  const sla = (ticketId: number) => readTicketSla(hd.ctx.db, ticketId, clock);
  const target = async (ticketId: number, metric: string): Promise<TicketSlaTarget | undefined> =>
    (await sla(ticketId)).targets.find((t) => t.metric === metric);
  const change = async (ticketId: number, changes: TicketChanges) =>
    changeTicketAlone(hd.ctx, ticketId, changes, { actorId: agent.id, settings: await getCoreSettings(hd.ctx) });
  const reply = async (ticketId: number, role: 'agent' | 'client' | 'bot', isInternal = false) => {
    const ticket = await findTicket(hd.ctx, ticketId);
    const actor = role === 'agent' ? agent.actor : role === 'client' ? { id: ticket?.authorId as number, role: 'client' as const } : null;
    return addComment(hd.ctx, { ticketId, text: `A ${role} message.`, role, isInternal }, actor);
  };

  it('a ticket filed with no policy has none and no targets', async () => {
    const { id } = await createTicket(hd);
    expect(await sla(id)).toEqual({ policy: null, targets: [] });
  });

  it('filing starts first reply and resolution at the clock’s time; next reply waits for a conversation', async () => {
    const standard = await policy();
    const { id } = await createTicket(hd);
    expect(await sla(id)).toEqual({
      policy: { id: standard.id, name: 'Standard' },
      targets: [
        { metric: 'first_reply', due_at: at(60), status: 'active', met_at: null, breached_at: null, business_seconds_used: 0 },
        { metric: 'resolution', due_at: at(480), status: 'active', met_at: null, breached_at: null, business_seconds_used: 0 },
      ],
    });
    later(10);
    expect((await target(id, 'first_reply'))?.business_seconds_used).toBe(600);
  });

  it('the first policy in order whose conditions all hold applies, and a new order changes which', async () => {
    const urgent = await policy({ name: 'Urgent by API', conditions: { urgency: [urgency.high as number], channel: ['api'] } });
    const widget = await policy({ name: 'Widget only', conditions: { channel: ['widget'] } });
    const all = await policy({ name: 'Everything' });
    expect((await sla((await createTicket(hd, { urgency: urgency.high })).id)).policy?.name).toBe('Urgent by API');
    expect((await sla((await createTicket(hd, { urgency: urgency.low })).id)).policy?.name).toBe('Everything');
    expect((await sla((await createTicket(hd, { urgency: urgency.high, fill_ms: 5000 })).id)).policy?.name).toBe('Widget only');
    await reorderSlaPolicies(hd.ctx.db, [all.id, urgent.id, widget.id]);
    expect((await sla((await createTicket(hd, { urgency: urgency.high })).id)).policy?.name).toBe('Everything');
  });

  it('the targets follow the ticket’s urgency, a row for it first, else the row for all others', async () => {
    await policy({
      targets: [
        { urgency: urgency.high as number, first_reply: 15, resolution: 120 },
        { urgency: null, first_reply: 60, resolution: 480 },
      ],
    });
    const high = await createTicket(hd, { urgency: urgency.high });
    expect((await target(high.id, 'first_reply'))?.due_at).toBe(at(15));
    const low = await createTicket(hd, { urgency: urgency.low });
    expect((await target(low.id, 'first_reply'))?.due_at).toBe(at(60));
  });

  it('the first public reply by staff meets first reply; a note and a bot’s reply do not', async () => {
    await policy();
    const { id } = await createTicket(hd);
    later(5);
    await reply(id, 'agent', true);
    await reply(id, 'bot');
    expect(await target(id, 'first_reply')).toMatchObject({ status: 'active', met_at: null });
    later(5);
    await reply(id, 'agent');
    expect(await target(id, 'first_reply')).toMatchObject({ status: 'met', met_at: at(10), business_seconds_used: 600 });
    expect(await target(id, 'resolution')).toMatchObject({ status: 'active' });
  });

  it('a client’s message after a staff reply starts next reply, and the next staff reply meets it', async () => {
    await policy();
    const { id } = await createTicket(hd);
    await reply(id, 'client');
    expect(await target(id, 'next_reply')).toBeUndefined();
    later(10);
    await reply(id, 'agent');
    later(10);
    await reply(id, 'client');
    expect(await target(id, 'next_reply')).toMatchObject({ status: 'active', due_at: at(50), business_seconds_used: 0 });
    later(5);
    await reply(id, 'client');
    expect((await target(id, 'next_reply'))?.due_at).toBe(at(50));
    later(5);
    await reply(id, 'agent');
    expect(await target(id, 'next_reply')).toMatchObject({ status: 'met', met_at: at(30), business_seconds_used: 600 });
  });

  it('a pause status stops every running clock with the time used kept; back to Open they run on, the due times moved', async () => {
    await policy({ pauseStatuses: ['waiting'] });
    const { id } = await createTicket(hd);
    later(20);
    await change(id, { status: 'waiting' });
    expect(await target(id, 'first_reply')).toMatchObject({ status: 'paused', business_seconds_used: 1200 });
    later(100);
    expect((await target(id, 'first_reply'))?.business_seconds_used).toBe(1200);
    await change(id, { status: 'open' });
    expect(await target(id, 'first_reply')).toMatchObject({ status: 'active', due_at: at(160), business_seconds_used: 1200 });
    expect((await target(id, 'resolution'))?.due_at).toBe(at(580));
  });

  it('Waiting → another pause status → Open counts the pause once', async () => {
    await hd.ctx.db
      .insertInto('terms')
      .values({ taxonomy: 'ticket_status', name: 'On hold', slug: 'on-hold', term_order: 9, client_label: null })
      .execute();
    await policy({ pauseStatuses: ['waiting', 'on-hold'] });
    const { id } = await createTicket(hd);
    later(10);
    await change(id, { status: 'waiting' });
    later(30);
    await change(id, { status: 'on-hold' });
    later(30);
    await change(id, { status: 'open' });
    expect(await target(id, 'first_reply')).toMatchObject({ status: 'active', business_seconds_used: 600, due_at: at(70 + 50) });
  });

  it('Resolved meets resolution; a reopen runs it again with the time kept; Closed meets it again', async () => {
    await policy();
    const { id } = await createTicket(hd);
    later(60);
    await change(id, { status: 'resolved' });
    expect(await target(id, 'resolution')).toMatchObject({ status: 'met', met_at: at(60), business_seconds_used: 3600 });
    later(600);
    await change(id, { status: 'open' });
    expect(await target(id, 'resolution')).toMatchObject({ status: 'active', met_at: null, due_at: at(660 + 420) });
    later(30);
    await change(id, { status: 'closed' });
    expect(await target(id, 'resolution')).toMatchObject({ status: 'met', met_at: at(690), business_seconds_used: 5400 });
  });

  it('an urgency changed mid-ticket re-applies the targets with the time already used kept', async () => {
    await policy({
      targets: [
        { urgency: urgency.high as number, first_reply: 30, resolution: 120 },
        { urgency: null, first_reply: 240, resolution: 960 },
      ],
    });
    const { id } = await createTicket(hd, { urgency: urgency.low });
    later(20);
    await change(id, { urgency: urgency.high as number });
    expect(await target(id, 'first_reply')).toMatchObject({ status: 'active', business_seconds_used: 1200, due_at: at(30) });
    expect((await target(id, 'resolution'))?.due_at).toBe(at(120));
  });

  it('a ticket that comes under another policy mid-ticket keeps the time used; one that matches none loses its targets', async () => {
    const tagId = Number(
      (
        await hd.ctx.db
          .insertInto('terms')
          .values({ taxonomy: 'ticket_tag', name: 'vip', slug: 'vip', term_order: 0, client_label: null })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    const vip = await policy({ name: 'VIP', conditions: { tag: [tagId] }, targets: [{ urgency: null, first_reply: 15, resolution: 60 }] });
    await policy({ name: 'Questions', conditions: { urgency: [urgency.low as number] } });
    const { id } = await createTicket(hd, { urgency: urgency.low });
    later(10);
    await change(id, { tags: ['vip'] });
    expect((await sla(id)).policy?.id).toBe(vip.id);
    expect(await target(id, 'first_reply')).toMatchObject({ business_seconds_used: 600, due_at: at(15) });
    await change(id, { tags: [], urgency: urgency.high as number });
    expect(await sla(id)).toEqual({ policy: null, targets: [] });
  });

  it('a policy made after filing applies at the ticket’s next change, counted from its filing', async () => {
    const { id } = await createTicket(hd);
    const filedAt = (await hd.ctx.db.selectFrom('posts').select('created_at').where('id', '=', id).executeTakeFirstOrThrow()).created_at;
    clock = new Date(Date.parse(filedAt) + 10 * MINUTE);
    await policy();
    await reply(id, 'agent', true);
    expect(await target(id, 'first_reply')).toMatchObject({ status: 'active', business_seconds_used: 600 });
  });

  it('a policy edited takes its new targets at the ticket’s next change, the time used kept', async () => {
    const standard = await policy();
    const { id } = await createTicket(hd);
    later(10);
    await updateSlaPolicy(
      hd.ctx.db,
      standard.id,
      { name: 'Standard', targets: [{ urgency: null, first_reply: 20, resolution: 480 }] },
      clock,
    );
    await reply(id, 'agent', true);
    expect(await target(id, 'first_reply')).toMatchObject({ due_at: at(20), business_seconds_used: 600 });
  });

  it('a running target past its due time reads as breached; met late, the breach stays on record', async () => {
    await policy();
    const { id } = await createTicket(hd);
    later(61);
    expect(await target(id, 'first_reply')).toMatchObject({ status: 'breached', breached_at: at(60) });
    await reply(id, 'agent');
    expect(await target(id, 'first_reply')).toMatchObject({ status: 'met', met_at: at(61), breached_at: at(60) });
  });

  it('a custom field’s value is a condition too', async () => {
    await policy({ name: 'Enterprise', conditions: { fields: [{ key: 'plan', values: ['enterprise'] }] } });
    const { id } = await createTicket(hd);
    expect((await sla(id)).policy).toBeNull();
    await hd.ctx.db.insertInto('post_meta').values({ post_id: id, meta_key: 'custom_plan', meta_value: 'enterprise' }).execute();
    await reply(id, 'agent', true);
    expect((await sla(id)).policy?.name).toBe('Enterprise');
  });
});
