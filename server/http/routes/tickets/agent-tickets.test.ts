import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../../auth/sessions.js';
import { makeProduct, setRegistration, ticketPayload } from '../../../test/fixtures.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

type Headers = Record<string, string>;

describeEachDatabase('agent REST: inbox, ticket, replies and notes, changes, permissions', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let agent: Headers;
  let admin: Headers;
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers = {}, payload?: object) =>
    hd.app.inject({ method, url: `/api/helpdesk/v1${url}`, headers, payload });
  const idOf = async (headers: Headers) => ((await call('GET', '/me', headers)).json() as { user: { id: number } }).user.id;
  // Files a ticket from a new client; returns its id and a Bearer header for that client.
  const fileTicket = async (overrides: Record<string, unknown> = {}) => {
    const payload = ticketPayload(overrides);
    const res = await call('POST', '/tickets/', {}, payload);
    expect(res.statusCode).toBe(201);
    const { id, number } = res.json() as { id: number; number: number };
    return { id, number, email: payload.email as string };
  };

  beforeAll(async () => {
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    [agent, admin] = await Promise.all([hd.authAs('agent'), hd.authAs('admin')]);
  });

  it(
    'the inbox lists by last activity, filters by status, reason, urgency, ' +
      'product, assignee, client and text, pages, and counts per status',
    async () => {
      const product = await makeProduct(hd.ctx, 'Inbox Product');
      const a = await fileTicket({ subject: 'Zebra printer jams', reason: undefined });
      const b = await fileTicket({ subject: 'Refund please', product: product.id });
      const c = await fileTicket({ subject: 'Cannot log in' });
      const agentId = await idOf(agent);
      expect((await call('PATCH', `/tickets/${b.id}`, agent, { reason: 'billing', urgency: 'high', assignee: agentId })).statusCode).toBe(
        200,
      );
      expect((await call('PATCH', `/tickets/${c.id}`, agent, { status: 'resolved' })).statusCode).toBe(200);
      // A comment is activity: `a` comes first now.
      expect((await call('POST', `/tickets/${a.id}/comments`, agent, { text: 'Looking into it', internal: true })).statusCode).toBe(201);

      const list = async (query: string) => {
        const res = await call('GET', `/tickets/?${query}`, agent);
        expect(res.statusCode).toBe(200);
        return res.json() as { tickets: Array<{ id: number; status: { slug: string } }>; total: number; counts: Record<string, number> };
      };
      const ids = (page: { tickets: Array<{ id: number }> }) => page.tickets.map((t) => t.id);
      const all = await list('per_page=100');
      expect(ids(all).slice(0, 3)).toEqual([a.id, b.id, c.id].sort((x, y) => (x === a.id ? -1 : y === a.id ? 1 : y - x)));
      expect(all.counts.resolved).toBeGreaterThanOrEqual(1);
      expect(ids(await list('status=resolved'))).toContain(c.id);
      expect(ids(await list('status=resolved'))).not.toContain(a.id);
      expect(ids(await list('reason=billing&urgency=high'))).toEqual([b.id]);
      expect(ids(await list(`product=${product.id}`))).toEqual([b.id]);
      expect(ids(await list('assignee=me'))).toEqual([b.id]);
      expect(ids(await list('assignee=none'))).not.toContain(b.id);
      expect(ids(await list('search=zebra'))).toEqual([a.id]);
      expect(ids(await list(`search=%23${c.number}`))).toEqual([c.id]);
      expect(ids(await list(`search=${encodeURIComponent(b.email)}`))).toEqual([b.id]);
      expect(ids(await list('search=100%25'))).toEqual([]);
      expect(ids(await list('status=no-such-status'))).toEqual([]);

      // Counts ignore the status filter but honour the others.
      const billing = await list('reason=billing&status=resolved');
      expect(billing.total).toBe(0);
      expect(billing.counts.open).toBe(1);

      const page1 = await list('per_page=1&page=1');
      const page2 = await list('per_page=1&page=2');
      expect(page1.total).toBe(all.total);
      expect(ids(page2)).toEqual([ids(all)[1]]);
      expect((await call('GET', '/tickets/?per_page=500', agent)).statusCode).toBe(400);
    },
  );

  it('one ticket: thread with notes for agents, meta and the client’s other tickets; a reply moves it to In Progress', async () => {
    const first = await fileTicket({ order_id: 'A-1001' });
    const second = await fileTicket({ email: first.email, subject: 'Second question' });
    const note = await call('POST', `/tickets/${second.id}/comments`, agent, { text: 'Customer is on the old plan', internal: true });
    // An internal note never moves the status the client sees.
    expect(note.json()).toEqual({ id: expect.any(Number), moved_to: null });
    await call('PATCH', `/tickets/${second.id}`, agent, { status: 'open' });
    const reply = await call('POST', `/tickets/${second.id}/comments`, agent, { text: 'We fixed it.' });
    expect(reply.json()).toEqual({ id: expect.any(Number), moved_to: 'in-progress' });

    const view = (await call('GET', `/tickets/${second.id}`, agent)).json();
    expect(view.status).toEqual({ slug: 'in-progress', name: 'In Progress' });
    expect(view.comments.map((c: { text: string; internal: boolean }) => [c.text, c.internal])).toEqual([
      ['Customer is on the old plan', true],
      ['We fixed it.', false],
    ]);
    expect(view.other_tickets.map((t: { id: number }) => t.id)).toEqual([first.id]);
    expect((await call('GET', `/tickets/${first.id}`, agent)).json().meta).toEqual({ order: 'A-1001' });
    expect((await call('GET', '/tickets/999999', agent)).statusCode).toBe(404);
  });

  it('changes status by hand, reason, urgency, product and assignee; refuses unknown values', async () => {
    const t = await fileTicket();
    const product = await makeProduct(hd.ctx, 'Changed Product');
    const agentId = await idOf(agent);
    const changed = await call('PATCH', `/tickets/${t.id}`, agent, {
      status: 'waiting',
      reason: 'problem',
      urgency: 'urgent',
      product: product.id,
      assignee: agentId,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      status: { slug: 'waiting' },
      reason: { slug: 'problem' },
      urgency: { slug: 'urgent' },
      product: product.id,
      assignee: { id: agentId },
    });
    const cleared = await call('PATCH', `/tickets/${t.id}`, agent, { reason: null, assignee: null, product: null });
    expect(cleared.json()).toMatchObject({ reason: null, assignee: null, product: null, status: { slug: 'waiting' } });
    for (const bad of [{ status: 'nope' }, { status: null }, { assignee: 999999 }, { product: 999999 }, {}]) {
      expect((await call('PATCH', `/tickets/${t.id}`, agent, bad)).statusCode).toBe(400);
    }
    // A client account is not an assignee.
    const clientHeaders = await hd.authAs('client');
    expect((await call('PATCH', `/tickets/${t.id}`, agent, { assignee: await idOf(clientHeaders) })).statusCode).toBe(400);
  });

  describe('permissions', () => {
    it('a client reads only their own ticket, never notes; another client’s ticket is a 404 like a missing one', async () => {
      const mine = await fileTicket({ subject: 'Mine' });
      const theirs = await fileTicket({ subject: 'Theirs' });
      await call('POST', `/tickets/${mine.id}/comments`, agent, { text: 'SECRET internal note', internal: true });
      await call('POST', `/tickets/${mine.id}/comments`, agent, { text: 'Public answer' });
      const user = await hd.ctx.db.selectFrom('users').select('id').where('email', '=', mine.email).executeTakeFirstOrThrow();
      const session = await createSession(hd.ctx.db, user.id);
      const me = await call('GET', '/me', { cookie: `hd_session=${session}` });
      const csrfCookie = me.cookies.find((c) => c.name === 'hd_csrf')?.value as string;
      const client = {
        cookie: `hd_session=${session}; hd_csrf=${csrfCookie}`,
        'x-csrf-token': (me.json() as { csrf_token: string }).csrf_token,
      };

      const own = await call('GET', `/tickets/${mine.id}`, client);
      expect(own.statusCode).toBe(200);
      expect(own.body).not.toContain('SECRET');
      expect(own.json().comments.map((c: { text: string }) => c.text)).toEqual(['Public answer']);
      expect(own.json().meta).toEqual({});

      const other = await call('GET', `/tickets/${theirs.id}`, client);
      const missing = await call('GET', '/tickets/999999', client);
      expect(other.statusCode).toBe(404);
      expect(other.json()).toEqual(missing.json());
      expect((await call('POST', `/tickets/${theirs.id}/comments`, client, { text: 'hi' })).statusCode).toBe(404);
      expect((await call('PATCH', `/tickets/${mine.id}`, client, { status: 'closed' })).statusCode).toBe(404);
      expect((await call('POST', `/tickets/${mine.id}/comments`, client, { text: 'note?', internal: true })).statusCode).toBe(403);

      // Their own list holds only their tickets.
      const list = (await call('GET', '/tickets/', client)).json() as { tickets: Array<{ id: number }> };
      expect(list.tickets.map((t) => t.id)).toEqual([mine.id]);

      const replied = await call('POST', `/tickets/${mine.id}/comments`, client, { text: 'Thanks' });
      expect(replied.json()).toMatchObject({ moved_to: 'waiting' });
    });

    it('a client Bearer token cannot read the inbox or statuses', async () => {
      const client = await hd.authAs('client');
      expect((await call('GET', '/tickets/', client)).json()).toMatchObject({ tickets: [], total: 0 });
      expect((await call('GET', '/statuses/', client)).statusCode).toBe(403);
      expect((await call('GET', '/tickets/', {})).statusCode).toBe(401);
    });

    it('agents cannot change settings or statuses, or manage users; admins can', async () => {
      expect((await call('PATCH', '/settings', agent, { tickets: { change_status: false } })).statusCode).toBe(403);
      expect((await call('GET', '/settings/schema', agent)).statusCode).toBe(403);
      expect((await call('POST', '/statuses/', agent, { name: 'On hold' })).statusCode).toBe(403);
      expect((await call('PATCH', `/users/${await idOf(agent)}`, agent, { role: 'admin' })).statusCode).toBe(403);
      expect((await call('GET', '/users/', agent)).statusCode).toBe(200);
      expect((await call('PATCH', '/settings', admin, { tickets: { change_status: true } })).statusCode).toBe(200);
    });

    it(
      'clients and anonymous callers cannot list staff, change tickets or ' + 'sign in to the admin app; the last admin stays an admin',
      async () => {
        const client = await hd.authAs('client');
        const t = await fileTicket();
        expect((await call('GET', '/users/', client)).statusCode).toBe(403);
        expect((await call('GET', '/users/', {})).statusCode).toBe(401);
        expect((await call('PATCH', `/tickets/${t.id}`, {}, { status: 'closed' })).statusCode).toBe(401);
        expect((await call('POST', `/tickets/${t.id}/comments`, {}, { text: 'anonymous' })).statusCode).toBe(401);
        expect((await call('GET', `/tickets/${t.id}`, {})).statusCode).toBe(401);

        // A client with a password is still refused by the staff sign-in.
        const email = `client-pw-${process.pid}@client.test`;
        await call('POST', '/users/', admin, { email, name: 'Pat Client', role: 'client', password: 'client password 1' });
        const me = await call('GET', '/me');
        const csrfCookie = me.cookies.find((c) => c.name === 'hd_csrf')?.value as string;
        const signIn = await call(
          'POST',
          '/session',
          { cookie: `hd_csrf=${csrfCookie}`, 'x-csrf-token': (me.json() as { csrf_token: string }).csrf_token },
          { email, password: 'client password 1' },
        );
        expect(signIn.statusCode).toBe(401);
        expect(signIn.cookies.find((c) => c.name === 'hd_session')).toBeUndefined();

        // Demoting admins stops at the last one.
        const self = await idOf(admin);
        const others = ((await call('GET', '/users/', admin)).json() as Array<{ id: number; role: string }>).filter(
          (u) => u.role === 'admin' && u.id !== self,
        );
        for (const other of others) expect((await call('PATCH', `/users/${other.id}`, admin, { role: 'agent' })).statusCode).toBe(200);
        const last = await call('PATCH', `/users/${self}`, admin, { role: 'agent' });
        expect(last.statusCode).toBe(400);
        expect(last.json().errors[0].field).toBe('role');
        for (const other of others) await call('PATCH', `/users/${other.id}`, admin, { role: 'admin' });
      },
    );

    it('session writes need the X-CSRF-Token header: without it or with a wrong one a 403', async () => {
      const email = `signin-${process.pid}@staff.test`;
      const created = await call('POST', '/users/', admin, { email, name: 'Sam Agent', role: 'agent', password: 'correct horse battery' });
      expect(created.statusCode).toBe(201);
      const me = await call('GET', '/me');
      const csrfCookie = me.cookies.find((c) => c.name === 'hd_csrf')?.value as string;
      const csrf = (me.json() as { csrf_token: string }).csrf_token;
      const signIn = (headers: Headers, password = 'correct horse battery') =>
        call('POST', '/session', { cookie: `hd_csrf=${csrfCookie}`, ...headers }, { email, password });
      expect((await signIn({})).statusCode).toBe(403);
      expect((await signIn({ 'x-csrf-token': csrf }, 'wrong password!')).statusCode).toBe(401);
      const ok = await signIn({ 'x-csrf-token': csrf });
      expect(ok.statusCode).toBe(200);
      const cookies = (res: LightMyRequestResponse) => Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
      const jar = cookies(ok);
      const cookie = `hd_session=${jar.hd_session}; hd_csrf=${jar.hd_csrf}`;
      const token = (ok.json() as { csrf_token: string }).csrf_token;
      expect(token).not.toBe(csrf);

      const t = await fileTicket();
      expect((await call('GET', `/tickets/${t.id}`, { cookie })).statusCode).toBe(200);
      expect((await call('PATCH', `/tickets/${t.id}`, { cookie }, { status: 'closed' })).statusCode).toBe(403);
      expect((await call('PATCH', `/tickets/${t.id}`, { cookie, 'x-csrf-token': csrf }, { status: 'closed' })).statusCode).toBe(403);
      expect((await call('PATCH', `/tickets/${t.id}`, { cookie, 'x-csrf-token': token }, { status: 'closed' })).statusCode).toBe(200);
      // A client account cannot sign in to the admin app.
      expect((await call('DELETE', '/session', { cookie, 'x-csrf-token': token })).statusCode).toBe(204);
      expect((await call('GET', `/tickets/${t.id}`, { cookie })).statusCode).toBe(401);
    });
  });

  it('the editors list docs with drafts and whole contents; clients cannot', async () => {
    const long = `Step one.\n\n${'More words. '.repeat(100)}`;
    const doc = await call('POST', '/docs/', agent, { title: 'Draft doc', content: long, status: 'draft' });
    expect(doc.statusCode).toBe(201);
    const list = (await call('GET', '/posts/?type=doc', agent)).json() as Array<{ id: number; content: string; status: string }>;
    expect(list.find((d) => d.id === doc.json().id)).toMatchObject({ content: long, status: 'draft' });
    expect((await call('GET', '/posts/?type=doc', await hd.authAs('client'))).statusCode).toBe(403);
    expect((await call('GET', '/posts/?type=ticket', agent)).statusCode).toBe(400);
  });

  it('admins add, rename and order statuses; the first is the initial one; workflow statuses cannot be removed', async () => {
    const added = await call('POST', '/statuses/', admin, { name: 'On hold', order: 3 });
    expect(added.statusCode).toBe(201);
    expect((await call('PATCH', `/statuses/${added.json().id}`, admin, { name: 'Paused' })).json()).toMatchObject({
      name: 'Paused',
      slug: 'on-hold',
    });
    const statuses = (await call('GET', '/statuses/', agent)).json() as Array<{ id: number; slug: string }>;
    expect(statuses.map((s) => s.slug)).toContain('on-hold');
    const waiting = statuses.find((s) => s.slug === 'waiting') as { id: number };
    expect((await call('DELETE', `/statuses/${waiting.id}`, admin)).statusCode).toBe(409);
    expect((await call('PATCH', `/statuses/${waiting.id}`, admin, { slug: 'pending' })).statusCode).toBe(400);
    expect((await call('PATCH', `/statuses/${waiting.id}`, admin, { name: 'Awaiting reply' })).statusCode).toBe(200);

    // Put "On hold" first: new tickets start there.
    await call('PATCH', `/statuses/${added.json().id}`, admin, { order: -10 });
    const t = await fileTicket();
    expect((await call('GET', `/tickets/${t.id}`, agent)).json().status).toEqual({ slug: 'on-hold', name: 'Paused' });
    await call('PATCH', `/tickets/${t.id}`, agent, { status: 'open' });
    await call('PATCH', `/statuses/${added.json().id}`, admin, { order: 99 });
    expect((await call('DELETE', `/statuses/${added.json().id}`, admin)).statusCode).toBe(204);
  });
});
