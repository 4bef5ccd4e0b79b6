import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb, type Db } from './db/create-db.js';
import { migrateToLatest } from './db/migrate.js';
import { createDomainContext } from './domain/context.js';
import { addUser } from './domain/people/add-user.js';
import { createSlaPolicy } from './domain/sla/create-sla-policy.js';
import { createTicket } from './domain/tickets/create-ticket.js';
import { createHooks } from './hooks/create-hooks.js';
import { relaxIntakeLimits, setRegistration } from './test/fixtures.js';
import { ensureBuiltServer, startHelpdeskProcess } from './test/helpdesk-process.js';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from './test/test-databases.js';
import { waitUntil } from './test/wait-until.js';

// Real `helpdesk serve` processes on the real clock: the tickets are filed "minutes ago" (a clock set back while
// filing), so their warnings and breaches are due when a process starts, and its first sweep sends them.

const MINUTE = 60_000;

interface Prepared {
  agentId: number;
  /** Filed 50 minutes ago: first reply (60 minutes) warned of at 45, due in 10. */
  warnDue: number[];
  /** Filed 61 minutes ago: first reply overdue, its warning left to the breach. */
  breachDue: number[];
}

/** Migrates, adds an agent and a policy (first reply 60 minutes, warned 15 before), and files the tickets. */
async function prepare(url: string, counts: { warn: number; breach: number }): Promise<Prepared> {
  const db = createDb({ url });
  try {
    await migrateToLatest(db);
    const ctx = createDomainContext(db, createHooks());
    await setRegistration(ctx, { anyoneCanRegister: false, createAccounts: true });
    await relaxIntakeLimits(ctx);
    const agent = await addUser(ctx, { email: 'alex@staff.test', name: 'Alex', role: 'agent' });
    await createSlaPolicy(db.kysely, { name: 'Standard', targets: [{ urgency: null, first_reply: 60, resolution: 24 * 60 }] }, new Date());
    const file = async (minutesAgo: number, subject: string) => {
      ctx.now = () => new Date(Date.now() - minutesAgo * MINUTE);
      const { id } = await createTicket(ctx, { name: 'Pat', email: 'pat@client.test', subject, description: 'It broke.' }, null);
      await db.kysely.updateTable('posts').set({ assignee_id: agent.id }).where('id', '=', id).execute();
      return id;
    };
    const warnDue: number[] = [];
    const breachDue: number[] = [];
    for (let i = 0; i < counts.warn; i++) warnDue.push(await file(50, `Due soon ${i}`));
    for (let i = 0; i < counts.breach; i++) breachDue.push(await file(61, `Overdue ${i}`));
    return { agentId: agent.id, warnDue, breachDue };
  } finally {
    await db.close();
  }
}

/** Per ticket: its warnings and breaches as recorded in the activity, the bell and the mail queue. */
async function sent(db: Db, ticketId: number) {
  const entries = await db.kysely
    .selectFrom('ticket_events')
    .select('new_value')
    .where('ticket_id', '=', ticketId)
    .where('kind', '=', 'sla')
    .execute();
  const bell = await db.kysely
    .selectFrom('notifications')
    .select('kind')
    .where('ticket_id', '=', ticketId)
    .where('kind', 'in', ['sla_warning', 'sla_breached'])
    .execute();
  const mails = (await db.kysely.selectFrom('jobs').select('payload').where('kind', '=', 'mail').execute())
    .map((job) => JSON.parse(job.payload) as { template: string; ticketId: number })
    .filter((payload) => payload.ticketId === ticketId && payload.template.startsWith('agent_sla_'));
  const count = (values: string[]) => ({
    warning: values.filter((v) => v.includes('warning')).length,
    breached: values.filter((v) => v.includes('breached')).length,
  });
  return {
    activity: count(entries.map((e) => e.new_value ?? '')),
    bell: count(bell.map((n) => n.kind)),
    mail: count(mails.map((m) => m.template)),
  };
}

const targetsOf = (db: Db, ids: number[]) =>
  db.kysely
    .selectFrom('ticket_sla_targets')
    .select(['ticket_id', 'warned_at', 'breached_at', 'status'])
    .where('ticket_id', 'in', ids)
    .where('metric', '=', 'first_reply')
    .execute();

const once = { warning: 1, breached: 0 };
const breachedOnly = { warning: 0, breached: 1 };
const both = { warning: 1, breached: 1 };

describeEachDatabase('service-level events of a real process killed and restarted', (dialect) => {
  const cleanups: Array<() => Promise<void> | void> = [];
  beforeAll(() => {
    ensureBuiltServer();
  }, 180_000);
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()?.();
  });

  it('a warning sent before a kill -9 is not sent again, and the breach due while it was down goes out at the restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'helpdesk-sla-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    let url = join(dataDir, 'helpdesk.sqlite');
    const env: Record<string, string> = { HELPDESK_DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
    if (dialect === 'postgres') {
      const database: TestDatabase = await createTestDatabase('postgres');
      cleanups.push(() => database.drop());
      url = database.url;
      env.DATABASE_URL = database.url;
    }
    const { warnDue } = await prepare(url, { warn: 1, breach: 0 });
    const ticketId = warnDue[0] as number;
    const db = createDb({ url });
    cleanups.push(() => db.close());

    const first = await startHelpdeskProcess(env, dataDir, [], { built: true });
    cleanups.push(() => first.kill('SIGKILL'));
    await waitUntil('the warning', async () => (await targetsOf(db, [ticketId]))[0]?.warned_at !== null);
    await first.kill('SIGKILL');
    expect(await sent(db, ticketId)).toEqual({ activity: once, bell: once, mail: once });

    // While it is down, its due time passes: the target is moved 11 minutes on, as the clock would.
    await db.kysely
      .updateTable('ticket_sla_targets')
      .set({ due_at: new Date(Date.now() - MINUTE).toISOString(), warn_at: new Date(Date.now() - 16 * MINUTE).toISOString() })
      .where('ticket_id', '=', ticketId)
      .where('metric', '=', 'first_reply')
      .execute();
    const second = await startHelpdeskProcess(env, dataDir, [], { built: true });
    cleanups.push(() => second.kill('SIGKILL'));
    // The restart's first sweep sends warnings before breaches: once the breach is there, a second warning would be too.
    await waitUntil('the breach', async () => (await targetsOf(db, [ticketId]))[0]?.status === 'breached');
    await second.stop();
    expect(await sent(db, ticketId)).toEqual({ activity: both, bell: both, mail: both });
  }, 180_000);
});

const postgresUrl = inject('postgresUrl');

describe.skipIf(!postgresUrl)('service-level events with two instances on one PostgreSQL', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  beforeAll(() => {
    ensureBuiltServer();
  }, 180_000);
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()?.();
  });

  it('two processes sweeping the same due targets at their start send each warning and each breach once', async () => {
    const database = await createTestDatabase('postgres');
    cleanups.push(() => database.drop());
    const { warnDue, breachDue } = await prepare(database.url, { warn: 12, breach: 12 });
    const db = createDb({ url: database.url });
    cleanups.push(() => db.close());
    const start = async (name: string) => {
      const dataDir = mkdtempSync(join(tmpdir(), `helpdesk-sla-${name}-`));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const server = await startHelpdeskProcess(
        { HELPDESK_DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: database.url },
        dataDir,
        [],
        {
          built: true,
        },
      );
      cleanups.push(() => server.kill('SIGKILL'));
      return server;
    };
    const [a, b] = await Promise.all([start('a'), start('b')]);
    await waitUntil('every warning and breach', async () => {
      const rows = await targetsOf(db, [...warnDue, ...breachDue]);
      return rows.every((row) => (warnDue.includes(row.ticket_id) ? row.warned_at !== null : row.status === 'breached'));
    });
    await Promise.all([a.stop(), b.stop()]);
    for (const id of warnDue) expect(await sent(db, id), `ticket ${id}`).toEqual({ activity: once, bell: once, mail: once });
    for (const id of breachDue)
      expect(await sent(db, id), `ticket ${id}`).toEqual({ activity: breachedOnly, bell: breachedOnly, mail: breachedOnly });
  }, 180_000);
});
