import { beforeAll, beforeEach, expect, it } from 'vitest';
import type { QueryOf, ResponseOf } from '../../../../common/contract/api-types.js';
import { createSlaPolicy } from '../../../domain/sla/create-sla-policy.js';
import { changeTicketAlone } from '../../../domain/tickets/change-ticket.js';
import { deleteTicket } from '../../../domain/tickets/delete-ticket.js';
import { getCoreSettings } from '../../../settings/core-settings.js';
import { updateSettings } from '../../../settings/settings.js';
import { createApiClient } from '../../../test/api-client.js';
import { createTicket } from '../../../test/factories.js';
import { relaxIntakeLimits, setRegistration } from '../../../test/fixtures.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

type Headers = Record<string, string>;
type InboxPage = ResponseOf<'listTickets'>;

const MINUTE = 60_000;
const T0 = Date.parse('2026-12-07T10:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms);

// Around the clock, first reply 60 minutes: a ticket filed at T is next due at T + 60 min. Read at T0:
// overdue  — a (due T0 − 60 min), b (due exactly T0);
// due-soon — c (due T0 + 1 min), d (due exactly T0 + 1 h);
// neither  — e (due T0 + 1 h + 1 s), and the tickets with no running target: resolved, paused, filed before any
// policy; a deleted ticket (due T0 − 2 h) is never anywhere.
describeEachDatabase('the inbox’s service-level views (Overdue, Due within 1 hour) and the due sort', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let clock = at(0);
  let agent: Headers;
  let client: Headers;
  const t: Record<string, number> = {};
  const as = (who: Headers = {}) => createApiClient(hd.app, who);
  const list = async (query: string, who: Headers = agent) => {
    const params = Object.fromEntries(new URLSearchParams(`per_page=100&${query}`)) as QueryOf<'listTickets'>;
    return (await as(who).get('/tickets/', { query: params })).expectBody(200);
  };
  const ids = (page: InboxPage) => page.tickets.map((ticket) => ticket.id);
  const views = async () => (await as(agent).get('/tickets/views')).expectBody(200);
  const fileAt = async (ms: number) => {
    clock = at(ms);
    return (await createTicket(hd)).id;
  };

  beforeAll(async () => {
    hd.ctx.now = () => clock;
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    await updateSettings(hd.ctx, { tickets: { change_status: false } });
    [agent, client] = await Promise.all([hd.authAs('agent'), hd.authAs('client')]);
    t.noPolicy = await fileAt(-300 * MINUTE);
    await createSlaPolicy(
      hd.ctx.db,
      {
        name: 'Around the clock',
        businessHoursId: null,
        targets: [{ urgency: null, first_reply: 60, resolution: 600 }],
        pauseStatuses: ['waiting'],
      },
      clock,
    );
    t.deleted = await fileAt(-180 * MINUTE);
    t.a = await fileAt(-120 * MINUTE);
    t.resolved = await fileAt(-120 * MINUTE);
    t.paused = await fileAt(-120 * MINUTE);
    t.b = await fileAt(-60 * MINUTE);
    t.c = await fileAt(-59 * MINUTE);
    t.d = await fileAt(0);
    t.e = await fileAt(1000);
    const settings = await getCoreSettings(hd.ctx);
    await changeTicketAlone(hd.ctx, t.resolved as number, { status: 'resolved' }, { actorId: null, settings });
    await changeTicketAlone(hd.ctx, t.paused as number, { status: 'waiting' }, { actorId: null, settings });
    await deleteTicket(hd.ctx, t.deleted as number);
  });
  beforeEach(() => {
    clock = at(0);
  });

  it('Overdue holds the tickets due now or earlier, earliest first; one due exactly now is overdue', async () => {
    const page = await list('view=overdue');
    expect(ids(page)).toEqual([t.a, t.b]);
    expect(page.total).toBe(2);
  });

  it('Due within 1 hour holds those due after now and at most an hour ahead, earliest first', async () => {
    const page = await list('view=due-soon');
    expect(ids(page)).toEqual([t.c, t.d]);
    expect(page.total).toBe(2);
  });

  it('GET /tickets/views counts each view as many tickets as it lists, and the status tabs add up to it', async () => {
    const counted = await views();
    expect({ overdue: counted.overdue, due_soon: counted.due_soon }).toEqual({ overdue: 2, due_soon: 2 });
    for (const [view, n] of [
      ['overdue', counted.overdue],
      ['due-soon', counted.due_soon],
    ] as const) {
      const page = await list(`view=${view}`);
      expect(page.tickets.length).toBe(n);
      expect(Object.values(page.counts).reduce((sum, count) => sum + count, 0)).toBe(n);
      expect(page.counts.open).toBe(n);
    }
  });

  it('the request’s clock moves tickets between the views with no change to them', async () => {
    clock = at(2 * MINUTE);
    expect(ids(await list('view=overdue'))).toEqual([t.a, t.b, t.c]);
    expect(ids(await list('view=due-soon'))).toEqual([t.d, t.e]);
    const counted = await views();
    expect([counted.overdue, counted.due_soon]).toEqual([3, 2]);
  });

  it('a Resolved ticket, a paused one and one with no policy are in neither view; a deleted ticket is never counted', async () => {
    const inViews = [...ids(await list('view=overdue')), ...ids(await list('view=due-soon'))];
    for (const id of [t.resolved, t.paused, t.noPolicy, t.deleted]) expect(inViews).not.toContain(id);
    clock = at(10_000 * MINUTE);
    // Far later every running target is late: still only the five running tickets.
    expect((await views()).overdue).toBe(5);
  });

  it('a view combines with a status tab and other filters', async () => {
    expect(ids(await list('view=overdue&status=open'))).toEqual([t.a, t.b]);
    expect(ids(await list('view=overdue&status=waiting'))).toEqual([]);
    expect((await list('view=overdue&assignee=none')).total).toBe(2);
    // A search keeps to the view too (its matches are ranked apart): #number of an overdue ticket and of one due soon.
    const numberOf = async (id: number) => (await as(agent).get('/tickets/{id}', { params: { id } })).expectBody(200).number;
    expect(ids(await list(`view=overdue&search=%23${await numberOf(t.a as number)}`))).toEqual([t.a]);
    const elsewhere = await list(`view=overdue&search=%23${await numberOf(t.c as number)}`);
    expect([ids(elsewhere), elsewhere.total]).toEqual([[], 0]);
  });

  it('each row carries its next due time, null when no target runs', async () => {
    const rows = new Map((await list('')).tickets.map((row) => [row.id, row.sla_due_at]));
    expect(rows.get(t.a as number)).toBe(at(-60 * MINUTE).toISOString());
    expect(rows.get(t.e as number)).toBe(at(60 * MINUTE + 1000).toISOString());
    expect(rows.get(t.resolved as number)).toBeNull();
    expect(rows.get(t.noPolicy as number)).toBeNull();
  });

  it('sort=due: the earliest next due time first, then the tickets without one by latest activity', async () => {
    const all = await list('sort=due');
    const activity = ids(await list(''));
    const undated = activity.filter((id) => ![t.a, t.b, t.c, t.d, t.e].includes(id));
    expect(ids(all)).toEqual([t.a, t.b, t.c, t.d, t.e, ...undated]);
    expect(all.total).toBe(activity.length);
  });

  it('sort=due pages across the end of the due tickets without losing or repeating one', async () => {
    const whole = ids(await list('sort=due'));
    const paged: number[] = [];
    for (let page = 1; page <= Math.ceil(whole.length / 3) + 1; page += 1)
      paged.push(...ids(await list(`sort=due&per_page=3&page=${page}`)));
    expect(paged).toEqual(whole);
  });

  it('the status tabs of a view follow a ticket’s status change (the copy migration 062 keeps)', async () => {
    const settings = await getCoreSettings(hd.ctx);
    await changeTicketAlone(hd.ctx, t.a as number, { status: 'in-progress' }, { actorId: null, settings });
    const page = await list('view=overdue');
    expect([page.counts.open, page.counts['in-progress']]).toEqual([1, 1]);
    expect(ids(await list('view=overdue&status=in-progress'))).toEqual([t.a]);
    await changeTicketAlone(hd.ctx, t.a as number, { status: 'open' }, { actorId: null, settings });
    expect((await list('view=overdue')).counts).toMatchObject({ open: 2, 'in-progress': 0 });
  });

  it('the views are for staff: a client gets their own list, the counts are refused; a wrong name is a 400 naming it', async () => {
    const own = await list('view=overdue', client);
    expect(own.tickets.every((row) => row.sla_due_at === undefined)).toBe(true);
    expect((await as(client).get('/tickets/views')).status).toBe(403);
    expect((await as().get('/tickets/views')).status).toBe(401);
    const wrong = await hd.app.inject({ method: 'GET', url: '/api/helpdesk/v1/tickets/?view=late', headers: agent });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('view');
    const badSort = await hd.app.inject({ method: 'GET', url: '/api/helpdesk/v1/tickets/?sort=soon', headers: agent });
    expect(badSort.statusCode).toBe(400);
    expect(badSort.body).toContain('sort');
  });
});
