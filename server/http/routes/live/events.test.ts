import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../../auth/sessions.js';
import { signedInInFlight } from '../../../db/signed-in-lane.js';
import { addUser } from '../../../domain/people/add-user.js';
import { setAccountDisabled } from '../../../domain/people/set-account-disabled.js';
import { markTicketSolved } from '../../../domain/tickets/mark-ticket-solved.js';
import { STREAMS_PER_ACCOUNT } from '../../../live/open-streams.js';
import { type EventStreamClient, openEventStream } from '../../../test/event-stream-client.js';
import { relaxIntakeLimits, setRegistration, ticketPayload } from '../../../test/fixtures.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { createTestHelpdesk, useTestHelpdesk } from '../../../test/test-helpdesk.js';

type Headers = Record<string, string>;

describeEachDatabase('live updates: GET /events and presence', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let base = '';
  let alex: Headers;
  let blair: Headers;
  let client: Headers;
  const streams: EventStreamClient[] = [];
  const follow = async (headers: Headers) => {
    const stream = await openEventStream(`${base}/api/helpdesk/v1/events`, headers);
    streams.push(stream);
    return stream;
  };
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Headers = {}, payload?: object) =>
    hd.app.inject({ method, url: `/api/helpdesk/v1${url}`, headers, payload });
  const file = async () => {
    const res = await call('POST', '/tickets/', {}, ticketPayload());
    expect(res.statusCode).toBe(201);
    return res.json().id as number;
  };
  const idOf = async (headers: Headers) => (await call('GET', '/me', headers)).json().user as { id: number; name: string };

  beforeAll(async () => {
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: true, createAccounts: true });
    [alex, blair, client] = await Promise.all([hd.authAs('agent'), hd.authAs('admin'), hd.authAs('client')]);
    base = await hd.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(() => {
    for (const stream of streams.splice(0)) stream.close();
  });

  it('sends a staff stream the new ticket, the reply, the automatic status move and a status change, with versions', async () => {
    const stream = await follow(blair);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['cache-control']).toBe('no-store');
    await stream.waitUntil(() => stream.retry() !== undefined, 'the retry field');
    expect(stream.retry()).toBe(3000);

    const id = await file();
    const created = await stream.waitFor(
      (e) => e.event === 'ticket.created' && (e.data as { ticket: number }).ticket === id,
      'ticket.created',
    );
    expect(created.data).toEqual({ ticket: id, version: 1, by: null });
    expect(created.id).toMatch(/^[0-9a-f]{12}-[0-9]+$/);

    const me = await idOf(alex);
    expect((await call('POST', `/tickets/${id}/comments`, alex, { text: 'On it.' })).statusCode).toBe(201);
    const comment = await stream.waitFor((e) => e.event === 'comment.added' && (e.data as { ticket: number }).ticket === id, 'the reply');
    // The reply moved the status to In Progress (spec §3) in its own version: one event says both.
    expect(comment.data).toMatchObject({ ticket: id, version: 2, internal: false, by: me.id, fields: ['status'] });

    const patched = await call('PATCH', `/tickets/${id}`, alex, { status: 'closed', urgency: 'high' });
    expect(patched.statusCode).toBe(200);
    const closed = await stream.waitFor(
      (e) => e.event === 'ticket.updated' && (e.data as { version: number }).version === patched.json().version,
      'the status change',
    );
    expect(closed.data).toEqual({ ticket: id, version: 3, fields: ['status', 'urgency'], by: me.id });
    expect(stream.events.filter((e) => (e.data as { ticket?: number }).ticket === id).map((e) => e.event)).toEqual([
      'ticket.created',
      'comment.added',
      'ticket.updated',
    ]);
    // Ids only: what a reader may see it fetches through the API.
    expect(JSON.stringify(stream.events)).not.toContain('On it.');
  });

  it('an open stream is not signed-in work in flight: filings and the mail worker do not wait for it', async () => {
    const stream = await follow(alex);
    await stream.waitUntil(() => stream.retry() !== undefined, 'the retry field');
    // The request is still open (the stream), and counts no more than a finished one.
    expect(signedInInFlight()).toBe(0);
    expect(hd.ctx.hotWrites.active).toBe(0);
    expect((await call('GET', '/tickets/', alex)).statusCode).toBe(200);
    expect(signedInInFlight()).toBe(0);
  });

  it('sends internal notes to staff too, and nothing for a change that changed nothing', async () => {
    const stream = await follow(blair);
    const id = await file();
    expect((await call('POST', `/tickets/${id}/comments`, alex, { text: 'Between us.', internal: true })).statusCode).toBe(201);
    const note = await stream.waitFor((e) => e.event === 'comment.added' && (e.data as { ticket: number }).ticket === id, 'the note');
    expect(note.data).toMatchObject({ internal: true });
    // A note moves no status (nothing the client sees changes); then the ticket is quiet.
    const count = stream.events.length;
    const status = (await call('GET', `/tickets/${id}`, alex)).json().status.slug;
    expect((await call('PATCH', `/tickets/${id}`, alex, { status })).statusCode).toBe(200);
    // A marker event after the no-op: when it arrives, anything the no-op sent would have arrived before it.
    const marker = await file();
    await stream.waitFor((e) => e.event === 'ticket.created' && (e.data as { ticket: number }).ticket === marker, 'the marker', {
      after: count,
    });
    expect(stream.events.slice(count).map((e) => e.event)).toEqual(['ticket.created']);
  });

  it('announces nothing that did not commit: a stale reply (409) and a replayed filing send no event', async () => {
    const stream = await follow(blair);
    const key = `live-${Date.now()}`;
    const payload = ticketPayload({ idempotency_key: key });
    const first = await call('POST', '/tickets/', {}, payload);
    expect(first.statusCode).toBe(201);
    const id = first.json().id as number;
    const replay = await call('POST', '/tickets/', {}, payload);
    expect(replay.statusCode).toBe(200);
    expect((await call('POST', `/tickets/${id}/comments`, alex, { text: 'First.', version: 1 })).statusCode).toBe(201);
    const stale = await call('POST', `/tickets/${id}/comments`, blair, { text: 'Second.', version: 1 });
    expect(stale.statusCode).toBe(409);
    const marker = await file();
    await stream.waitFor((e) => e.event === 'ticket.created' && (e.data as { ticket: number }).ticket === marker, 'the marker');
    const about = stream.events.filter((e) => (e.data as { ticket: number }).ticket === id).map((e) => e.event);
    expect(about.filter((name) => name === 'ticket.created')).toHaveLength(1);
    expect(about.filter((name) => name === 'comment.added')).toHaveLength(1);
  });

  it('a client marking their ticket solved is logged with who did it, raises the version and reaches the streams', async () => {
    const stream = await follow(blair);
    const id = await file();
    // A client marks solved only what an agent has answered.
    expect((await call('POST', `/tickets/${id}/comments`, alex, { text: 'Try this.' })).statusCode).toBe(201);
    const before = (await call('GET', `/tickets/${id}`, alex)).json();
    await markTicketSolved(hd.ctx, before.client.id, id);
    const solved = await stream.waitFor(
      (e) =>
        e.event === 'ticket.updated' &&
        (e.data as { ticket: number; by: number }).ticket === id &&
        (e.data as { by: number }).by === before.client.id,
      'solved',
    );
    expect(solved.data).toEqual({ ticket: id, version: before.version + 1, fields: ['status'], by: before.client.id });
    const after = (await call('GET', `/tickets/${id}`, alex)).json();
    expect(after.events.at(-1)).toMatchObject({ field: 'status', from: 'In Progress', to: 'Resolved', by: { id: before.client.id } });
  });

  it('refuses anonymous callers (401) and clients (403) with a problem, before any stream', async () => {
    const anonymous = await follow({});
    await anonymous.ended;
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers['content-type']).toContain('application/problem+json');
    expect(JSON.parse(anonymous.body()).code).toBe('UNAUTHENTICATED');
    const ofClient = await follow(client);
    await ofClient.ended;
    expect(ofClient.status).toBe(403);
    expect(JSON.parse(ofClient.body()).detail).toBe('Live updates are for agents and admins.');
    const wrongToken = await follow({ authorization: 'Bearer nope' });
    await wrongToken.ended;
    expect(wrongToken.status).toBe(401);
  });

  it(`allows ${STREAMS_PER_ACCOUNT} open streams per account; the next is a 429 until one closes`, async () => {
    const carol = await hd.authAs('agent');
    const open = await Promise.all(Array.from({ length: STREAMS_PER_ACCOUNT }, () => follow(carol)));
    expect(open.map((s) => s.status)).toEqual(Array(STREAMS_PER_ACCOUNT).fill(200));
    const refused = await follow(carol);
    await refused.ended;
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(JSON.parse(refused.body()).detail).toContain('Close a tab');
    // Another account is not held by Carol's streams.
    expect((await follow(alex)).status).toBe(200);
    // Closing one frees its place (the server sees the socket close).
    open[0]?.close();
    await expect
      .poll(async () => {
        const next = await follow(carol);
        next.close();
        return next.status;
      })
      .toBe(200);
  });

  it('tells every staff stream who is viewing or replying, sends who is present to a new stream, and says when they leave', async () => {
    const id = await file();
    const alexUser = await idOf(alex);
    const earlier = await follow(blair);
    const res = await call('POST', `/tickets/${id}/presence`, alex, { state: 'viewing' });
    expect(res.statusCode).toBe(204);
    const viewing = await earlier.waitFor((e) => e.event === 'presence' && (e.data as { ticket: number }).ticket === id, 'viewing');
    expect(viewing.data).toEqual({ ticket: id, user: { id: alexUser.id, name: alexUser.name }, state: 'viewing' });

    expect((await call('POST', `/tickets/${id}/presence`, alex, { state: 'replying' })).statusCode).toBe(204);
    // A stream opened now hears at once who is there (not only at the next renewal).
    const later = await follow(blair);
    const known = await later.waitFor((e) => e.event === 'presence' && (e.data as { ticket: number }).ticket === id, 'the snapshot');
    expect(known.data).toMatchObject({ state: 'replying' });

    expect((await call('POST', `/tickets/${id}/presence`, alex, { state: 'left' })).statusCode).toBe(204);
    await later.waitFor((e) => e.event === 'presence' && (e.data as { state: string }).state === 'left', 'left');
    const after = await follow(blair);
    const marker = await file();
    await after.waitFor((e) => e.event === 'ticket.created' && (e.data as { ticket: number }).ticket === marker, 'the marker');
    expect(after.events.filter((e) => e.event === 'presence' && (e.data as { ticket: number }).ticket === id)).toEqual([]);
  });

  it('refuses presence from clients, on a missing ticket, with a wrong state, or over its limit', async () => {
    const id = await file();
    const ofClient = await call('POST', `/tickets/${id}/presence`, client, { state: 'viewing' });
    expect(ofClient.statusCode).toBe(403);
    expect((await call('POST', `/tickets/${id}/presence`, {}, { state: 'viewing' })).statusCode).toBe(401);
    const missing = await call('POST', '/tickets/999999/presence', alex, { state: 'viewing' });
    expect(missing.statusCode).toBe(404);
    const wrong = await call('POST', `/tickets/${id}/presence`, alex, { state: 'typing' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].field).toBe('state');
    const dana = await hd.authAs('agent');
    const answers: number[] = [];
    for (let i = 0; i < 61; i += 1) answers.push((await call('POST', `/tickets/${id}/presence`, dana, { state: 'viewing' })).statusCode);
    expect(answers.slice(0, 60).every((s) => s === 204)).toBe(true);
    expect(answers[60]).toBe(429);
  });
});

describeEachDatabase('live update streams and the server: heartbeats, sign-out, shutdown', (dialect) => {
  it('keeps a quiet stream open past the silence timeout by heartbeats, ends it once the account is disabled, closes fast', async () => {
    // Silence limits far below the heartbeat: without the stream's own timeout turned off, Node would cut it.
    const hd = await createTestHelpdesk(dialect, {
      liveHeartbeatMs: 300,
      httpLimits: {
        headersTimeoutMs: 200,
        bodyTimeoutMs: 100,
        requestTimeoutMs: 200,
        keepAliveTimeoutMs: 100,
        maxConnectionsPerAddress: 64,
      },
    });
    try {
      const base = await hd.app.listen({ port: 0, host: '127.0.0.1' });
      const agent = await hd.authAs('agent');
      const url = `${base}/api/helpdesk/v1/events`;
      const quiet = await openEventStream(url, agent);
      expect(quiet.status).toBe(200);
      await quiet.waitUntil(() => quiet.heartbeats() >= 3, 'three heartbeats');

      const other = await hd.authAs('agent');
      const doomed = await openEventStream(url, other);
      const me = (await hd.app.inject({ method: 'GET', url: '/api/helpdesk/v1/me', headers: other })).json().user;
      await setAccountDisabled(hd.ctx, me.id, true, null);
      await doomed.ended;

      // An open stream must not hold the server's close.
      const stillOpen = await openEventStream(url, agent);
      await hd.app.close();
      await Promise.all([quiet.ended, stillOpen.ended]);
    } finally {
      await hd.close();
    }
  });
});

describeEachDatabase("live updates with the admin app's session cookie", (dialect) => {
  it('streams to a session, takes presence only with the CSRF header, and ends the stream when the session ends', async () => {
    const hd = await createTestHelpdesk(dialect, { liveHeartbeatMs: 200 });
    try {
      const base = await hd.app.listen({ port: 0, host: '127.0.0.1' });
      await relaxIntakeLimits(hd.ctx);
      await setRegistration(hd.ctx, { anyoneCanRegister: true, createAccounts: true });
      const agent = await addUser(hd.ctx, { email: 'sam@staff.test', name: 'Sam', role: 'agent' });
      const session = await createSession(hd.ctx.db, agent.id);
      const me = await hd.app.inject({ method: 'GET', url: '/api/helpdesk/v1/me', headers: { cookie: `hd_session=${session}` } });
      const csrfCookie = me.cookies.find((c) => c.name === 'hd_csrf')?.value;
      const cookie = `hd_session=${session}; hd_csrf=${csrfCookie}`;
      const stream = await openEventStream(`${base}/api/helpdesk/v1/events`, { cookie });
      expect(stream.status).toBe(200);

      const id = (await hd.app.inject({ method: 'POST', url: '/api/helpdesk/v1/tickets/', payload: ticketPayload() })).json().id;
      const url = `/api/helpdesk/v1/tickets/${id}/presence`;
      const withoutToken = await hd.app.inject({ method: 'POST', url, headers: { cookie }, payload: { state: 'viewing' } });
      expect(withoutToken.statusCode).toBe(403);
      const headers = { cookie, 'x-csrf-token': me.json().csrf_token };
      expect((await hd.app.inject({ method: 'POST', url, headers, payload: { state: 'viewing' } })).statusCode).toBe(204);
      await stream.waitFor((e) => e.event === 'presence' && (e.data as { ticket: number }).ticket === id, 'presence');

      // Signing out elsewhere ends the open stream at its next heartbeat.
      expect((await hd.app.inject({ method: 'DELETE', url: '/api/helpdesk/v1/session', headers })).statusCode).toBeLessThan(300);
      await stream.ended;
    } finally {
      await hd.close();
    }
  });
});

describe('the live routes in the public contract', () => {
  it('is listed in the contract', async () => {
    const hd = await createTestHelpdesk('sqlite');
    try {
      const doc = (await hd.app.inject({ method: 'GET', url: '/api/helpdesk/v1/openapi.json' })).json();
      expect(doc.paths['/api/helpdesk/v1/events'].get.operationId).toBe('followEvents');
      expect(doc.paths['/api/helpdesk/v1/tickets/{id}/presence'].post.operationId).toBe('setPresence');
    } finally {
      await hd.close();
    }
  });
});
