import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { buildApp } from '../../../app.js';
import { createTerm } from '../../../domain/content/create-term.js';
import { deleteTerm } from '../../../domain/content/delete-term.js';
import { createDatabaseCounterStore } from '../../../intake/database-counter-store.js';
import { updateSettings } from '../../../settings/settings.js';
import { countRows, firstTermId, relaxIntakeLimits, setRegistration, ticketPayload } from '../../../test/fixtures.js';
import { mechanismsOn } from '../../../test/mechanisms-on.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

const URL_TICKETS = '/api/helpdesk/v1/tickets/';

/**
 * On PostgreSQL a submission for an existing client is one statement, so one round trip: the
 * intake counters' hits, the account lookup, the idempotency replay check and the ticket, terms, meta,
 * outbox job and key, written only when every count is within its limit, as one named prepared
 * statement. Settings and ticket terms come from their caches. These counts fail when someone adds a
 * round trip to the intake path; SQLite runs the same submissions.
 */
describeEachDatabase('round trips of a ticket submission', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let app: FastifyInstance;
  let urgency: number;
  /** What each statement sent: its text and, for a named prepared statement, its name. */
  const statements: Array<{ text: string; name?: string }> = [];
  const query = pg.Client.prototype.query;

  beforeAll(async () => {
    // The counters as the service keeps them on PostgreSQL (HELPDESK_INTAKE_COUNTERS defaults to database).
    app = await buildApp({ config: hd.config, ctx: hd.ctx, counters: createDatabaseCounterStore(hd.db.kysely, hd.db.storage) });
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    await relaxIntakeLimits(hd.ctx);
    urgency = await firstTermId(hd.ctx, 'ticket_urgency');
  });
  afterAll(async () => {
    await app.close();
  });
  beforeEach(() => {
    // The clock stands still, so no cache expires between the warm-up and the counted request.
    vi.useFakeTimers({ toFake: ['Date'] });
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const sent = args[0] as string | { text?: string; name?: string };
      statements.push(typeof sent === 'string' ? { text: sent } : { text: sent.text ?? '', name: sent.name });
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
  });
  afterEach(() => {
    pg.Client.prototype.query = query;
    vi.useRealTimers();
  });

  const submit = (payload: object, key: string) =>
    app.inject({ method: 'POST', url: URL_TICKETS, payload, headers: { 'idempotency-key': key }, remoteAddress: '203.0.113.7' });
  /** The statements one submission sent to PostgreSQL. */
  const counted = async (payload: object, key: string) => {
    statements.length = 0;
    const reply = await submit(payload, key);
    return { reply, sent: [...statements] };
  };

  it.runIf(dialect === 'sqlite' || mechanismsOn('caches'))(
    'files for an existing client in one statement, and answers a replayed key in one',
    async () => {
      const payload = ticketPayload({ urgency, order_id: 'ORD-1' });
      expect((await submit(payload, `warm-up-${dialect}`)).statusCode).toBe(201);

      const { reply, sent } = await counted({ ...payload, subject: 'Second question' }, `second-${dialect}`);
      expect(reply.statusCode).toBe(201);
      if (dialect === 'postgres') {
        expect(sent).toHaveLength(1);
        // The counters and the ticket in the same statement, as a named prepared statement (each
        // connection parses it once, prepared-statements.ts).
        expect(sent[0]?.text).toMatch(/insert into counter_windows[\s\S]*insert into posts/);
        expect(sent[0]?.name).toMatch(/^hd_/);
      }

      const replay = await counted({ ...payload, subject: 'Second question' }, `second-${dialect}`);
      expect(replay.reply.statusCode).toBe(200);
      expect(replay.reply.json().id).toBe(reply.json().id);
      if (dialect === 'postgres') expect(replay.sent).toHaveLength(1);
    },
  );

  it.runIf(dialect === 'sqlite' || mechanismsOn('caches'))(
    'files for a new client in one statement too when "Create accounts for new clients" is on',
    async () => {
      expect((await submit(ticketPayload(), `warm-up-new-${dialect}`)).statusCode).toBe(201);
      const payload = ticketPayload({ urgency });
      const { reply, sent } = await counted(payload, `new-${dialect}`);
      expect(reply.statusCode).toBe(201);
      if (dialect === 'postgres') {
        expect(sent).toHaveLength(1);
        expect(sent[0]?.text).toMatch(/insert into counter_windows[\s\S]*insert into users[\s\S]*insert into posts/);
      }
      await expectOwner(reply.json().id, payload.email);
    },
  );

  it.runIf(dialect === 'sqlite' || mechanismsOn('caches'))(
    'with accounts only from "Anyone can register", a new client costs a second statement',
    async () => {
      await setRegistration(hd.ctx, { anyoneCanRegister: true, createAccounts: false });
      try {
        expect((await submit(ticketPayload(), `warm-up-site-${dialect}`)).statusCode).toBe(201);
        const payload = ticketPayload({ urgency });
        const { reply, sent } = await counted(payload, `site-${dialect}`);
        expect(reply.statusCode).toBe(201);
        if (dialect === 'postgres') {
          // The filing counts and finds no account; the site option comes from its cache (warmed by the first
          // filing); the account is made with the ticket.
          expect(sent).toHaveLength(2);
          expect(sent[0]?.text).toMatch(/counter_windows/);
          expect(sent[1]?.text).toMatch(/insert into users/);
          expect(sent[1]?.text).not.toMatch(/counter_windows/);
        }
        await expectOwner(reply.json().id, payload.email);
      } finally {
        await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
      }
    },
  );

  const expectOwner = async (ticketId: number, email: string) => {
    const owner = await hd.ctx.db
      .selectFrom('posts')
      .innerJoin('users', 'users.id', 'posts.author_id')
      .select('users.email')
      .where('posts.id', '=', ticketId)
      .executeTakeFirstOrThrow();
    expect(owner.email).toBe(email);
  };

  it.runIf(dialect === 'sqlite' || mechanismsOn('caches'))(
    'over a limit, the one statement counts and writes nothing; the 429 names the limit',
    async () => {
      const payload = ticketPayload({ urgency });
      const remoteAddress = '203.0.113.50';
      const post = (key: string) =>
        app.inject({ method: 'POST', url: URL_TICKETS, payload, headers: { 'idempotency-key': key }, remoteAddress });
      expect((await post(`limit-a-${dialect}`)).statusCode).toBe(201);
      await updateSettings(hd.ctx, { tickets: { limit_email_hour: 1 } });
      try {
        const before = await countRows(hd.ctx);
        statements.length = 0;
        const refused = await post(`limit-b-${dialect}`);
        const sent = [...statements];
        expect(refused.statusCode).toBe(429);
        expect(refused.headers['ratelimit-policy']).toBe('"email-hour";q=1;w=3600');
        expect(await countRows(hd.ctx)).toEqual(before);
        // The filing's statement, then the refusal counted for the admin's stats (a read of the site's language
        // for the problem's words may come between: it writes nothing).
        if (dialect === 'postgres') {
          expect(sent.filter((s) => !/^\s*select/i.test(s.text))).toHaveLength(2);
          expect(sent[0]?.text).toMatch(/insert into posts/);
        }
        // A replayed key over the limit is refused too, as when the counters were their own statement.
        expect((await post(`limit-a-${dialect}`)).statusCode).toBe(429);
      } finally {
        await relaxIntakeLimits(hd.ctx);
      }
    },
  );

  it('answers a replayed key with its ticket even when an urgency it named was deleted since', async () => {
    const gone = await createTerm(hd.ctx, 'ticket_urgency', { name: `Soon gone ${dialect}` });
    const payload = ticketPayload({ urgency: gone.id });
    const first = await submit(payload, `gone-${dialect}`);
    expect(first.statusCode).toBe(201);
    await deleteTerm(hd.ctx, 'ticket_urgency', gone.id);
    const replay = await submit(payload, `gone-${dialect}`);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().id).toBe(first.json().id);
    // A new key with that urgency is refused, naming the field.
    const refused = await submit(payload, `gone-new-${dialect}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toMatch(/urgency/);
  });
});
