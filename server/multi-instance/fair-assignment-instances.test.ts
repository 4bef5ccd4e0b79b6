import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../config/load-config.js';
import { createDb, type Db } from '../db/create-db.js';
import { migrateToLatest } from '../db/migrate.js';
import { createDomainContext } from '../domain/context.js';
import { addUser } from '../domain/people/add-user.js';
import { createApiToken } from '../domain/people/api-tokens.js';
import { createHooks } from '../hooks/create-hooks.js';
import { updateSettings } from '../settings/settings.js';
import { type RunningService, startService } from '../start-service.js';
import { createTestDatabase, type TestDatabase } from '../test/test-databases.js';

// Two instances of the service, each with its worker, on one PostgreSQL database: their workers run the filings'
// jobs side by side, so both assign at once; no ticket is assigned twice and no one passes the limit.

const postgresUrl = inject('postgresUrl');
const TICKETS = 40;
const LIMIT = 10;

describe.skipIf(!postgresUrl)('fair assignment by two instances on one PostgreSQL', () => {
  let database: TestDatabase;
  let db: Db;
  const services: RunningService[] = [];
  const dirs: string[] = [];
  let staff: Record<string, string>;
  let clientId = 0;
  const agentIds: number[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const seed = randomBytes(32).toString('hex');
    db = createDb({ url: database.url, poolSize: 2 });
    const ctx = createDomainContext(db, createHooks());
    await migrateToLatest(db);
    for (const name of ['Alex', 'Bea', 'Cem']) agentIds.push((await addUser(ctx, { email: `${name}@staff.test`, name, role: 'agent' })).id);
    clientId = (await addUser(ctx, { email: 'sam@client.test', name: 'Sam', role: 'client' })).id;
    staff = { authorization: `Bearer ${await createApiToken(db.kysely, agentIds[0] as number, 'assignment test')}` };
    await updateSettings(ctx, { tickets: { assignment_mode: 'fewest_open', open_ticket_limit: LIMIT } });
    for (let i = 0; i < 2; i++) {
      const dir = mkdtempSync(join(tmpdir(), 'helpdesk-assignment-'));
      dirs.push(dir);
      const env = { DATABASE_URL: database.url, HELPDESK_DATA_DIR: dir, HELPDESK_ENCRYPTION_SEED: seed, PORT: '0', LOG_LEVEL: 'silent' };
      const config = await loadConfig(env, dir);
      services.push(await startService({ ...config, host: '127.0.0.1' }, () => {}));
    }
  }, 60_000);

  afterAll(async () => {
    for (const service of services) await service.stop();
    await db?.close();
    await database?.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('tickets filed on both instances are each assigned once, nobody past the limit, the rest waiting', async () => {
    const filings = Array.from({ length: TICKETS }, async (_, i) => {
      const service = services[i % 2] as RunningService;
      const res = await fetch(`${service.url}/api/helpdesk/v1/tickets/`, {
        method: 'POST',
        headers: { ...staff, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Sam', email: 'sam@client.test', subject: `Order ${i}`, description: 'Late.', user_id: clientId }),
      });
      expect(res.status).toBe(201);
    });
    await Promise.all(filings);
    // Both workers take the filings' jobs; done when every ticket is assigned or waiting.
    await expect
      .poll(
        async () => {
          const assigned = await db.kysely
            .selectFrom('posts')
            .select('id')
            .where('type', '=', 'ticket')
            .where('assignee_id', 'is not', null)
            .execute();
          const waiting = await db.kysely.selectFrom('assignment_queue').select('ticket_id').execute();
          return assigned.length + waiting.length;
        },
        { timeout: 30_000, interval: 100 },
      )
      .toBe(TICKETS);
    const rows = await db.kysely.selectFrom('posts').select('assignee_id').where('type', '=', 'ticket').execute();
    const counts = agentIds.map((id) => rows.filter((row) => row.assignee_id === id).length);
    expect(counts).toEqual([LIMIT, LIMIT, LIMIT]);
    const events = await db.kysely.selectFrom('ticket_events').select('ticket_id').where('field', '=', 'assignee').execute();
    expect(events).toHaveLength(LIMIT * 3);
    expect(new Set(events.map((event) => event.ticket_id)).size).toBe(events.length);
  });
});
