import { beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../test/api-client.js';
import { countRows, firstTermId, makeProduct, relaxIntakeLimits, setRegistration, ticketPayload } from '../../../test/fixtures.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

const URL_TICKETS = '/api/helpdesk/v1/tickets/';

describeEachDatabase('POST /tickets/', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  // The intake limits have their own tests (intake.test.ts); these file many tickets from one address.
  beforeAll(() => relaxIntakeLimits(hd.ctx));
  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    hd.app.inject({ method: 'POST', url: URL_TICKETS, payload: payload as object, headers });

  describe('account creation (spec §5.3–5.5)', () => {
    const cases = [
      { anyoneCanRegister: false, createAccounts: false, accepted: false },
      { anyoneCanRegister: true, createAccounts: false, accepted: true },
      { anyoneCanRegister: false, createAccounts: true, accepted: true },
      { anyoneCanRegister: true, createAccounts: true, accepted: true },
    ];
    for (const settings of cases) {
      it(
        `unknown email with "Anyone can register" ${settings.anyoneCanRegister} ` +
          `and "Create accounts" ${settings.createAccounts} → ` +
          `${settings.accepted ? 201 : 403}`,
        async () => {
          await setRegistration(hd.ctx, settings);
          const before = await countRows(hd.ctx);
          const res = await post(ticketPayload());
          if (settings.accepted) {
            expect(res.statusCode).toBe(201);
            expect(res.json()).toEqual({ id: expect.any(Number), number: expect.any(Number), status: 'open' });
          } else {
            expect(res.statusCode).toBe(403);
            expect(res.headers['content-type']).toContain('application/problem+json');
            expect(res.json()).toMatchObject({
              status: 403,
              code: 'REGISTRATION_CLOSED',
              detail: expect.stringContaining('already have an account'),
            });
            expect(await countRows(hd.ctx)).toEqual(before);
          }
        },
      );
    }

    it('helpdesk_can_register_users returning false refuses even with both settings on, and stores nothing', async () => {
      await setRegistration(hd.ctx, { anyoneCanRegister: true, createAccounts: true });
      const seen: boolean[] = [];
      hd.hooks.addFilter('helpdesk_can_register_users', 'test/deny', (allowed) => {
        seen.push(allowed);
        return false;
      });
      try {
        const before = await countRows(hd.ctx);
        const res = await post(ticketPayload());
        expect(res.statusCode).toBe(403);
        expect(seen).toEqual([true]);
        expect(await countRows(hd.ctx)).toEqual(before);
      } finally {
        hd.hooks.removeFilter('helpdesk_can_register_users', 'test/deny');
      }
    });

    it('helpdesk_can_register_users returning false still files for an existing account, making none', async () => {
      await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
      const payload = ticketPayload();
      expect((await post(payload)).statusCode).toBe(201);
      hd.hooks.addFilter('helpdesk_can_register_users', 'test/deny-existing', () => false);
      try {
        const before = await countRows(hd.ctx);
        expect((await post({ ...payload, subject: 'Another question' })).statusCode).toBe(201);
        const after = await countRows(hd.ctx);
        expect(after.users).toBe(before.users);
        expect(after.posts).toBe((before.posts ?? 0) + 1);
      } finally {
        hd.hooks.removeFilter('helpdesk_can_register_users', 'test/deny-existing');
      }
    });

    it('helpdesk_can_register_users receives false when both settings are off, and may allow', async () => {
      await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: false });
      const seen: boolean[] = [];
      hd.hooks.addFilter('helpdesk_can_register_users', 'test/allow', (allowed) => {
        seen.push(allowed);
        return true;
      });
      try {
        expect((await post(ticketPayload())).statusCode).toBe(201);
        expect(seen).toEqual([false]);
      } finally {
        hd.hooks.removeFilter('helpdesk_can_register_users', 'test/allow');
      }
    });

    it('accepts an existing account with both settings off (spec §5.4)', async () => {
      await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
      const payload = ticketPayload();
      expect((await post(payload)).statusCode).toBe(201);
      await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: false });
      const res = await post({ ...payload, email: `  ${payload.email.toUpperCase()} ` });
      expect(res.statusCode).toBe(201);
      const users = await hd.ctx.db.selectFrom('users').select('id').where('email', '=', payload.email).execute();
      expect(users).toHaveLength(1);
    });
  });

  describe('what is stored', () => {
    // Valid filings, through the client typed by the contract: the answer's shape is the contract's.
    const file = (body: Parameters<typeof ticketPayload>[0], headers: Record<string, string> = {}) =>
      createApiClient(hd.app, headers).post('/tickets/', { body: ticketPayload(body) });
    it('files the ticket against the account of the email, with product, reason, urgency, order meta and an outbox job', async () => {
      await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
      const product = await makeProduct(hd.ctx, 'Acme Sync');
      const reason = await firstTermId(hd.ctx, 'ticket_reason', 'problem');
      const urgency = await firstTermId(hd.ctx, 'ticket_urgency', 'high');
      const payload = ticketPayload({ product: product.id, reason, urgency, order_id: 'ORD-1234' });
      const { id } = (await createApiClient(hd.app).post('/tickets/', { body: payload })).expectBody(201);

      const ticket = await hd.ctx.db
        .selectFrom('posts as p')
        .innerJoin('users as u', 'u.id', 'p.author_id')
        .select(['p.type', 'p.title', 'p.content', 'p.product_id', 'u.email', 'u.name', 'u.role'])
        .where('p.id', '=', id)
        .executeTakeFirstOrThrow();
      expect(ticket).toEqual({
        type: 'ticket',
        title: payload.subject,
        content: payload.description,
        product_id: product.id,
        email: payload.email,
        name: 'Ann Client',
        role: 'client',
      });
      const terms = await hd.ctx.db
        .selectFrom('term_relationships')
        .select(['taxonomy', 'term_id'])
        .where('post_id', '=', id)
        .orderBy('taxonomy')
        .execute();
      expect(terms).toEqual([
        { taxonomy: 'ticket_reason', term_id: reason },
        { taxonomy: 'ticket_status', term_id: await firstTermId(hd.ctx, 'ticket_status', 'open') },
        { taxonomy: 'ticket_urgency', term_id: urgency },
      ]);
      const meta = await hd.ctx.db.selectFrom('post_meta').select(['meta_key', 'meta_value']).where('post_id', '=', id).execute();
      expect(meta).toEqual([{ meta_key: 'order', meta_value: 'ORD-1234' }]);
      const jobs = (await hd.ctx.db.selectFrom('jobs').select('payload').where('kind', '=', 'ticket_created').execute())
        .map((job) => JSON.parse(job.payload) as { ticketId: number; newClientId?: number })
        .filter((job) => job.ticketId === id);
      // PostgreSQL's one filing statement also names the account it made, for the client.created webhook.
      const author = await hd.ctx.db.selectFrom('posts').select('author_id').where('id', '=', id).executeTakeFirstOrThrow();
      expect(jobs).toHaveLength(1);
      expect(jobs[0]).toEqual(dialect === 'postgres' ? { ticketId: id, newClientId: author.author_id } : { ticketId: id });
    });

    it('ignores user_id, author and status from an anonymous caller (spec §4.3 rule 1)', async () => {
      await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
      const staff = (await file({})).expectBody(201);
      const victim = await hd.ctx.db.selectFrom('posts').select('author_id').where('id', '=', staff.id).executeTakeFirstOrThrow();
      const closed = await firstTermId(hd.ctx, 'ticket_status', 'closed');
      const payload = ticketPayload({ user_id: victim.author_id, author: victim.author_id, status: closed, role: 'admin' });
      const filed = (await createApiClient(hd.app).post('/tickets/', { body: payload })).expectBody(201);
      expect(filed.status).toBe('open');
      const row = await hd.ctx.db
        .selectFrom('posts as p')
        .innerJoin('users as u', 'u.id', 'p.author_id')
        .select(['u.email', 'u.role', 'p.author_id'])
        .where('p.id', '=', filed.id)
        .executeTakeFirstOrThrow();
      expect(row.email).toBe(payload.email);
      expect(row.role).toBe('client');
      expect(row.author_id).not.toBe(victim.author_id);
    });

    it('honours user_id, author and status from an agent', async () => {
      const agent = await hd.authAs('agent');
      await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
      const first = (await file({})).expectBody(201);
      const { author_id } = await hd.ctx.db.selectFrom('posts').select('author_id').where('id', '=', first.id).executeTakeFirstOrThrow();
      const waiting = await firstTermId(hd.ctx, 'ticket_status', 'waiting');
      for (const field of ['user_id', 'author'] as const) {
        const filed = (await file({ [field]: author_id, status: waiting }, agent)).expectBody(201);
        expect(filed.status).toBe('waiting');
        const row = await hd.ctx.db.selectFrom('posts').select('author_id').where('id', '=', filed.id).executeTakeFirstOrThrow();
        expect(row.author_id).toBe(author_id);
      }
      const missing = (await file({ user_id: 999_999 }, agent)).expectBody(400);
      expect(missing.errors?.[0]?.field).toBe('user_id');
    });

    it('replays the same ticket for the same idempotency key: 201 once, then 200', async () => {
      await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
      const payload = ticketPayload({ idempotency_key: 'key-0123456789' });
      const first = await post(payload);
      const before = await countRows(hd.ctx);
      const again = await post(payload);
      const viaHeader = await post({ ...payload, idempotency_key: undefined }, { 'idempotency-key': 'key-0123456789' });
      expect(first.statusCode).toBe(201);
      expect([again.statusCode, viaHeader.statusCode]).toEqual([200, 200]);
      expect(again.json()).toEqual(first.json());
      expect(viaHeader.json()).toEqual(first.json());
      expect(await countRows(hd.ctx)).toEqual(before);
      // The same key from another email is another form: a new ticket.
      expect((await post(ticketPayload({ idempotency_key: 'key-0123456789' }))).statusCode).toBe(201);
    });

    it('concurrent submissions with one idempotency key file one ticket', async () => {
      await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
      const payload = ticketPayload({ idempotency_key: 'double-click-0001' });
      const results = await Promise.all(Array.from({ length: 8 }, () => post(payload)));
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
      expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
    });

    it('fifty concurrent first submissions from one new email end with one account and fifty tickets', async () => {
      await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
      const email = `race-${Date.now()}@client.test`;
      const variants = [email, email.toUpperCase(), ` ${email} `, `Race-${email.slice(5)}`, `\t${email.toUpperCase()}  `];
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) => post(ticketPayload({ email: variants[i % variants.length] }))),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
      const users = await hd.ctx.db.selectFrom('users').select('id').where('email', '=', email).execute();
      expect(users).toHaveLength(1);
      const tickets = await hd.ctx.db
        .selectFrom('posts')
        .select('id')
        .where('author_id', '=', users[0]?.id ?? -1)
        .execute();
      expect(tickets).toHaveLength(50);
    });
  });

  describe('bad input is a problem naming the field, and stores nothing', () => {
    const expectRefused = async (
      res: { statusCode: number; headers: Record<string, unknown>; json(): any },
      status: number,
      fields?: string[],
    ) => {
      expect(res.statusCode).toBe(status);
      expect(res.headers['content-type']).toContain('application/problem+json');
      const body = res.json();
      expect(body).toMatchObject({
        type: expect.any(String),
        title: expect.any(String),
        status,
        detail: expect.any(String),
        code: expect.any(String),
      });
      expect(JSON.stringify(body)).not.toMatch(/at .*\.(ts|js):\d+|node_modules|select |insert /i);
      if (fields) expect(body.errors.map((e: { field: string }) => e.field).sort()).toEqual([...fields].sort());
    };

    it.each([
      ['missing required fields', {}, ['name', 'email', 'subject', 'description']],
      ['a malformed email', { email: 'not-an-email' }, ['email']],
      ['an email with a line break', { email: 'ann@client.test\nBcc: x@y.test' }, ['email']],
      ['blank subject', { subject: '   ' }, ['subject']],
      ['a number as subject', { subject: 5 }, ['subject']],
      ['a list as name', { name: ['a', 'b'] }, ['name']],
      ['text as product id', { product: 'abc' }, ['product']],
      ['an unknown product id', { product: 987_654 }, ['product']],
      ['an unknown reason id', { reason: 987_654 }, ['reason']],
      ['an urgency id of another taxonomy', { urgency: 'REASON' }, ['urgency']],
      ['a subject over 200 characters', { subject: 'x'.repeat(201) }, ['subject']],
    ])('%s', async (_label, overrides, fields) => {
      await setRegistration(hd.ctx, { anyoneCanRegister: true, createAccounts: true });
      const payload: Record<string, unknown> = Object.keys(overrides).length ? ticketPayload(overrides) : {};
      if ((overrides as { urgency?: unknown }).urgency === 'REASON') payload.urgency = await firstTermId(hd.ctx, 'ticket_reason');
      const before = await countRows(hd.ctx);
      await expectRefused(await post(payload), 400, fields);
      expect(await countRows(hd.ctx)).toEqual(before);
    });

    it('invalid JSON → 400', async () => {
      const res = await hd.app.inject({
        method: 'POST',
        url: URL_TICKETS,
        payload: '{"name": "Ann",',
        headers: { 'content-type': 'application/json' },
      });
      await expectRefused(res, 400);
      expect(res.json().code).toBe('MALFORMED_BODY');
    });

    it('__proto__ in JSON → 400', async () => {
      const body = `{"name":"Ann","email":"a@b.test","subject":"s","description":"d","__proto__":{"role":"admin"}}`;
      const res = await hd.app.inject({ method: 'POST', url: URL_TICKETS, payload: body, headers: { 'content-type': 'application/json' } });
      await expectRefused(res, 400);
    });

    it('a 10 MB body → 413', async () => {
      const before = await countRows(hd.ctx);
      const res = await post(ticketPayload({ description: 'x'.repeat(10 * 1024 * 1024) }));
      await expectRefused(res, 413);
      expect(await countRows(hd.ctx)).toEqual(before);
    });

    it('a content type other than JSON or form → 415', async () => {
      const res = await hd.app.inject({ method: 'POST', url: URL_TICKETS, payload: 'hello', headers: { 'content-type': 'text/plain' } });
      await expectRefused(res, 415);
    });

    it('a bad Bearer token → 401, never treated as anonymous', async () => {
      const res = await post(ticketPayload(), { authorization: 'Bearer nope' });
      await expectRefused(res, 401);
    });
  });
});
