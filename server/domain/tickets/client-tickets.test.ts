import { beforeAll, expect, it } from 'vitest';
import { relaxIntakeLimits, setRegistration, ticketPayload } from '../../test/fixtures.js';
import { describeEachDatabase } from '../../test/test-databases.js';
import { useTestHelpdesk } from '../../test/test-helpdesk.js';
import { listClientTickets } from './client-tickets.js';

describeEachDatabase("a client's ticket list is paged by the database", (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let client: { authorization: string };
  let clientId: number;
  const filed: number[] = [];
  beforeAll(async () => {
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: true, createAccounts: true });
    client = await hd.authAs('client');
    const me = await hd.app.inject({ method: 'GET', url: '/api/helpdesk/v1/me', headers: client });
    clientId = me.json().user.id;
    const email = me.json().user.email as string;
    for (let i = 0; i < 7; i++) {
      const res = await hd.app.inject({
        method: 'POST',
        url: '/api/helpdesk/v1/tickets/',
        payload: ticketPayload({ email, subject: `Ticket ${i}` }),
      });
      filed.push(res.json().id);
    }
    // Another client's tickets never show.
    await hd.app.inject({ method: 'POST', url: '/api/helpdesk/v1/tickets/', payload: ticketPayload() });
    // Updated out of filing order, and later than created.
    for (const [index, id] of filed.entries()) {
      await hd.db.kysely
        .updateTable('posts')
        .set({ updated_at: `2030-01-0${((index * 3) % 7) + 1}T00:00:00.000Z` })
        .where('id', '=', id)
        .execute();
    }
  });

  it('pages in updated order with the total, and never loads the other pages', async () => {
    const first = await listClientTickets(hd.ctx, clientId, { page: 1, perPage: 3 });
    const third = await listClientTickets(hd.ctx, clientId, { page: 3, perPage: 3 });
    const all = await listClientTickets(hd.ctx, clientId, { page: 1, perPage: 100 });
    expect(first.total).toBe(7);
    expect(all.tickets.map((t) => t.updatedAt)).toEqual([...all.tickets.map((t) => t.updatedAt)].sort().reverse());
    expect(first.tickets.map((t) => t.id)).toEqual(all.tickets.slice(0, 3).map((t) => t.id));
    expect(third.tickets.map((t) => t.id)).toEqual(all.tickets.slice(6).map((t) => t.id));
    expect(new Set(all.tickets.map((t) => t.id))).toEqual(new Set(filed));
  });

  it('the API sends each ticket its own creation time, not its last update', async () => {
    const res = await hd.app.inject({ method: 'GET', url: '/api/helpdesk/v1/tickets/?page=2&per_page=5', headers: client });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 7, page: 2, per_page: 5 });
    expect(body.tickets).toHaveLength(2);
    for (const ticket of body.tickets) {
      expect(ticket.modified.startsWith('2030-01-')).toBe(true);
      expect(ticket.created).not.toBe(ticket.modified);
    }
  });

  it("the client's views carry the status slug, its client label and the last update, through the agents' shape's whitelist", async () => {
    const list = await hd.app.inject({ method: 'GET', url: '/api/helpdesk/v1/tickets/?per_page=100', headers: client });
    for (const ticket of list.json().tickets) expect(ticket.status).toEqual({ slug: 'open', name: 'Received' });
    const id = filed[0] as number;
    const one = await hd.app.inject({ method: 'GET', url: `/api/helpdesk/v1/tickets/${id}`, headers: client });
    expect(one.statusCode).toBe(200);
    const ticket = one.json();
    expect(ticket.status).toEqual({ slug: 'open', name: 'Received' });
    expect(ticket.modified).toBe('2030-01-01T00:00:00.000Z');
    expect(ticket.created).not.toBe(ticket.modified);
    // Nothing of the agents' side.
    expect(ticket).toMatchObject({ reason: null, urgency: null, product: null, assignee: null, meta: {}, other_tickets: [] });
  });
});
