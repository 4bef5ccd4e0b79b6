import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runCli } from '../cli.js';
import { loadConfig } from '../config/load-config.js';
import { createDb, type Db } from '../db/create-db.js';
import { createDomainContext } from '../domain/context.js';
import { addUser } from '../domain/people/add-user.js';
import { createApiToken, insertApiToken } from '../domain/people/api-tokens.js';
import { createHooks } from '../hooks/create-hooks.js';
import { LISTENER_NAME } from '../live/listen-live-events.js';
import { type RunningService, startService } from '../start-service.js';
import { type EventStreamClient, openEventStream } from '../test/event-stream-client.js';
import { createTestDatabase, type TestDatabase } from '../test/test-databases.js';

// Two instances of the service (each its own app, pool, bus and LISTEN connection) on one PostgreSQL
// database: what one instance publishes reaches the other's event streams through LISTEN/NOTIFY only.

const postgresUrl = inject('postgresUrl');

describe.skipIf(!postgresUrl)('live updates across two instances on one PostgreSQL', () => {
  let database: TestDatabase;
  let db: Db;
  let a: RunningService;
  let b: RunningService;
  const dirs: string[] = [];
  const streams: EventStreamClient[] = [];
  let agent: Record<string, string>;
  let agentId = 0;
  let clientId = 0;
  let admin: Record<string, string>;
  let seed = '';
  // Staff file for an existing client account (no sign-up involved).
  const file = async (service: RunningService, subject: string) => {
    const filed = await call(service, 'POST', '/tickets/', {
      name: 'Sam',
      email: 'sam@client.test',
      subject,
      description: 'Where is it?',
      user_id: clientId,
    });
    expect(filed.status).toBe(201);
    return filed.json?.id as number;
  };

  const call = async (service: RunningService, method: string, path: string, body?: object) => {
    const res = await fetch(`${service.url}/api/helpdesk/v1${path}`, {
      method,
      headers: { ...agent, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, json: (res.status === 204 ? null : await res.json()) as Record<string, unknown> };
  };
  const follow = async (service: RunningService) => {
    const stream = await openEventStream(`${service.url}/api/helpdesk/v1/events`, agent);
    streams.push(stream);
    expect(stream.status).toBe(200);
    return stream;
  };
  const about = (kind: string, ticket: number) => (e: { event: string; data: unknown }) =>
    e.event === kind && (e.data as { ticket: number }).ticket === ticket;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    seed = randomBytes(32).toString('hex');
    const start = async () => {
      const dir = mkdtempSync(join(tmpdir(), 'helpdesk-live-'));
      dirs.push(dir);
      const env = { DATABASE_URL: database.url, HELPDESK_DATA_DIR: dir, HELPDESK_ENCRYPTION_SEED: seed, PORT: '0', LOG_LEVEL: 'silent' };
      const config = await loadConfig(env, dir);
      return startService({ ...config, host: '127.0.0.1' }, () => {}, { services: 'web' });
    };
    a = await start();
    b = await start();
    db = createDb({ url: database.url, poolSize: 2 });
    const ctx = createDomainContext(db, createHooks());
    const user = await addUser(ctx, { email: 'alex@staff.test', name: 'Alex', role: 'agent' });
    agentId = user.id;
    clientId = (await addUser(ctx, { email: 'sam@client.test', name: 'Sam', role: 'client' })).id;
    agent = { authorization: `Bearer ${await createApiToken(db.kysely, user.id, 'live test')}` };
    const boss = await addUser(ctx, { email: 'kim@staff.test', name: 'Kim', role: 'admin' });
    admin = { authorization: `Bearer ${await createApiToken(db.kysely, boss.id, 'live test')}` };
  }, 60_000);

  afterAll(async () => {
    for (const stream of streams) stream.close();
    await a?.stop();
    await b?.stop();
    await db?.close();
    await database?.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it("a ticket filed, answered and closed on instance A shows on instance B's stream", async () => {
    const onB = await follow(b);
    const id = await file(a, 'Lost parcel');
    await onB.waitFor(about('ticket.created', id), 'the new ticket on B');

    expect((await call(a, 'POST', `/tickets/${id}/comments`, { text: 'Found it.' })).status).toBe(201);
    const reply = await onB.waitFor(about('comment.added', id), 'the reply on B');
    expect(reply.data).toMatchObject({ ticket: id, version: 2, internal: false, by: agentId });

    const closed = await call(a, 'PATCH', `/tickets/${id}`, { status: 'closed' });
    expect(closed.status).toBe(200);
    await onB.waitFor(
      (e) => about('ticket.updated', id)(e) && (e.data as { version: number }).version === closed.json?.version,
      'the close',
    );
    // B's own subscribers hear each event once: B does not hear its own notices back, nor A's twice.
    expect(onB.events.filter(about('comment.added', id))).toHaveLength(1);
  });

  it('presence told to A reaches B, and a stream opened on B later is told who is there', async () => {
    const id = await file(a, 'Refund');
    const onB = await follow(b);
    expect((await call(a, 'POST', `/tickets/${id}/presence`, { state: 'replying' })).status).toBe(204);
    const heard = await onB.waitFor(about('presence', id), 'presence on B');
    expect(heard.data).toEqual({ ticket: id, user: { id: agentId, name: 'Alex' }, state: 'replying' });
    const later = await follow(b);
    await later.waitFor(about('presence', id), 'the snapshot on B');
  });

  it("a tag renamed on A and an agent's lines read on A reach that agent's stream on B", async () => {
    const onB = await follow(b);
    const made = await call(a, 'POST', '/tags/', { name: 'Courier' });
    expect(made.status).toBe(201);
    const tag = made.json?.id as number;
    expect((await call(a, 'PATCH', `/tags/${tag}`, { name: 'Carrier', color: '#0369a1' })).status).toBe(200);
    const renamed = await onB.waitFor(
      (e) => e.event === 'tag.changed' && (e.data as { change: string }).change === 'updated',
      'the rename on B',
    );
    expect(renamed.data).toEqual({ tag, change: 'updated', by: agentId });

    const id = await file(a, 'Where is my parcel');
    await db.kysely
      .insertInto('notifications')
      .values({
        user_id: agentId,
        kind: 'client_replied',
        ticket_id: id,
        comment_id: null,
        created_at: new Date().toISOString(),
        read_at: null,
      })
      .execute();
    // Opening the ticket on A marks its line read; the bell in the agent's tab served by B hears it.
    expect((await call(a, 'GET', `/tickets/${id}`)).status).toBe(200);
    await onB.waitFor(about('notifications.read', id), 'the read lines on B');
  });

  it('a stream that saw an event on B resumes on A after its id: the ids mean the same on both instances', async () => {
    const onB = await follow(b);
    const first = await file(a, 'First');
    const seen = await onB.waitFor(about('ticket.created', first), 'the first ticket on B');
    onB.close();
    const missed = [await file(a, 'Second'), await file(b, 'Third')];
    const onA = await openEventStream(`${a.url}/api/helpdesk/v1/events`, { ...agent, 'last-event-id': seen.id as string });
    streams.push(onA);
    await onA.waitFor(about('ticket.created', missed[1] as number), 'the third ticket, replayed on A');
    expect(onA.events.filter((e) => e.event !== 'presence').map((e) => [e.event, (e.data as { ticket: number }).ticket])).toEqual([
      ['ticket.created', missed[0]],
      ['ticket.created', missed[1]],
    ]);
  });

  it('a token revoked on A ends its stream on B before the next event A writes', async () => {
    const second = await insertApiToken(db.kysely, agentId, 'second tab');
    const onB = await follow(b);
    const doomed = await openEventStream(`${b.url}/api/helpdesk/v1/events`, { authorization: `Bearer ${second.token}` });
    streams.push(doomed);
    expect(doomed.status).toBe(200);
    const revoked = await fetch(`${a.url}/api/helpdesk/v1/tokens/${second.row.id}`, { method: 'DELETE', headers: admin });
    expect(revoked.status).toBe(204);
    const next = await file(a, 'After the revocation');
    await onB.waitFor(about('ticket.created', next), 'the next ticket on the stream still allowed');
    await Promise.race([doomed.ended, doomed.waitFor(about('ticket.created', next), 'the next ticket').then(() => undefined)]);
    expect(doomed.events.some(about('ticket.created', next))).toBe(false);
    await doomed.ended;
  });

  it('a token revoked with the CLI ends its stream on B before the next event', async () => {
    const third = await insertApiToken(db.kysely, agentId, 'third tab');
    const doomed = await openEventStream(`${b.url}/api/helpdesk/v1/events`, { authorization: `Bearer ${third.token}` });
    streams.push(doomed);
    expect(doomed.status).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), 'helpdesk-live-cli-'));
    dirs.push(dir);
    const saved = { ...process.env };
    Object.assign(process.env, { DATABASE_URL: database.url, HELPDESK_DATA_DIR: dir, HELPDESK_ENCRYPTION_SEED: seed });
    try {
      expect(
        await runCli(
          ['token', 'revoke', String(third.row.id)],
          () => {},
          () => {},
        ),
      ).toBe(0);
    } finally {
      process.env = saved;
    }
    const next = await file(a, 'After the CLI');
    await Promise.race([doomed.ended, doomed.waitFor(about('ticket.created', next), 'the next ticket').then(() => undefined)]);
    expect(doomed.events.some(about('ticket.created', next))).toBe(false);
  });

  it('an instance whose listening connection is cut reconnects, tells its streams to resync, and hears events again', async () => {
    const onB = await follow(b);
    const before = await file(a, 'Before the cut');
    const seen = await onB.waitFor(about('ticket.created', before), 'the ticket before the cut');
    const cut = await sql<{ pid: number }>`
      select pg_terminate_backend(pid) as pid from pg_stat_activity
      where application_name = ${LISTENER_NAME} and datname = current_database()`.execute(db.kysely);
    expect(cut.rows.length).toBe(2);
    await onB.waitFor((e) => e.event === 'resync', 'resync on B', { timeoutMs: 15_000 });
    // B may have missed events in the gap: an id from before it is no longer resumable there.
    const resumed = await openEventStream(`${b.url}/api/helpdesk/v1/events`, { ...agent, 'last-event-id': seen.id as string });
    streams.push(resumed);
    expect((await resumed.waitFor((e) => e.event !== 'presence', 'the first event after the gap')).event).toBe('resync');
    const id = await file(a, 'Again');
    // A may still be reconnecting when it files; its next event after that must arrive.
    await expect
      .poll(
        async () => {
          await call(a, 'POST', `/tickets/${id}/comments`, { text: 'Still here.' });
          return onB.events.some(about('comment.added', id));
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe(true);
  });
});
