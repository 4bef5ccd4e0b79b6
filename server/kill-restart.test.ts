import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { createDb, type Db } from './db/create-db.js';
import { migrateToLatest } from './db/migrate.js';
import SQLite from './db/sqlite-driver.js';
import { createDomainContext } from './domain/context.js';
import { createHooks } from './hooks/create-hooks.js';
import { relaxIntakeLimits, setRegistration, ticketPayload } from './test/fixtures.js';
import { ensureBuiltServer, type HelpdeskProcess, startHelpdeskProcess } from './test/helpdesk-process.js';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from './test/test-databases.js';

// Tickets acknowledged with a 201 before the kill; the load goes on around it.
const KILL_AFTER = 60;
const SUBMITTERS = 16;

interface Acknowledged {
  id: number;
  subject: string;
}

/** Fires submissions from several loops until the server stops answering; SIGKILLs it at the Nth 201. */
async function loadUntilKilled(server: HelpdeskProcess & { url: string }, runId: string): Promise<Acknowledged[]> {
  const acknowledged: Acknowledged[] = [];
  let sent = 0;
  let killing: Promise<void> | undefined;
  async function submitter() {
    while (!killing) {
      sent += 1;
      const subject = `Crash ${runId} #${sent}`;
      try {
        const res = await fetch(`${server.url}/api/helpdesk/v1/tickets/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(ticketPayload({ subject })),
          signal: AbortSignal.timeout(20_000),
        });
        const body = (await res.json()) as { id: number };
        if (res.status !== 201) throw new Error(`Expected 201 before the kill, got ${res.status}: ${JSON.stringify(body)}`);
        acknowledged.push({ id: body.id, subject });
        // The condition, not a timer: the kill lands while the other loops' requests are in flight.
        if (acknowledged.length === KILL_AFTER && !killing) killing = server.kill('SIGKILL');
      } catch (error) {
        // Requests cut by the kill have no answer: their tickets may or may not exist.
        if (!killing) throw error;
      }
    }
  }
  await Promise.all(Array.from({ length: SUBMITTERS }, () => submitter()));
  await killing;
  return acknowledged;
}

async function prepareDatabase(url: string): Promise<void> {
  const db = createDb({ url });
  try {
    await migrateToLatest(db);
    const ctx = createDomainContext(db, createHooks());
    await setRegistration(ctx, { anyoneCanRegister: false, createAccounts: true });
    await relaxIntakeLimits(ctx);
  } finally {
    await db.close();
  }
}

async function expectEveryAcknowledgedTicketOnce(db: Db, acknowledged: Acknowledged[]) {
  const tickets = await db.kysely.selectFrom('posts').select(['id', 'title']).where('type', '=', 'ticket').execute();
  expect(tickets.length).toBeGreaterThanOrEqual(acknowledged.length);
  // No ticket twice (subjects are unique per submission), and each 201 is there under its id.
  expect(new Set(tickets.map((t) => t.title)).size).toBe(tickets.length);
  const byTitle = new Map(tickets.map((t) => [t.title, t.id]));
  for (const { id, subject } of acknowledged) expect(byTitle.get(subject), subject).toBe(id);
  // No ticket without its outbox job or its status (and no job without its ticket).
  const jobs = await db.kysely.selectFrom('jobs').select('payload').where('kind', '=', 'ticket_created').execute();
  const jobTickets = jobs.map((j) => (JSON.parse(j.payload) as { ticketId: number }).ticketId).sort((a, b) => a - b);
  expect(jobTickets).toEqual(tickets.map((t) => t.id).sort((a, b) => a - b));
  const statuses = await db.kysely.selectFrom('term_relationships').select('post_id').where('taxonomy', '=', 'ticket_status').execute();
  expect(new Set(statuses.map((s) => s.post_id))).toEqual(new Set(tickets.map((t) => t.id)));
}

describeEachDatabase('kill -9 of the server in the middle of a load of submissions, then restart', (dialect) => {
  const cleanups: Array<() => Promise<void> | void> = [];
  beforeAll(() => {
    ensureBuiltServer();
  }, 120_000);
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()?.();
  });

  it('keeps every ticket that got a 201, exactly once, each with its outbox job; the restarted service takes tickets again', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'helpdesk-kill-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    let databaseUrl = join(dataDir, 'helpdesk.sqlite');
    const env: Record<string, string> = { HELPDESK_DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
    if (dialect === 'postgres') {
      const database: TestDatabase = await createTestDatabase('postgres');
      cleanups.push(() => database.drop());
      databaseUrl = database.url;
      env.DATABASE_URL = database.url;
    }
    await prepareDatabase(databaseUrl);

    const first = await startHelpdeskProcess(env, dataDir, [], { built: true });
    cleanups.push(() => first.kill('SIGKILL'));
    const acknowledged = await loadUntilKilled(first, `${dialect}-${process.pid}`);
    // Answers already on their way when the signal was sent count too.
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(await first.exited).toBe('SIGKILL');

    // Same data folder and database: start-up recovers what the kill left (SQLite's WAL, PostgreSQL's open transactions).
    const second = await startHelpdeskProcess(env, dataDir, [], { built: true });
    cleanups.push(() => second.kill('SIGKILL'));
    expect((await fetch(`${second.url}/healthz`)).status).toBe(200);
    const after = await fetch(`${second.url}/api/helpdesk/v1/tickets/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ticketPayload({ subject: `After the restart ${dialect}` })),
    });
    expect(after.status).toBe(201);
    const { id } = (await after.json()) as { id: number };
    await second.kill('SIGTERM');

    if (dialect === 'sqlite') {
      const file = new SQLite(databaseUrl, { readonly: true });
      try {
        expect(file.pragma('integrity_check')).toEqual([{ integrity_check: 'ok' }]);
      } finally {
        file.close();
      }
    }
    const db = createDb({ url: databaseUrl });
    cleanups.push(() => db.close());
    await expectEveryAcknowledgedTicketOnce(db, [...acknowledged, { id, subject: `After the restart ${dialect}` }]);
  }, 90_000);
});
