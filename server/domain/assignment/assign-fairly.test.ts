import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, expect, it } from 'vitest';
import { describeTicketChange } from '../../../common/describe-ticket-change.js';
import { createDb } from '../../db/create-db.js';
import type { AssignmentMode } from '../../db/tables.js';
import { createMailTransport } from '../../email/create-transport.js';
import { createWorker } from '../../jobs/worker.js';
import type { LiveMessage } from '../../live/live-bus.js';
import { getCoreSettings } from '../../settings/core-settings.js';
import { updateSettings } from '../../settings/settings.js';
import { createAgent, type TestUser } from '../../test/factories.js';
import { makeProduct, setRegistration, ticketPayload } from '../../test/fixtures.js';
import { describeEachDatabase } from '../../test/test-databases.js';
import { useTestHelpdesk } from '../../test/test-helpdesk.js';
import { createBusinessHours } from '../business-hours/create-business-hours.js';
import { createDomainContext, type DomainContext } from '../context.js';
import { changeTicketAlone } from '../tickets/change-ticket.js';
import { createTicket } from '../tickets/create-ticket.js';
import { listTicketEvents } from '../tickets/ticket-activity.js';
import { type AssignFairlyResult, assignFairly } from './assign-fairly.js';
import { assignNewTicket, assignWaitingTickets } from './assign-waiting-tickets.js';
import { setProductAssignmentMode } from './set-product-assignment-mode.js';
import { updateAgentAssignment } from './update-agent-assignment.js';

describeEachDatabase('fair assignment', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true });
  let agents: TestUser[];

  beforeEach(async () => {
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    agents = [];
    for (const name of ['Alex', 'Bea', 'Cem', 'Dana']) agents.push(await createAgent(hd, { name }));
  });

  async function setMode(mode: AssignmentMode, limit = 0) {
    await updateSettings(hd.ctx, { tickets: { assignment_mode: mode, open_ticket_limit: limit } });
  }

  async function fileTickets(count: number, overrides: Record<string, unknown> = {}): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < count; i++)
      ids.push((await createTicket(hd.ctx, ticketPayload({ email: 'many@client.test', ...overrides }), null)).id);
    return ids;
  }

  /** Fair assignment of one ticket in a transaction of its own, through `ctx`. */
  async function assign(ticketId: number, ctx: DomainContext = hd.ctx): Promise<AssignFairlyResult> {
    const settings = await getCoreSettings(ctx);
    return ctx.db.transaction().execute((trx) => assignFairly(trx, ticketId, { settings, at: ctx.now() }));
  }

  async function countsByAgent(): Promise<Map<number, number>> {
    const rows = await hd.ctx.db.selectFrom('posts').select(['assignee_id', 'id']).where('type', '=', 'ticket').execute();
    const counts = new Map(agents.map((agent) => [agent.id, 0]));
    for (const row of rows) if (row.assignee_id !== null) counts.set(row.assignee_id, (counts.get(row.assignee_id) ?? 0) + 1);
    return counts;
  }

  it('round robin spreads 100 tickets over four agents with a limit of 30 within one of each other, none past 30', async () => {
    await setMode('round_robin', 30);
    for (const id of await fileTickets(100)) await assign(id);
    const counts = [...(await countsByAgent()).values()];
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
    expect(Math.max(...counts)).toBeLessThanOrEqual(30);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(100);
  });

  it('fewest open spreads 100 tickets over four agents with a limit of 30 within one of each other, none past 30', async () => {
    await setMode('fewest_open', 30);
    for (const id of await fileTickets(100)) await assign(id);
    const counts = [...(await countsByAgent()).values()];
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
    expect(Math.max(...counts)).toBeLessThanOrEqual(30);
  });

  it('fewest open gives the ticket to whoever has the fewest open tickets', async () => {
    await setMode('off');
    const [first, second, third] = await fileTickets(3);
    for (const id of [first, second, third] as number[])
      await changeTicketAlone(
        hd.ctx,
        id,
        { assignee: agents[0]?.id as number },
        { actorId: null, settings: await getCoreSettings(hd.ctx) },
      );
    await setMode('fewest_open');
    const [fresh] = await fileTickets(1);
    const result = await assign(fresh as number);
    expect(result).toMatchObject({ kind: 'assigned' });
    expect(result.kind === 'assigned' && result.agentId).not.toBe(agents[0]?.id);
  });

  it('an agent who is away gets no ticket', async () => {
    await setMode('round_robin');
    await updateAgentAssignment(hd.ctx, agents[1]?.id as number, { available: false });
    for (const id of await fileTickets(12)) await assign(id);
    const counts = await countsByAgent();
    expect(counts.get(agents[1]?.id as number)).toBe(0);
    expect([...counts.values()].reduce((a, b) => a + b, 0)).toBe(12);
  });

  it('an agent outside their working hours gets no ticket', async () => {
    await setMode('round_robin');
    // Sunday 10:00 UTC; the schedule works Monday to Friday only.
    hd.ctx.now = () => new Date('2026-12-06T10:00:00.000Z');
    const weekdays = [[], ...Array.from({ length: 5 }, () => [{ start: '09:00', end: '17:00' }]), []];
    const hours = await createBusinessHours(hd.ctx, { name: 'Weekdays', timeZone: 'UTC', week: weekdays, overrides: [] });
    await updateAgentAssignment(hd.ctx, agents[2]?.id as number, { scheduleId: hours.id });
    for (const id of await fileTickets(8)) await assign(id);
    expect((await countsByAgent()).get(agents[2]?.id as number)).toBe(0);
  });

  it('an agent within their working hours takes part', async () => {
    await setMode('round_robin');
    // Monday 10:00 UTC, within the schedule.
    hd.ctx.now = () => new Date('2026-12-07T10:00:00.000Z');
    const weekdays = [[], ...Array.from({ length: 5 }, () => [{ start: '09:00', end: '17:00' }]), []];
    const hours = await createBusinessHours(hd.ctx, { name: 'Weekdays', timeZone: 'UTC', week: weekdays, overrides: [] });
    await updateAgentAssignment(hd.ctx, agents[2]?.id as number, { scheduleId: hours.id });
    for (const id of await fileTickets(8)) await assign(id);
    expect((await countsByAgent()).get(agents[2]?.id as number)).toBe(2);
  });

  it('an agent’s own limit goes over the site’s', async () => {
    await setMode('fewest_open', 30);
    await updateAgentAssignment(hd.ctx, agents[3]?.id as number, { openTicketLimit: 2 });
    for (const id of await fileTickets(20)) await assign(id);
    expect((await countsByAgent()).get(agents[3]?.id as number)).toBe(2);
  });

  it('when everyone is full, the ticket waits unassigned in the queue', async () => {
    await setMode('round_robin', 1);
    const ids = await fileTickets(5);
    const results = [];
    for (const id of ids) results.push((await assign(id)).kind);
    expect(results).toEqual(['assigned', 'assigned', 'assigned', 'assigned', 'waiting']);
    const queued = await hd.ctx.db.selectFrom('assignment_queue').select('ticket_id').execute();
    expect(queued.map((row) => row.ticket_id)).toEqual([ids[4]]);
  });

  it('a finished ticket makes room, and the waiting tickets are assigned oldest first', async () => {
    await setMode('round_robin', 1);
    const ids = await fileTickets(6);
    for (const id of ids) await assign(id);
    await changeTicketAlone(hd.ctx, ids[0] as number, { status: 'closed' }, { actorId: null, settings: await getCoreSettings(hd.ctx) });
    const job = await hd.ctx.db.selectFrom('jobs').select('kind').where('kind', '=', 'assign_waiting').executeTakeFirst();
    expect(job).toBeDefined();
    expect(await assignWaitingTickets(hd.ctx)).toBe(1);
    const rows = await hd.ctx.db
      .selectFrom('posts')
      .select(['id', 'assignee_id'])
      .where('id', 'in', [ids[4], ids[5]] as number[])
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row.assignee_id]));
    expect(byId.get(ids[4] as number)).not.toBeNull();
    expect(byId.get(ids[5] as number)).toBeNull();
  });

  it('closing several tickets while tickets wait queues one look at them, not one each', async () => {
    await setMode('round_robin', 1);
    const ids = await fileTickets(6);
    for (const id of ids) await assign(id);
    const settings = await getCoreSettings(hd.ctx);
    for (const id of ids.slice(0, 3)) await changeTicketAlone(hd.ctx, id, { status: 'closed' }, { actorId: null, settings });
    const jobs = await hd.ctx.db.selectFrom('jobs').select('id').where('kind', '=', 'assign_waiting').execute();
    expect(jobs).toHaveLength(1);
  });

  it('an agent back from away gets the waiting tickets', async () => {
    await setMode('round_robin');
    for (const agent of agents) await updateAgentAssignment(hd.ctx, agent.id, { available: false });
    const ids = await fileTickets(2);
    for (const id of ids) expect((await assign(id)).kind).toBe('waiting');
    await updateAgentAssignment(hd.ctx, agents[0]?.id as number, { available: true });
    expect(await assignWaitingTickets(hd.ctx)).toBe(2);
    expect((await countsByAgent()).get(agents[0]?.id as number)).toBe(2);
  });

  it('with the mode off nothing is assigned', async () => {
    await setMode('off');
    const [id] = await fileTickets(1);
    expect(await assignNewTicket(hd.ctx, id as number)).toEqual({ kind: 'off' });
    expect([...(await countsByAgent()).values()].every((n) => n === 0)).toBe(true);
  });

  it('a product’s own mode assigns its tickets while the site’s is off', async () => {
    await setMode('off');
    const product = await makeProduct(hd.ctx, 'Printers');
    await setProductAssignmentMode(hd.ctx, product.id, 'round_robin');
    const [id] = await fileTickets(1, { product: product.id });
    expect(await assignNewTicket(hd.ctx, id as number)).toMatchObject({ kind: 'assigned' });
  });

  it('a product set to off keeps its tickets unassigned while the site’s mode is on', async () => {
    await setMode('round_robin');
    const product = await makeProduct(hd.ctx, 'Scanners');
    await setProductAssignmentMode(hd.ctx, product.id, 'off');
    const [id] = await fileTickets(1, { product: product.id });
    expect(await assignNewTicket(hd.ctx, id as number)).toEqual({ kind: 'off' });
  });

  it('a ticket someone assigned already is left to them', async () => {
    await setMode('round_robin');
    const [id] = await fileTickets(1);
    await changeTicketAlone(
      hd.ctx,
      id as number,
      { assignee: agents[3]?.id as number },
      { actorId: null, settings: await getCoreSettings(hd.ctx) },
    );
    expect(await assign(id as number)).toEqual({ kind: 'not_waiting' });
  });

  it('the activity log says the ticket was assigned by fair assignment, and the assignee is notified', async () => {
    await setMode('round_robin');
    const [id] = await fileTickets(1);
    const result = await assign(id as number);
    const agentId = result.kind === 'assigned' ? result.agentId : 0;
    const events = await listTicketEvents(hd.ctx.db, id as number);
    const name = agents.find((agent) => agent.id === agentId)?.name;
    const last = events.at(-1);
    expect(last).toMatchObject({ field: 'assignee', automatic: true, actor: null });
    const words = { kind: 'field', field: 'assignee', from: null, to: last?.newValue ?? null, automatic: true, by: null };
    expect(describeTicketChange(words)).toBe(`Assigned by fair assignment to ${name}`);
    const notes = await hd.ctx.db
      .selectFrom('notifications')
      .select(['user_id', 'kind'])
      .where('ticket_id', '=', id as number)
      .execute();
    expect(notes).toContainEqual({ user_id: agentId, kind: 'ticket_assigned' });
  });

  it('a ticket filed with the mode on is assigned by its filing’s job', async () => {
    await setMode('round_robin');
    const [id] = await fileTickets(1);
    const transport = createMailTransport({ smtpUrl: null, dataDir: mkdtempSync(join(tmpdir(), 'helpdesk-assignment-')) });
    const worker = createWorker(hd.ctx, hd.config, transport, { info: () => {}, warn: () => {} });
    while ((await worker.runOnce()) > 0);
    const row = await hd.ctx.db
      .selectFrom('posts')
      .select('assignee_id')
      .where('id', '=', id as number)
      .executeTakeFirstOrThrow();
    expect(agents.map((agent) => agent.id)).toContain(row.assignee_id);
  });

  it('open screens hear of a fair assignment as of any change of assignee', async () => {
    await setMode('round_robin');
    const [id] = await fileTickets(1);
    const heard: LiveMessage[] = [];
    const stop = hd.ctx.live.subscribe((message) => heard.push(message));
    try {
      await assignNewTicket(hd.ctx, id as number);
    } finally {
      stop();
    }
    const events = heard;
    expect(events).toContainEqual(expect.objectContaining({ kind: 'ticket.updated', ticketId: id, fields: ['assignee'], by: null }));
    expect(events).toContainEqual(expect.objectContaining({ kind: 'notification.added' }));
  });

  it('two assigners at once never assign one ticket twice nor pass a limit', async () => {
    // Few enough that the waits for the one turn stay well inside the pool's 10 s wait for a connection on a busy machine.
    await setMode('round_robin', 3);
    const ids = await fileTickets(16);
    // PostgreSQL: a second instance's context on the same database; SQLite has one writer, so one context will do.
    const second = dialect === 'postgres' ? createDb({ url: hd.config.databaseUrl }) : undefined;
    const other = second ? createDomainContext(second, hd.hooks) : hd.ctx;
    try {
      const [a, b] = await Promise.all([
        Promise.all(ids.map((id) => assign(id))),
        Promise.all([...ids].reverse().map((id) => assign(id, other))),
      ]);
      const assigned = [...a, ...b].filter((result) => result.kind === 'assigned');
      expect(assigned).toHaveLength(12);
      const events = await hd.ctx.db
        .selectFrom('ticket_events')
        .select(['ticket_id'])
        .where('field', '=', 'assignee')
        .where('ticket_id', 'in', ids)
        .execute();
      expect(new Set(events.map((event) => event.ticket_id)).size).toBe(events.length);
      expect(Math.max(...(await countsByAgent()).values())).toBe(3);
    } finally {
      await second?.close();
    }
  });
});
