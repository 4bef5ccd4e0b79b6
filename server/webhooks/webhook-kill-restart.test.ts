// Issue 39 part 2: a real `helpdesk serve` with a subscription to a local receiver takes a burst of 1,000 filings,
// is killed with SIGKILL in the middle of it and started again on the same database. Every ticket that exists (every
// filing that committed, answered or not) reaches the receiver as ticket.created at least once, each request verified
// by the standardwebhooks library, and a ticket's duplicates (a delivery cut by the kill is sent again) share one
// webhook-id. SQLite only: the outbox is the same code on PostgreSQL (kill-restart.test.ts covers its filings'
// outbox rows there), and this test is about the process dying, not the store.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../db/create-db.js';
import { migrateToLatest } from '../db/migrate.js';
import { createDomainContext } from '../domain/context.js';
import { addUser } from '../domain/people/add-user.js';
import { createApiToken } from '../domain/people/api-tokens.js';
import { createHooks } from '../hooks/create-hooks.js';
import { updateSettings } from '../settings/settings.js';
import { relaxIntakeLimits, setRegistration, ticketPayload } from '../test/fixtures.js';
import { ensureBuiltServer, type HelpdeskProcess, startHelpdeskProcess } from '../test/helpdesk-process.js';
import { waitUntil } from '../test/wait-until.js';
import { startReceiver, type TestReceiver } from './test-receiver.js';

const BURST = 1_000;
// The 201 at which the process is killed; the other submitters' requests are in flight then.
const KILL_AFTER = 400;
const SUBMITTERS = 16;

type Server = HelpdeskProcess & { url: string };

/** Files tickets from several loops until `total` were sent, or (with `killAt`) until the process is killed. */
async function burst(server: Server, state: { sent: number; total: number }, killAt?: number): Promise<number> {
  let acknowledged = 0;
  let killing: Promise<void> | undefined;
  async function submitter() {
    while (!killing && state.sent < state.total) {
      state.sent += 1;
      try {
        const res = await fetch(`${server.url}/api/helpdesk/v1/tickets/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(ticketPayload({ subject: `Burst #${state.sent}` })),
          signal: AbortSignal.timeout(20_000),
        });
        if (res.status !== 201) throw new Error(`Expected 201, got ${res.status}: ${await res.text()}`);
        await res.arrayBuffer().catch(() => undefined);
        acknowledged += 1;
        if (acknowledged === killAt) killing = server.kill('SIGKILL');
      } catch (error) {
        // A request cut by the kill has no answer: its ticket may or may not exist.
        if (!killing) throw error;
      }
    }
  }
  await Promise.all(Array.from({ length: SUBMITTERS }, () => submitter()));
  await killing;
  return acknowledged;
}

describe('kill -9 of the server in the middle of a burst of 1,000 events with a webhook subscription, then restart', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  beforeAll(() => {
    ensureBuiltServer();
  }, 120_000);
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()?.();
  });

  it('every ticket that exists reaches the receiver, signed, and its duplicates carry one webhook-id', async () => {
    const started = Date.now();
    const dataDir = mkdtempSync(join(tmpdir(), 'helpdesk-webhook-kill-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const databaseUrl = join(dataDir, 'helpdesk.sqlite');
    const env: Record<string, string> = { HELPDESK_DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
    // The first request is never answered: its delivery is in flight at the kill and is sent again after the restart,
    // a duplicate for certain (others may be).
    const receiver: TestReceiver = await startReceiver(['hang']);
    cleanups.push(() => receiver.close());

    const db = createDb({ url: databaseUrl });
    cleanups.push(() => db.close());
    await migrateToLatest(db);
    const ctx = createDomainContext(db, createHooks());
    await setRegistration(ctx, { anyoneCanRegister: false, createAccounts: true });
    await relaxIntakeLimits(ctx);
    await updateSettings(ctx, { tickets: { webhook_allowed_hosts: '127.0.0.1' } });
    const admin = await addUser(ctx, { email: 'admin@staff.test', name: 'Admin', role: 'admin' });
    const authorization = `Bearer ${await createApiToken(ctx.db, admin.id, 'test')}`;

    const first = await startHelpdeskProcess(env, dataDir, [], { built: true });
    cleanups.push(() => first.kill('SIGKILL'));
    const subscribed = await fetch(`${first.url}/api/helpdesk/v1/webhooks/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization },
      body: JSON.stringify({ url: receiver.url, events: ['ticket.created'] }),
    });
    expect(subscribed.status).toBe(201);
    const { secret } = (await subscribed.json()) as { secret: string };

    const state = { sent: 0, total: BURST };
    expect(await burst(first, state, KILL_AFTER)).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(await first.exited).toBe('SIGKILL');
    const deliveredBeforeRestart = receiver.received.length;
    // What the killed worker had claimed waits for its lease (5 min) to run out: the lease is moved to its end here.
    await db.kysely
      .updateTable('jobs')
      .set({ run_at: new Date(0).toISOString() })
      .where('state', '=', 'running')
      .execute();

    const second = await startHelpdeskProcess(env, dataDir, [], { built: true });
    cleanups.push(() => second.kill('SIGKILL'));
    // The rest of the burst, to the restarted process.
    await burst(second, state);

    const tickets = await db.kysely.selectFrom('posts').select('id').where('type', '=', 'ticket').execute();
    expect(tickets.length).toBeGreaterThanOrEqual(BURST - SUBMITTERS);
    const verifier = new Webhook(secret);
    const idsByTicket = new Map<number, Set<string>>();
    let checked = 0;
    const readNew = () => {
      for (; checked < receiver.received.length; checked += 1) {
        const request = receiver.received[checked];
        const headers = request?.headers as Record<string, string>;
        const event = verifier.verify(request?.body ?? '', headers) as { type: string; data: { ticket: { id: number } } };
        expect(event.type).toBe('ticket.created');
        const ids = idsByTicket.get(event.data.ticket.id) ?? new Set<string>();
        ids.add(headers['webhook-id'] as string);
        idsByTicket.set(event.data.ticket.id, ids);
      }
    };
    await waitUntil(`a ticket.created for each of the ${tickets.length} tickets`, async () => {
      readNew();
      return tickets.every((t) => idsByTicket.has(t.id));
    });
    await second.stop();
    readNew();
    for (const ticket of tickets) expect(idsByTicket.get(ticket.id)?.size, `ticket ${ticket.id}`).toBe(1);
    const duplicates = receiver.received.length - idsByTicket.size;
    // The receiver never answers the first request it gets: when one arrived before the kill, its delivery was cut and
    // must have been sent again (a busy machine may reach the kill before the worker sent anything).
    if (deliveredBeforeRestart > 0) expect(duplicates).toBeGreaterThanOrEqual(1);
    console.info(
      `webhook kill test: ${tickets.length} tickets, ${deliveredBeforeRestart} deliveries before the kill, ` +
        `${duplicates} duplicate(s), ${Math.round((Date.now() - started) / 100) / 10} s`,
    );
  }, 120_000);
});
