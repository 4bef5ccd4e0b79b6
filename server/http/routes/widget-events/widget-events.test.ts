import { beforeAll, expect, it } from 'vitest';
import { readDeflection } from '../../../domain/deflection/read-deflection.js';
import { createDoc, createTicket } from '../../../test/factories.js';
import { relaxIntakeLimits, setRegistration } from '../../../test/fixtures.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';
import { WIDGET_EVENTS_PER_MINUTE } from './widget-events.routes.js';

type Headers = Record<string, string>;
const URL = '/api/helpdesk/v1/widget-events';
let sessions = 0;
/** A fresh widget session id, as the widget makes one (16+ safe characters). */
const newSession = () => `test-session-${String(++sessions).padStart(6, '0')}-${Math.random().toString(36).slice(2, 10)}`;

describeEachDatabase('POST /widget-events: deflection events of widget sessions', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let agent: Headers;
  let client: Headers;
  let address = 0;
  /** Each test from its own address, so the per-address limit only meets the test that is about it. */
  const post = (payload: Record<string, unknown>, remoteAddress = `198.51.100.${address}`, form = false) =>
    hd.app.inject({
      method: 'POST',
      url: URL,
      remoteAddress,
      ...(form
        ? {
            payload: new URLSearchParams(Object.entries(payload).map(([k, v]): [string, string] => [k, String(v)])).toString(),
            headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://shop.example' },
          }
        : { payload, headers: { origin: 'https://shop.example' } }),
    });
  const rows = (session: string) =>
    hd.ctx.db
      .selectFrom('widget_events')
      .select(['event', 'doc_id', 'ticket_id'])
      .where('session', '=', session)
      .orderBy('event')
      .orderBy('doc_id')
      .execute();

  beforeAll(async () => {
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    [agent, client] = await Promise.all([hd.authAs('agent'), hd.authAs('client')]);
  });

  it('records an event once per (session, event, doc): a repeat answers 204 and adds nothing; CORS for any site', async () => {
    address++;
    const session = newSession();
    const doc = await createDoc(hd, { title: 'Reset your password' });
    for (let i = 0; i < 2; i++) {
      const res = await post({ session, event: 'shown', doc_id: doc.id });
      expect(res.statusCode, res.body).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe('*');
    }
    // Form-encoded as the widget sends it (no preflight).
    expect((await post({ session, event: 'doc_opened', doc_id: doc.id }, undefined, true)).statusCode).toBe(204);
    expect((await post({ session, event: 'opened', doc_id: doc.id })).statusCode).toBe(204);
    // A doc id on an event about no doc is not stored.
    expect(await rows(session)).toEqual([
      { event: 'doc_opened', doc_id: doc.id, ticket_id: null },
      { event: 'opened', doc_id: 0, ticket_id: null },
      { event: 'shown', doc_id: doc.id, ticket_id: null },
    ]);
  });

  it('refuses a bad session or event with a problem naming the field; the widget cannot claim a ticket', async () => {
    address++;
    for (const [payload, field] of [
      [{ session: 'short', event: 'opened' }, 'session'],
      [{ session: 'x'.repeat(20).replace(/x/g, '<'), event: 'opened' }, 'session'],
      [{ session: newSession(), event: 'submitted' }, 'event'],
      [{ session: newSession(), event: 'shown', doc_id: 0 }, 'doc_id'],
    ] as const) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
  });

  it('keeps a search that found nothing, without addresses or numbers, once per session; no other text', async () => {
    address++;
    const session = newSession();
    const query = 'Refund for order 123456 to ann@example.com please';
    expect((await post({ session, event: 'typed', query })).statusCode).toBe(204);
    expect((await post({ session, event: 'typed', query })).statusCode).toBe(204);
    // Sent with another event, the text is dropped.
    expect((await post({ session, event: 'opened', query: 'secret stuff here' })).statusCode).toBe(204);
    const kept = await hd.ctx.db.selectFrom('widget_empty_searches').select('query').where('session', '=', session).execute();
    expect(kept).toEqual([{ query: 'refund for order … to … please' }]);
  });

  it(`limits each address to ${WIDGET_EVENTS_PER_MINUTE} events a minute, with Retry-After`, async () => {
    const remote = '198.51.100.250';
    const session = newSession();
    for (let i = 0; i < WIDGET_EVENTS_PER_MINUTE; i++) expect((await post({ session, event: 'opened' }, remote)).statusCode).toBe(204);
    const refused = await post({ session, event: 'typed' }, remote);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held up.
    expect((await post({ session, event: 'typed' }, '198.51.100.251')).statusCode).toBe(204);
  });

  it('a ticket filed with the session lists the docs shown and opened for staff only, opened first', async () => {
    address++;
    const session = newSession();
    const [shownOnly, opened, other] = await Promise.all([
      createDoc(hd, { title: 'Shown only', slug: `shown-only-${session}` }),
      createDoc(hd, { title: 'Opened one', slug: `opened-one-${session}` }),
      createDoc(hd, { title: 'Another session' }),
    ]);
    for (const doc of [shownOnly, opened]) await post({ session, event: 'shown', doc_id: doc.id });
    await post({ session, event: 'doc_opened', doc_id: opened.id });
    await post({ session: newSession(), event: 'doc_opened', doc_id: other.id });
    const ticket = await createTicket(hd, { widget_session: session });
    const plain = await createTicket(hd);
    expect((await rows(session)).find((r) => r.event === 'submitted')).toEqual({ event: 'submitted', doc_id: 0, ticket_id: ticket.id });

    const read = (id: number, headers: Headers) =>
      hd.app.inject({ method: 'GET', url: `/api/helpdesk/v1/tickets/${id}/read-before-filing`, headers });
    const res = await read(ticket.id, agent);
    expect(res.statusCode).toBe(200);
    expect(res.json().docs).toEqual([
      { id: opened.id, title: 'Opened one', link: expect.stringMatching(new RegExp(`/docs/opened-one-${session}/$`)), opened: true },
      { id: shownOnly.id, title: 'Shown only', link: expect.stringMatching(/\/docs\/shown-only-/), opened: false },
    ]);
    expect((await read(plain.id, agent)).json().docs).toEqual([]);
    expect((await read(ticket.id, client)).statusCode).toBe(403);
    expect((await read(ticket.id, {})).statusCode).toBe(401);
    expect((await read(999_999, agent)).statusCode).toBe(404);
  });

  it('the funnel counts a scripted run of sessions with known outcomes (assumed once 24 hours have passed)', async () => {
    // The run at a time of its own, later than every other test's events, so the report holds only these sessions.
    const start = new Date(Date.now() + 10 * 86_400_000);
    const realNow = hd.ctx.now;
    hd.ctx.now = () => start;
    try {
      address++;
      const doc = await createDoc(hd);
      const run = async (events: string[], file = false) => {
        const session = newSession();
        for (const event of events) await post({ session, event, ...(event === 'typed' || event === 'opened' ? {} : { doc_id: doc.id }) });
        if (file) await createTicket(hd, { widget_session: session });
      };
      await run(['opened']);
      await run(['opened', 'typed', 'shown', 'doc_opened', 'helped']);
      await run(['opened', 'typed', 'shown', 'doc_opened']);
      await run(['opened', 'typed', 'shown', 'doc_opened', 'not_helped'], true);
      await run(['opened', 'typed', 'shown'], true);
      const since = start.toISOString();
      const soon = await readDeflection(hd.ctx, since);
      expect(soon.funnel).toEqual({ opened: 5, typed: 4, shown: 4, docOpened: 3, confirmed: 1, assumed: 0, filed: 2, rate: 1 / 4 });
      hd.ctx.now = () => new Date(start.getTime() + 25 * 3_600_000);
      const later = await readDeflection(hd.ctx, since);
      expect(later.funnel).toEqual({ opened: 5, typed: 4, shown: 4, docOpened: 3, confirmed: 1, assumed: 1, filed: 2, rate: 2 / 4 });
      expect(later.docs).toEqual([{ id: doc.id, title: doc.title, helped: 1, notHelped: 1 }]);
      // The same figures through the staff route (sessions of the last day, as of then).
      const res = await hd.app.inject({ method: 'GET', url: '/api/helpdesk/v1/deflection?days=2', headers: agent });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        days: 2,
        funnel: { opened: 5, typed: 4, shown: 4, doc_opened: 3, confirmed: 1, assumed: 1, filed: 2 },
        rate: 0.5,
        docs: [{ id: doc.id, helped: 1, not_helped: 1 }],
      });
      for (const [headers, status] of [
        [client, 403],
        [{}, 401],
      ] as const)
        expect((await hd.app.inject({ method: 'GET', url: '/api/helpdesk/v1/deflection', headers })).statusCode).toBe(status);
      const bad = await hd.app.inject({ method: 'GET', url: '/api/helpdesk/v1/deflection?days=0', headers: agent });
      expect(bad.json().errors[0].field).toBe('days');
    } finally {
      hd.ctx.now = realNow;
    }
  });
});
