import pg from 'pg';
import { afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { relaxIntakeLimits, setRegistration, ticketPayload } from '../../../test/fixtures.js';
import { mechanismsOn } from '../../../test/mechanisms-on.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

/**
 * Under an intake flood on PostgreSQL every statement an agent's read sends costs CPU on both
 * sides of the socket, and every round of them waits for a turn of the event loop and for a core. These pin
 * what the four reads of `npm run bench:load` send: the statuses, reasons and urgencies from the cached terms
 * and their copies on each ticket, the people and the reader's marks joined to the tickets, the tags asked
 * beside them. A round is a statement's depth: one more than the deepest statement answered before it was
 * sent. SQLite serves the same reads, and both must agree on what they show.
 */
describeEachDatabase('statements and rounds of an agent’s reads', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let agent: Record<string, string>;
  let ticketId: number;
  const query = pg.Client.prototype.query;
  /** Each statement sent: its text and its round. */
  const sent: Array<{ text: string; round: number }> = [];
  let deepestAnswered = 0;

  beforeAll(async () => {
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    const admin = await hd.authAs('admin');
    agent = await hd.authAs('agent');
    const payload = ticketPayload({ email: 'rounds@example.test' });
    for (const subject of ['First question', 'Second question', 'Third question']) {
      const filed = await hd.app.inject({ method: 'POST', url: '/api/helpdesk/v1/tickets/', payload: { ...payload, subject } });
      expect(filed.statusCode).toBe(201);
      ticketId = filed.json().id;
    }
    // Tagged by the admin: for the agent, who has not opened it, the ticket is unread.
    const opened = await hd.app.inject({ method: 'GET', url: `/api/helpdesk/v1/tickets/${ticketId}`, headers: admin });
    const tagged = await hd.app.inject({
      method: 'PATCH',
      url: `/api/helpdesk/v1/tickets/${ticketId}`,
      headers: { ...admin, 'if-match': opened.headers.etag as string },
      payload: { tags: ['Billing'] },
    });
    expect(tagged.statusCode).toBe(200);
  });
  beforeEach(() => {
    // The clock stands still, so no cache expires between the warm-up and the counted read.
    vi.useFakeTimers({ toFake: ['Date'] });
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const statement = args[0] as string | { text?: string };
      const round = deepestAnswered + 1;
      sent.push({ text: typeof statement === 'string' ? statement : (statement.text ?? ''), round });
      const answered = (query as (...a: unknown[]) => Promise<unknown>).apply(this, args);
      return answered.then((result) => {
        deepestAnswered = Math.max(deepestAnswered, round);
        return result;
      });
    } as typeof query;
  });
  afterEach(() => {
    pg.Client.prototype.query = query;
    vi.useRealTimers();
  });

  /** A read twice: the first warms the caches, the second is counted. */
  const counted = async (url: string) => {
    const read = () => hd.app.inject({ method: 'GET', url: `/api/helpdesk/v1${url}`, headers: agent });
    expect((await read()).statusCode).toBe(200);
    sent.length = 0;
    deepestAnswered = 0;
    const reply = await read();
    expect(reply.statusCode).toBe(200);
    return {
      body: reply.json(),
      statements: sent.length,
      rounds: Math.max(0, ...sent.map((s) => s.round)),
      texts: sent.map((s) => s.text),
    };
  };

  it.runIf(dialect === 'sqlite' || mechanismsOn('caches'))(
    'reads the inbox in two rounds: the token, then the page with its people, marks, tags and counts',
    async () => {
      const inbox = await counted('/tickets/');
      expect(inbox.body.tickets.map((t: { id: number }) => t.id)).toContain(ticketId);
      const listed = inbox.body.tickets.find((t: { id: number }) => t.id === ticketId);
      expect(listed).toMatchObject({ status: { slug: 'open' }, client: { email: 'rounds@example.test' }, unread: true });
      expect(listed.tags.map((t: { name: string }) => t.name)).toEqual(['Billing']);
      if (dialect === 'postgres') {
        expect(inbox.texts.some((text) => /term_relationships|from "terms"/.test(text))).toBe(false);
        expect(inbox).toMatchObject({ statements: 4, rounds: 2 });
      }
    },
  );

  it('joins the people and marks of a search’s page only, not of every match', async () => {
    const search = await counted('/tickets/?search=question&per_page=1');
    expect(search.body.total).toBe(3);
    expect(search.body.tickets).toHaveLength(1);
    expect(search.body.tickets[0]).toMatchObject({ client: { email: 'rounds@example.test' }, unread: true });
    if (dialect === 'postgres') {
      const joined = search.texts.filter((text) => text.includes('left join "users" as "client"'));
      expect(joined).toHaveLength(1);
      // One id in the list: the page of one, not the three matches.
      expect(joined[0]).toMatch(/ where "posts"\."id" in \(\$\d+\)$/);
    }
  });

  it.runIf(dialect === 'sqlite' || mechanismsOn('caches'))(
    'reads the counts per status and the team views in two rounds each',
    async () => {
      const counts = await counted('/tickets/?per_page=1');
      expect(counts.body.counts.open).toBeGreaterThanOrEqual(3);
      const views = await counted('/tickets/views');
      expect(views.body).toMatchObject({ unassigned: expect.any(Number), needs_reply: expect.any(Number) });
      if (dialect === 'postgres') {
        expect(counts).toMatchObject({ statements: 4, rounds: 2 });
        // The kept counts (two) and the service-level views' counts (one, over their index range: due-views.ts).
        expect(views).toMatchObject({ statements: 4, rounds: 2 });
      }
    },
  );

  it.runIf(dialect === 'sqlite' || mechanismsOn('caches'))(
    'reads a ticket in three rounds: the token, the ticket with its thread, sidebar, tags and files, then the marks',
    async () => {
      const ticket = await counted(`/tickets/${ticketId}`);
      expect(ticket.body).toMatchObject({ id: ticketId, status: { slug: 'open' }, client: { email: 'rounds@example.test' } });
      expect(ticket.body.tags.map((t: { name: string }) => t.name)).toEqual(['Billing']);
      expect(ticket.body.other_tickets.map((t: { title: string }) => t.title)).toEqual(['Second question', 'First question']);
      if (dialect === 'postgres') {
        expect(ticket.texts.some((text) => /term_relationships|from "terms"/.test(text))).toBe(false);
        expect(ticket.rounds).toBe(3);
        // The tags of the ticket and its sidebar by one `in` list: PostgreSQL reads an `or` of two by scanning
        // every ticket's tags.
        const tags = ticket.texts.filter((text) => text.includes('from "ticket_tags"'));
        expect(tags).toHaveLength(1);
        expect(tags[0]).not.toMatch(/ or /);
      }
    },
  );
});
