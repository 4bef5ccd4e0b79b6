import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../../domain/content/post-types.js';
import {
  addNoteAs,
  anonymousCsrf,
  createAdmin,
  createAgent,
  createClient,
  createProduct,
  createTicket,
  replyAs,
  sessionHeaders,
  type TestTicket,
  type TestUser,
  userIdByEmail,
} from '../../../test/factories.js';
import { setRegistration } from '../../../test/fixtures.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';
import { withoutRequestId } from '../../../test/without-request-id.js';

type Headers = Record<string, string>;
type InboxPage = { tickets: Array<{ id: number; status: { slug: string } }>; total: number; counts: Record<string, number> };

describeEachDatabase('agent REST: inbox, ticket, replies and notes, changes, permissions', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let agent: Headers;
  let admin: Headers;
  let agentUser: TestUser;
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers = {}, payload?: object) =>
    hd.app.inject({ method, url: `/api/helpdesk/v1${url}`, headers, payload });
  const idOf = async (headers: Headers) => ((await call('GET', '/me', headers)).json() as { user: { id: number } }).user.id;

  beforeAll(async () => {
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    let adminUser: TestUser;
    [agentUser, adminUser] = await Promise.all([createAgent(hd), createAdmin(hd)]);
    [agent, admin] = [agentUser.headers, adminUser.headers];
  });

  describe('the inbox', () => {
    // Three tickets: `b` billing, high, of a product and assigned to the agent; `c` resolved; `a` with the latest activity.
    let product: Post;
    let a: TestTicket;
    let b: TestTicket;
    let c: TestTicket;
    let all: InboxPage;
    const list = async (query: string) => {
      const res = await call('GET', `/tickets/?${query}`, agent);
      expect(res.statusCode).toBe(200);
      return res.json() as InboxPage;
    };
    const ids = (page: { tickets: Array<{ id: number }> }) => page.tickets.map((t) => t.id);

    beforeAll(async () => {
      product = await createProduct(hd, { title: 'Inbox Product' });
      a = await createTicket(hd, { subject: 'Zebra printer jams', reason: undefined });
      b = await createTicket(hd, { subject: 'Refund please', product: product.id });
      c = await createTicket(hd, { subject: 'Cannot log in' });
      const changed = await call('PATCH', `/tickets/${b.id}`, agent, { reason: 'billing', urgency: 'high', assignee: agentUser.id });
      expect(changed.statusCode).toBe(200);
      expect((await call('PATCH', `/tickets/${c.id}`, agent, { status: 'resolved' })).statusCode).toBe(200);
      // A comment is activity: `a` comes first now.
      await addNoteAs(hd, agent, a.id, 'Looking into it');
      all = await list('per_page=100');
    });

    it('lists by last activity: a comment brings a ticket first', () => {
      expect(ids(all).slice(0, 3)).toEqual([a.id, b.id, c.id].sort((x, y) => (x === a.id ? -1 : y === a.id ? 1 : y - x)));
    });

    it('counts the tickets per status', () => {
      expect(all.counts.resolved).toBeGreaterThanOrEqual(1);
    });

    it('filters by status; an unknown status lists nothing', async () => {
      expect(ids(await list('status=resolved'))).toContain(c.id);
      expect(ids(await list('status=resolved'))).not.toContain(a.id);
      expect(ids(await list('status=no-such-status'))).toEqual([]);
    });

    it('filters by reason and urgency', async () => {
      expect(ids(await list('reason=billing&urgency=high'))).toEqual([b.id]);
    });

    it('filters by product', async () => {
      expect(ids(await list(`product=${product.id}`))).toEqual([b.id]);
    });

    it('filters by assignee: me, and none', async () => {
      expect(ids(await list('assignee=me'))).toEqual([b.id]);
      expect(ids(await list('assignee=none'))).not.toContain(b.id);
    });

    it('searches the text of the tickets', async () => {
      expect(ids(await list('search=zebra'))).toEqual([a.id]);
    });

    it('searches by ticket number written #N', async () => {
      expect(ids(await list(`search=%23${c.number}`))).toEqual([c.id]);
    });

    it('searches by the client’s email', async () => {
      expect(ids(await list(`search=${encodeURIComponent(b.email)}`))).toEqual([b.id]);
    });

    it('a search for a percent sign matches it literally, not as a wildcard', async () => {
      expect(ids(await list('search=100%25'))).toEqual([]);
    });

    it('counts ignore the status filter but honour the others', async () => {
      const billing = await list('reason=billing&status=resolved');
      expect(billing.total).toBe(0);
      expect(billing.counts.open).toBe(1);
    });

    it('pages, and refuses a page larger than the limit', async () => {
      const page1 = await list('per_page=1&page=1');
      const page2 = await list('per_page=1&page=2');
      expect(page1.total).toBe(all.total);
      expect(ids(page2)).toEqual([ids(all)[1]]);
      expect((await call('GET', '/tickets/?per_page=500', agent)).statusCode).toBe(400);
    });
  });

  it('one ticket: thread with notes for agents, meta and the client’s other tickets; a reply moves it to In Progress', async () => {
    const first = await createTicket(hd, { order_id: 'A-1001' });
    const second = await createTicket(hd, { email: first.email, subject: 'Second question' });
    // An internal note never moves the status the client sees.
    expect(await addNoteAs(hd, agent, second.id, 'Customer is on the old plan')).toEqual({ id: expect.any(Number), moved_to: null });
    await call('PATCH', `/tickets/${second.id}`, agent, { status: 'open' });
    expect(await replyAs(hd, agent, second.id, 'We fixed it.')).toEqual({ id: expect.any(Number), moved_to: 'in-progress' });

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
    const t = await createTicket(hd);
    const product = await createProduct(hd, { title: 'Changed Product' });
    const agentId = agentUser.id;
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
    expect((await call('PATCH', `/tickets/${t.id}`, agent, { assignee: (await createClient(hd)).id })).statusCode).toBe(400);
  });

  describe('permissions', () => {
    it('a client reads only their own ticket, never notes; another client’s ticket is a 404 like a missing one', async () => {
      const mine = await createTicket(hd, { subject: 'Mine' });
      const theirs = await createTicket(hd, { subject: 'Theirs' });
      await addNoteAs(hd, agent, mine.id, 'SECRET internal note');
      await replyAs(hd, agent, mine.id, 'Public answer');
      const client = await sessionHeaders(hd, await userIdByEmail(hd, mine.email));

      const own = await call('GET', `/tickets/${mine.id}`, client);
      expect(own.statusCode).toBe(200);
      expect(own.body).not.toContain('SECRET');
      expect(own.json().comments.map((c: { text: string }) => c.text)).toEqual(['Public answer']);
      expect(own.json().meta).toEqual({});

      const other = await call('GET', `/tickets/${theirs.id}`, client);
      const missing = await call('GET', '/tickets/999999', client);
      expect(other.statusCode).toBe(404);
      expect(withoutRequestId(other.json())).toEqual(withoutRequestId(missing.json()));
      expect((await call('POST', `/tickets/${theirs.id}/comments`, client, { text: 'hi' })).statusCode).toBe(404);
      expect((await call('PATCH', `/tickets/${mine.id}`, client, { status: 'closed' })).statusCode).toBe(404);
      expect((await call('POST', `/tickets/${mine.id}/comments`, client, { text: 'note?', internal: true })).statusCode).toBe(403);

      // Their own list holds only their tickets.
      const list = (await call('GET', '/tickets/', client)).json() as { tickets: Array<{ id: number }> };
      expect(list.tickets.map((t) => t.id)).toEqual([mine.id]);

      expect(await replyAs(hd, client, mine.id, 'Thanks')).toMatchObject({ moved_to: 'waiting' });
    });

    it('a client Bearer token cannot read the inbox or statuses', async () => {
      const client = (await createClient(hd)).headers;
      expect((await call('GET', '/tickets/', client)).json()).toMatchObject({ tickets: [], total: 0 });
      expect((await call('GET', '/statuses/', client)).statusCode).toBe(403);
      expect((await call('GET', '/tickets/', {})).statusCode).toBe(401);
    });

    it('agents cannot change settings or statuses, or manage users; admins can', async () => {
      expect((await call('PATCH', '/settings', agent, { tickets: { change_status: false } })).statusCode).toBe(403);
      expect((await call('GET', '/settings/schema', agent)).statusCode).toBe(403);
      expect((await call('POST', '/statuses/', agent, { name: 'On hold' })).statusCode).toBe(403);
      expect((await call('PATCH', `/users/${agentUser.id}`, agent, { role: 'admin' })).statusCode).toBe(403);
      expect((await call('GET', '/users/', agent)).statusCode).toBe(200);
      expect((await call('PATCH', '/settings', admin, { tickets: { change_status: true } })).statusCode).toBe(200);
    });

    it('clients and anonymous callers cannot list staff or change, answer or read tickets', async () => {
      const client = (await createClient(hd)).headers;
      const t = await createTicket(hd);
      expect((await call('GET', '/users/', client)).statusCode).toBe(403);
      expect((await call('GET', '/users/', {})).statusCode).toBe(401);
      expect((await call('PATCH', `/tickets/${t.id}`, {}, { status: 'closed' })).statusCode).toBe(401);
      expect((await call('POST', `/tickets/${t.id}/comments`, {}, { text: 'anonymous' })).statusCode).toBe(401);
      expect((await call('GET', `/tickets/${t.id}`, {})).statusCode).toBe(401);
    });

    it('a client with a password is refused by the admin app’s sign-in', async () => {
      const email = `client-pw-${process.pid}@client.test`;
      await call('POST', '/users/', admin, { email, name: 'Pat Client', role: 'client', password: 'client password 1' });
      const signIn = await call('POST', '/session', (await anonymousCsrf(hd)).headers, { email, password: 'client password 1' });
      expect(signIn.statusCode).toBe(401);
      expect(signIn.cookies.find((c) => c.name === 'hd_session')).toBeUndefined();
    });

    it('demoting admins stops at the last one', async () => {
      const self = await idOf(admin);
      const others = ((await call('GET', '/users/', admin)).json() as Array<{ id: number; role: string }>).filter(
        (u) => u.role === 'admin' && u.id !== self,
      );
      for (const other of others) expect((await call('PATCH', `/users/${other.id}`, admin, { role: 'agent' })).statusCode).toBe(200);
      const last = await call('PATCH', `/users/${self}`, admin, { role: 'agent' });
      expect(last.statusCode).toBe(400);
      expect(last.json().errors[0].field).toBe('role');
      for (const other of others) await call('PATCH', `/users/${other.id}`, admin, { role: 'admin' });
    });

    it('session writes need the X-CSRF-Token header: without it or with a wrong one a 403', async () => {
      const email = `signin-${process.pid}@staff.test`;
      const created = await call('POST', '/users/', admin, { email, name: 'Sam Agent', role: 'agent', password: 'correct horse battery' });
      expect(created.statusCode).toBe(201);
      const { cookie: csrfCookie, token: csrf } = await anonymousCsrf(hd);
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

      const t = await createTicket(hd);
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
    expect((await call('GET', '/posts/?type=doc', (await createClient(hd)).headers)).statusCode).toBe(403);
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
    const t = await createTicket(hd);
    expect((await call('GET', `/tickets/${t.id}`, agent)).json().status).toEqual({ slug: 'on-hold', name: 'Paused' });
    await call('PATCH', `/tickets/${t.id}`, agent, { status: 'open' });
    await call('PATCH', `/statuses/${added.json().id}`, admin, { order: 99 });
    expect((await call('DELETE', `/statuses/${added.json().id}`, admin)).statusCode).toBe(204);
  });
});
