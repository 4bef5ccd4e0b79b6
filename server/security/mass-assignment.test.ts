import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../auth/sessions.js';
import { updateSettings } from '../settings/settings.js';
import { accountLinkIn } from '../test/account-links.js';
import { createAgent, createClient, createTicket, signedInBrowser, userIdByEmail } from '../test/factories.js';
import { countRows, firstTermId, relaxIntakeLimits, setRegistration, ticketPayload } from '../test/fixtures.js';
import { csrfIn, memoryMail, SiteClient } from '../test/site-client.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';

// Mass assignment: an anonymous caller (or a signed-in client on the help site) sends every field that
// names an owner, a role, a status, a date, a type, an id or an internal flag. None may take effect;
// the stored rows are checked, not only the answer. Spec §4.3 rule 1 (user_id, author, status) is also
// in tickets.test.ts; this covers the rest of the list and the prototype keys.

const URL_TICKETS = '/api/helpdesk/v1/tickets/';
const LONG_AGO = '2001-01-01T00:00:00.000Z';

describeEachDatabase('attacks: mass assignment', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let victim: { id: number; email: string };
  let agentId: number;
  let closed: number;

  beforeAll(async () => {
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    agentId = (await createAgent(hd)).id;
    const { email } = await createTicket(hd);
    victim = { id: await userIdByEmail(hd, email), email };
    closed = await firstTermId(hd.ctx, 'ticket_status', 'closed');
  });

  /** Every field an attacker might hope the route copies into a row. */
  const hostileFields = () => ({
    user_id: victim.id,
    user: victim.id,
    author: victim.id,
    author_id: victim.id,
    owner: victim.id,
    role: 'admin',
    status: closed,
    post_status: 'draft',
    assignee: agentId,
    assignee_id: agentId,
    created_at: LONG_AGO,
    updated_at: LONG_AGO,
    date: LONG_AGO,
    post_type: 'doc',
    type: 'doc',
    id: 1,
    ID: 1,
    is_internal: 1,
    internal: true,
    password_hash: 'scrypt$1$1$1$x$y',
    slug: 'hijacked',
    constructor: 'x',
    prototype: { role: 'admin' },
  });

  async function expectPlainTicket(id: number, email: string) {
    const row = await hd.ctx.db
      .selectFrom('posts as p')
      .innerJoin('users as u', 'u.id', 'p.author_id')
      .select([
        'p.id',
        'p.type',
        'p.status',
        'p.slug',
        'p.assignee_id',
        'p.author_id',
        'p.created_at',
        'p.updated_at',
        'u.email',
        'u.role',
        'u.password_hash',
      ])
      .where('p.id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ type: 'ticket', status: 'publish', slug: '', assignee_id: null, email, role: 'client' });
    expect(row.password_hash).not.toBe(hostileFields().password_hash);
    expect(row.author_id).not.toBe(victim.id);
    expect(row.id).not.toBe(1);
    expect(row.created_at > '2020').toBe(true);
    expect(row.updated_at).toBe(row.created_at);
    const status = await hd.ctx.db
      .selectFrom('term_relationships')
      .select('term_id')
      .where('post_id', '=', id)
      .where('taxonomy', '=', 'ticket_status')
      .executeTakeFirstOrThrow();
    expect(status.term_id).toBe(await firstTermId(hd.ctx, 'ticket_status', 'open'));
    expect(await hd.ctx.db.selectFrom('post_meta').select('meta_key').where('post_id', '=', id).execute()).toEqual([]);
    expect(await hd.ctx.db.selectFrom('comments').select('id').where('post_id', '=', id).execute()).toEqual([]);
  }

  it('a JSON body naming owners, roles, statuses, dates, types, ids and flags files a plain ticket for the email', async () => {
    const payload = ticketPayload(hostileFields());
    const res = await hd.app.inject({ method: 'POST', url: URL_TICKETS, payload });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), number: expect.any(Number), status: 'open' });
    await expectPlainTicket(res.json().id, payload.email);
  });

  it('the same fields in a form body (and bracketed and prototype keys) change nothing either', async () => {
    const payload = ticketPayload();
    const form = new URLSearchParams(
      Object.entries({ ...payload, ...hostileFields() }).map(([k, v]): [string, string] => [
        k,
        typeof v === 'object' ? JSON.stringify(v) : String(v),
      ]),
    );
    for (const [key, value] of [
      ['__proto__', 'admin'],
      ['__proto__[role]', 'admin'],
      ['constructor[prototype][role]', 'admin'],
      ['constructor', 'x'],
      ['prototype', 'x'],
      ['user[role]', 'admin'],
    ]) {
      form.append(key as string, value as string);
    }
    const res = await hd.app.inject({
      method: 'POST',
      url: URL_TICKETS,
      payload: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(201);
    await expectPlainTicket(res.json().id, payload.email);
    expect(({} as Record<string, unknown>).role).toBeUndefined();
  });

  it.each([
    ['__proto__ with a role', '"__proto__":{"role":"admin"}'],
    ['__proto__ holding an owner and a status', '"__proto__":{"user_id":1,"status":5}'],
    ['constructor.prototype', '"constructor":{"prototype":{"role":"admin"}}'],
    ['a nested __proto__', '"meta":{"__proto__":{"isAdmin":true}}'],
  ])('JSON with %s is a 400 problem; nothing is stored and Object.prototype stays clean', async (_label, extra) => {
    // JSON.stringify drops a literal __proto__ key, so the body is written as text.
    const body = `${JSON.stringify(ticketPayload()).slice(0, -1)},${extra}}`;
    const before = await countRows(hd.ctx);
    const res = await hd.app.inject({ method: 'POST', url: URL_TICKETS, payload: body, headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status: 400, code: 'MALFORMED_BODY' });
    expect(await countRows(hd.ctx)).toEqual(before);
    expect(({} as Record<string, unknown>).role).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('role');
  });

  describe('help-site forms, with password sign-in on', () => {
    beforeAll(() => updateSettings(hd.ctx, { login: { method: 'password' } }));
    afterAll(() => updateSettings(hd.ctx, { login: { method: 'email_link' } }));

    it('sign-up, and the confirmation link’s form, cannot choose a role or an id', async () => {
      const browser = new SiteClient(hd.app);
      const email = `signup-${process.pid}@client.test`;
      const hostileAccount = { role: 'admin', user_role: 'administrator', password_hash: 'x', id: '1' };
      const signup = await browser.submit('/login/', '/signup/', { name: 'Sid', email, password: 'long enough pw', ...hostileAccount });
      expect(signup.statusCode).toBe(303);
      // The account is made by the mailed confirmation link's form, which takes no more than the password either.
      const confirmation = (await memoryMail(hd).drain()).find((m) => m.to === email);
      const link = accountLinkIn(confirmation?.text ?? '', hd.config.homeUrl);
      const page = await browser.get(link);
      const token = new URL(link, 'http://x').searchParams.get('token') as string;
      const confirmed = await browser.post('/login/confirm/', {
        _csrf: csrfIn(page.body),
        token,
        password: 'long enough pw',
        ...hostileAccount,
      });
      expect(confirmed.statusCode).toBe(303);
      const account = await hd.ctx.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
      expect(account.role).toBe('client');
      expect(account.id).not.toBe(1);
    });

    /** A new ticket filed on the help site by a signed-in client whose form carries every hostile field. */
    const fileWithHostileFields = async (browser: SiteClient) => {
      const created = await browser.submit('/tickets/new/', '/account/new-ticket/', {
        subject: 'Mine',
        description: 'Body',
        return_to: '/tickets/new/',
        ...Object.fromEntries(
          Object.entries(hostileFields()).map(([k, v]): [string, string] => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]),
        ),
        email: victim.email,
        name: 'Not Sid',
      });
      expect(created.statusCode).toBe(303);
      const ticketNumber = Number(new URL(String(created.headers.location)).searchParams.get('ticket'));
      const { id: ticketId } = await hd.ctx.db
        .selectFrom('posts')
        .select('id')
        .where('number', '=', ticketNumber)
        .executeTakeFirstOrThrow();
      return { ticketId, ticketNumber };
    };

    it('a new ticket cannot choose its owner or status', async () => {
      const client = await createClient(hd);
      const { ticketId } = await fileWithHostileFields(await signedInBrowser(hd, client.id));
      await expectPlainTicket(ticketId, client.email);
    });

    it('a reply cannot be a note or an agent reply', async () => {
      const client = await createClient(hd);
      const browser = await signedInBrowser(hd, client.id);
      const { ticketId, ticketNumber } = await fileWithHostileFields(browser);
      const reply = await browser.submit(`/tickets/?ticket=${ticketNumber}`, '/account/reply/', {
        ticket_id: String(ticketId),
        text: 'Client words',
        return_to: '/tickets/',
        is_internal: '1',
        internal: '1',
        role: 'agent',
        author_role: 'agent',
        author_id: String(agentId),
      });
      expect(reply.statusCode).toBe(303);
      const comment = await hd.ctx.db
        .selectFrom('comments as c')
        .innerJoin('comment_meta as m', 'm.comment_id', 'c.id')
        .select(['c.author_id', 'c.author_role', 'm.meta_value'])
        .where('c.post_id', '=', ticketId)
        .where('m.meta_key', '=', 'is_internal')
        .executeTakeFirstOrThrow();
      expect(comment).toEqual({ author_id: client.id, author_role: 'client', meta_value: '0' });
    });
  });

  it("a signed-in client on the agents' API cannot write a note or change a ticket, whatever the body says", async () => {
    const session = await createSession(hd.ctx.db, victim.id);
    const me = await hd.app.inject({ method: 'GET', url: '/api/helpdesk/v1/me', headers: { cookie: `hd_session=${session}` } });
    const csrf = me.cookies.find((c) => c.name === 'hd_csrf')?.value as string;
    const headers = { cookie: `hd_session=${session}; hd_csrf=${csrf}`, 'x-csrf-token': (me.json() as { csrf_token: string }).csrf_token };
    const [own] = await hd.ctx.db.selectFrom('posts').select('id').where('author_id', '=', victim.id).execute();
    const id = own?.id as number;
    const before = await countRows(hd.ctx);
    const note = await hd.app.inject({
      method: 'POST',
      url: `/api/helpdesk/v1/tickets/${id}/comments`,
      headers,
      payload: { text: 'x', internal: true },
    });
    expect(note.statusCode).toBe(403);
    const patch = await hd.app.inject({
      method: 'PATCH',
      url: `/api/helpdesk/v1/tickets/${id}`,
      headers,
      payload: { status: 'closed', assignee: agentId },
    });
    expect(patch.statusCode).toBe(404);
    expect(await countRows(hd.ctx)).toEqual(before);
  });
});
