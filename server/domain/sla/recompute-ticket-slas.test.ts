import { beforeEach, expect, it } from 'vitest';
import type { MailTransport } from '../../email/create-transport.js';
import { createMemoryCounterStore } from '../../intake/counter-store.js';
import { createJobHandlers } from '../../jobs/job-handlers.js';
import type { JobPayloads } from '../../jobs/job-payloads.js';
import { enqueueJob } from '../../jobs/queue.js';
import { getCoreSettings } from '../../settings/core-settings.js';
import { updateSettings } from '../../settings/settings.js';
import { createAgent, createTicket, type TestUser } from '../../test/factories.js';
import { relaxIntakeLimits, setRegistration } from '../../test/fixtures.js';
import { describeEachDatabase } from '../../test/test-databases.js';
import { useTestHelpdesk } from '../../test/test-helpdesk.js';
import { createBusinessHours } from '../business-hours/create-business-hours.js';

import { addComment } from '../comments/add-comment.js';
import { changeTicketAlone } from '../tickets/change-ticket.js';
import { createSlaPolicy } from './create-sla-policy.js';
import { deleteSlaPolicy } from './delete-sla-policy.js';
import { editBusinessHours } from './edit-business-hours.js';
import { readTicketSla } from './read-ticket-sla.js';
import { recomputeTicketSlas, SLA_RECOMPUTE_JOB } from './recompute-ticket-slas.js';
import { reorderSlaPolicies } from './reorder-sla-policies.js';
import type { SlaPolicyInput } from './sla-policy.js';
import { updateSlaPolicy } from './update-sla-policy.js';

const MINUTE = 60_000;
const quiet = { info: () => {}, warn: () => {} };
const nineToFive = [{ start: '09:00', end: '17:00' }];
const weekdays = [[], nineToFive, nineToFive, nineToFive, nineToFive, nineToFive, []];

describeEachDatabase('an edited schedule or policy carried to the running tickets (the sla_recompute job)', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true });
  // Monday 7 December 2026, 10:00 UTC.
  let clock = new Date('2026-12-07T10:00:00.000Z');
  let agent: TestUser;
  beforeEach(async () => {
    clock = new Date('2026-12-07T10:00:00.000Z');
    hd.ctx.now = () => clock;
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    await relaxIntakeLimits(hd.ctx);
    await updateSettings(hd.ctx, { tickets: { change_status: false } });
    agent = await createAgent(hd);
  });
  const later = (minutes: number) => {
    clock = new Date(clock.getTime() + minutes * MINUTE);
  };
  const office = () => createBusinessHours(hd.ctx, { name: 'Office', timeZone: 'UTC', week: weekdays });
  const policy = (input: Partial<SlaPolicyInput> = {}) =>
    createSlaPolicy(hd.ctx.db, { name: 'Standard', targets: [{ urgency: null, first_reply: 60, resolution: 480 }], ...input }, clock);
  const target = async (ticketId: number, metric: string) =>
    (await readTicketSla(hd.ctx.db, ticketId, clock)).targets.find((t) => t.metric === metric);
  const agentReply = (ticketId: number) => addComment(hd.ctx, { ticketId, text: 'On it.', role: 'agent', isInternal: false }, agent.actor);
  const queued = () =>
    hd.ctx.db.selectFrom('jobs').select('payload').where('kind', '=', SLA_RECOMPUTE_JOB).where('state', '=', 'queued').execute();

  /** Runs the queued recompute jobs as the worker would, the follow-up batches included, until none is left. */
  async function recompute(): Promise<number> {
    const handlers = createJobHandlers({
      ctx: hd.ctx,
      config: hd.config,
      transport: {} as MailTransport,
      log: quiet,
      counters: createMemoryCounterStore(),
    });
    let runs = 0;
    for (;;) {
      const job = await hd.ctx.db
        .selectFrom('jobs')
        .selectAll()
        .where('kind', '=', SLA_RECOMPUTE_JOB)
        .where('state', '=', 'queued')
        .orderBy('id')
        .executeTakeFirst();
      if (!job) return runs;
      const claimed = await hd.ctx.db
        .updateTable('jobs')
        .set({ state: 'running', attempts: job.attempts + 1 })
        .where('id', '=', job.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await handlers.sla_recompute(claimed, JSON.parse(job.payload) as JobPayloads['sla_recompute']);
      runs += 1;
    }
  }

  it('a schedule edited moves the running target’s due time, keeps the business time used, and leaves a met target', async () => {
    const hours = await office();
    await policy({ businessHoursId: hours.id });
    const { id } = await createTicket(hd);
    await recompute();
    later(20);
    await agentReply(id);
    const met = await target(id, 'first_reply');
    expect(met).toMatchObject({ status: 'met', met_at: '2026-12-07T10:20:00.000Z', business_seconds_used: 1200 });
    // 480 business minutes from Monday 10:00: seven hours on Monday, one on Tuesday.
    expect(await target(id, 'resolution')).toMatchObject({ due_at: '2026-12-08T10:00:00.000Z', business_seconds_used: 1200 });

    // Monday is closed from now on: the 20 minutes it ran on Monday stay used, the 460 left run from Tuesday 09:00.
    await editBusinessHours(hd.ctx, hours.id, { week: [[], [], nineToFive, nineToFive, nineToFive, nineToFive, []] });
    expect(await queued()).toHaveLength(1);
    expect(await recompute()).toBe(1);
    expect(await target(id, 'resolution')).toMatchObject({
      status: 'active',
      due_at: '2026-12-08T16:40:00.000Z',
      business_seconds_used: 1200,
    });
    expect(await target(id, 'first_reply')).toEqual(met);
    const next = await hd.ctx.db.selectFrom('ticket_sla').select('next_due_at').where('ticket_id', '=', id).executeTakeFirstOrThrow();
    expect(next.next_due_at).toBe('2026-12-08T16:40:00.000Z');

    // The same recompute again (a retried job) changes nothing: the time until the edit is counted once.
    await enqueueJob(
      hd.ctx.db,
      SLA_RECOMPUTE_JOB,
      JSON.parse(
        (await hd.ctx.db.selectFrom('jobs').select('payload').where('kind', '=', SLA_RECOMPUTE_JOB).executeTakeFirstOrThrow()).payload,
      ),
    );
    later(5);
    await recompute();
    expect(await target(id, 'resolution')).toMatchObject({ due_at: '2026-12-08T16:40:00.000Z', business_seconds_used: 1200 });
  });

  it('a holiday added as an override moves the due time past it', async () => {
    const hours = await office();
    await policy({ businessHoursId: hours.id });
    const { id } = await createTicket(hd);
    await editBusinessHours(hd.ctx, hours.id, { overrides: [{ date: '2026-12-08', name: 'Closed', intervals: [] }] });
    await recompute();
    // Seven hours on Monday, Tuesday a holiday, the last hour on Wednesday.
    expect(await target(id, 'resolution')).toMatchObject({ due_at: '2026-12-09T10:00:00.000Z', business_seconds_used: 0 });
  });

  it('a schedule no policy counts on queues nothing; a name change alone queues nothing', async () => {
    const hours = await office();
    const used = await office();
    await policy({ name: 'On hours', businessHoursId: used.id });
    await recompute();
    await editBusinessHours(hd.ctx, hours.id, { week: [[], [], nineToFive, nineToFive, nineToFive, nineToFive, []] });
    await editBusinessHours(hd.ctx, used.id, { name: 'Office hours' });
    expect(await queued()).toHaveLength(0);
    await editBusinessHours(hd.ctx, used.id, { timeZone: 'Europe/Berlin' });
    expect(await queued()).toHaveLength(1);
  });

  it('the API’s schedule edit queues the recompute in its transaction', async () => {
    const hours = await office();
    await policy({ businessHoursId: hours.id });
    await recompute();
    const admin = await hd.authAs('admin');
    const patched = await hd.app.inject({
      method: 'PATCH',
      url: `/api/helpdesk/v1/business-hours/${hours.id}`,
      headers: admin,
      payload: { week: [[], [], nineToFive, nineToFive, nineToFive, nineToFive, []] },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(await queued()).toHaveLength(1);
  });

  it('a policy’s targets edited: the running ticket is due anew with the time used kept', async () => {
    const standard = await policy();
    const { id } = await createTicket(hd);
    later(10);
    await updateSlaPolicy(
      hd.ctx.db,
      standard.id,
      { name: 'Standard', targets: [{ urgency: null, first_reply: 30, resolution: 480 }] },
      clock,
    );
    later(5);
    await recompute();
    // Around the clock: 15 minutes used when the batch runs at 10:15, the 15 left from then.
    expect(await target(id, 'first_reply')).toMatchObject({ due_at: '2026-12-07T10:30:00.000Z', business_seconds_used: 900 });
  });

  it('a policy given business hours counts the time before the edit around the clock, the rest on its hours', async () => {
    const standard = await policy();
    clock = new Date('2026-12-07T16:30:00.000Z');
    const { id } = await createTicket(hd);
    later(60);
    const hours = await office();
    await updateSlaPolicy(
      hd.ctx.db,
      standard.id,
      { name: 'Standard', businessHoursId: hours.id, targets: [{ urgency: null, first_reply: 90, resolution: 480 }] },
      clock,
    );
    await recompute();
    // 60 minutes used from 16:30 to 17:30 around the clock (the office closed at 17:00), 30 left from Tuesday 09:00.
    expect(await target(id, 'first_reply')).toMatchObject({ due_at: '2026-12-08T09:30:00.000Z', business_seconds_used: 3600 });
  });

  it('a policy’s conditions, order and deletion re-apply to the running tickets', async () => {
    const standard = await policy();
    const { id } = await createTicket(hd);
    const quick = await policy({ name: 'Quick', targets: [{ urgency: null, first_reply: 15, resolution: 120 }] });
    await recompute();
    expect((await readTicketSla(hd.ctx.db, id, clock)).policy?.id).toBe(standard.id);
    later(5);
    await reorderSlaPolicies(hd.ctx.db, [quick.id, standard.id], clock);
    await recompute();
    expect((await readTicketSla(hd.ctx.db, id, clock)).policy?.id).toBe(quick.id);
    expect(await target(id, 'first_reply')).toMatchObject({ due_at: '2026-12-07T10:15:00.000Z', business_seconds_used: 300 });
    later(5);
    await updateSlaPolicy(
      hd.ctx.db,
      quick.id,
      { name: 'Quick', conditions: { channel: ['mail'] }, targets: [{ urgency: null, first_reply: 15, resolution: 120 }] },
      clock,
    );
    await recompute();
    expect((await readTicketSla(hd.ctx.db, id, clock)).policy?.id).toBe(standard.id);
    expect(await target(id, 'first_reply')).toMatchObject({ due_at: '2026-12-07T11:00:00.000Z', business_seconds_used: 600 });
    await deleteSlaPolicy(hd.ctx.db, standard.id, clock);
    await recompute();
    expect(await readTicketSla(hd.ctx.db, id, clock)).toEqual({ policy: null, targets: [] });
  });

  it('goes through the tickets a batch at a time, each batch saying where the next starts', async () => {
    await policy();
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) ids.push((await createTicket(hd)).id);
    const done = await createTicket(hd);
    await changeTicketAlone(hd.ctx, done.id, { status: 'closed' }, { actorId: agent.id, settings: await getCoreSettings(hd.ctx) });
    const job = { at: clock.toISOString(), after: 0 };
    const first = await hd.ctx.db.transaction().execute((trx) => recomputeTicketSlas(trx, hd.ctx, job, clock, 2));
    expect(first).toBe(ids[1]);
    const second = await hd.ctx.db
      .transaction()
      .execute((trx) => recomputeTicketSlas(trx, hd.ctx, { ...job, after: first as number }, clock, 2));
    // The closed ticket's targets are all met: it is not among the running ones.
    expect(second).toBeUndefined();
  });
});
