import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import SQLite from '../../../db/sqlite-driver.js';
import { countRows, relaxIntakeLimits, setRegistration, ticketPayload } from '../../../test/fixtures.js';
import { createTestHelpdesk, type TestHelpdesk } from '../../../test/test-helpdesk.js';
import { canMountTmpfs, mountSmallDisk, type SmallDisk } from '../../../test/tmpfs.js';

const URL_TICKETS = '/api/helpdesk/v1/tickets/';

async function integrityCheck(hd: TestHelpdesk): Promise<string> {
  const { rows } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(hd.ctx.db);
  return rows.map((r) => r.integrity_check).join('\n');
}

async function ready(hd: TestHelpdesk) {
  await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
  await relaxIntakeLimits(hd.ctx);
}

function expectUnavailable(
  res: { statusCode: number; headers: Record<string, unknown>; json(): unknown; body: string },
  code: string,
  retryAfter: string,
) {
  expect(res.statusCode).toBe(503);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(res.headers['retry-after']).toBe(retryAfter);
  expect(res.json()).toMatchObject({ status: 503, code, detail: expect.stringContaining('Nothing was saved') });
  // The client never sees the driver's words, SQL or paths.
  expect(res.body).not.toMatch(/SQLITE|sqlite|insert|\/tmp\//i);
}

describe('SQLite locked by another process beyond the busy timeout', () => {
  let hd: TestHelpdesk;
  beforeAll(async () => {
    hd = await createTestHelpdesk('sqlite', { databaseTuning: { sqliteBusyTimeoutMs: 100 } });
    await ready(hd);
  });
  afterAll(() => hd.close());

  it(
    'answers every waiting submission 503 with Retry-After, stores nothing, ' + 'keeps serving reads, and takes the next one once released',
    async () => {
      const before = await countRows(hd.ctx);
      // Another process (a backup, the CLI, a stray sqlite3 shell) holds the write lock.
      const other = new SQLite(hd.config.databaseUrl);
      other.exec('begin immediate');
      try {
        const refused = await Promise.all(
          Array.from({ length: 6 }, () => hd.app.inject({ method: 'POST', url: URL_TICKETS, payload: ticketPayload() })),
        );
        for (const res of refused) expectUnavailable(res, 'SERVICE_UNAVAILABLE', '2');
        expect((await hd.app.inject({ method: 'GET', url: '/api/helpdesk/v1/docs/' })).statusCode).toBe(200);
        expect((await hd.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      } finally {
        other.exec('rollback');
        other.close();
      }
      expect(await countRows(hd.ctx)).toEqual(before);
      const accepted = await hd.app.inject({ method: 'POST', url: URL_TICKETS, payload: ticketPayload() });
      expect(accepted.statusCode).toBe(201);
      expect(await countRows(hd.ctx)).toMatchObject({ posts: Number(before.posts) + 1, jobs: Number(before.jobs) + 1 });
    },
  );
});

describe.skipIf(!canMountTmpfs())('SQLite on a full disk', () => {
  let disk: SmallDisk;
  let hd: TestHelpdesk;
  beforeAll(async () => {
    disk = mountSmallDisk(16);
    hd = await createTestHelpdesk('sqlite', { databaseUrl: `${disk.dir}/helpdesk.sqlite` });
    await ready(hd);
  });
  afterEach(() => disk.free());
  afterAll(async () => {
    await hd?.close();
    disk?.unmount();
  });

  it(
    'answers 503 STORAGE_FULL and stores nothing, keeps serving reads, ' + 'passes integrity_check, and writes again once space is freed',
    async () => {
      expect((await hd.app.inject({ method: 'POST', url: URL_TICKETS, payload: ticketPayload() })).statusCode).toBe(201);
      const before = await countRows(hd.ctx);
      // An empty WAL, so the next commit must take new space (a reused WAL would need none).
      await sql`pragma wal_checkpoint(truncate)`.execute(hd.ctx.db);
      disk.fill();

      const refused = await Promise.all(
        Array.from({ length: 4 }, (_, i) =>
          hd.app.inject({ method: 'POST', url: URL_TICKETS, payload: ticketPayload({ subject: `Full disk ${i}` }) }),
        ),
      );
      for (const res of refused) expectUnavailable(res, 'STORAGE_FULL', '60');
      expect((await hd.app.inject({ method: 'GET', url: '/api/helpdesk/v1/docs/' })).statusCode).toBe(200);
      expect((await hd.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      expect(await countRows(hd.ctx)).toEqual(before);
      expect(await integrityCheck(hd)).toBe('ok');

      disk.free();
      const accepted = await hd.app.inject({
        method: 'POST',
        url: URL_TICKETS,
        payload: ticketPayload({ subject: 'After the disk was freed' }),
      });
      expect(accepted.statusCode).toBe(201);
      expect(await countRows(hd.ctx)).toMatchObject({ posts: Number(before.posts) + 1, jobs: Number(before.jobs) + 1 });
      const titles = await hd.ctx.db.selectFrom('posts').select('title').where('type', '=', 'ticket').execute();
      expect(titles.map((t) => t.title)).not.toContain('Full disk 0');
      expect(await integrityCheck(hd)).toBe('ok');
    },
  );
});
