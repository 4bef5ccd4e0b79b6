import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { runCli } from './cli.js';
import { createDb } from './db/create-db.js';
import { migrateToLatest } from './db/migrate.js';
import { createDomainContext } from './domain/context.js';
import { createHooks } from './hooks/create-hooks.js';
import { updateSettings } from './settings/settings.js';
import { composeMail } from './test/compose-mail.js';
import { spawnHelpdesk } from './test/helpdesk-process.js';
import { freePort } from './test/smtp-sink.js';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from './test/test-databases.js';

describeEachDatabase('helpdesk mail receive (a mail server’s pipe)', (dialect) => {
  let dataDir = '';
  let database: TestDatabase;
  const saved = { ...process.env };
  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'helpdesk-cli-mail-'));
    database = await createTestDatabase(dialect);
    process.env.HELPDESK_DATA_DIR = dataDir;
    process.env.DATABASE_URL = database.url;
  });
  afterEach(async () => {
    process.env = { ...saved };
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const env = (overrides: Record<string, string> = {}) => ({
    HELPDESK_DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    HELPDESK_SUPPORT_ADDRESS: 'support@help.test',
    ...overrides,
  });
  /** Pipes a message into a real `helpdesk mail receive` process; its exit code and what it printed. */
  async function pipe(message: string, overrides: Record<string, string> = {}) {
    const child = spawnHelpdesk(['mail', 'receive'], env(overrides), dataDir, { stdin: message });
    return { code: await child.exited, output: child.output() };
  }

  it('exits 0 when imported and when delivered again, 65 when rejected with the reason, 75 when the store is away', async () => {
    const quiet = () => {};
    expect(await runCli(['user', 'add', '--email', 'ann@client.test', '--name', 'Ann', '--role', 'client'], quiet, quiet)).toBe(0);
    const message = await composeMail({ from: 'ann@client.test', to: 'support@help.test', subject: 'Piped', text: 'Hello by pipe.' });
    const first = await pipe(message);
    expect(first).toEqual({ code: 0, output: expect.stringMatching(/^Imported into ticket #\d+ as a new ticket\.\n$/) });
    expect(await pipe(message)).toEqual({ code: 0, output: 'Already imported; nothing changed.\n' });

    // Account creation is off by default: a stranger's mail is refused, and nothing is mailed back.
    const stranger = await composeMail({ from: 'eve@elsewhere.test', to: 'support@help.test', subject: 'Hi', text: 'Let me in.' });
    const rejected = await pipe(stranger);
    expect(rejected.code).toBe(65);
    expect(rejected.output).toMatch(/^Rejected: \S/);

    const db = createDb({ url: database.url });
    try {
      expect(await db.kysely.selectFrom('posts').select('title').where('type', '=', 'ticket').execute()).toEqual([{ title: 'Piped' }]);
      expect(await db.kysely.selectFrom('jobs').select('kind').where('kind', '=', 'mail').execute()).toEqual([]);
    } finally {
      await db.close();
    }

    // The store is away (PostgreSQL not answering) or locked by another process (SQLite): nothing is imported.
    const locker = createDb({ url: database.url });
    try {
      let away: Record<string, string>;
      if (dialect === 'postgres') {
        away = { DATABASE_URL: `postgres://postgres@127.0.0.1:${await freePort()}/none`, HELPDESK_DB_CONNECT_TIMEOUT_MS: '2000' };
      } else {
        await sql`begin immediate`.execute(locker.kysely);
        away = { HELPDESK_SQLITE_BUSY_TIMEOUT_MS: '50' };
      }
      const temporary = await pipe(message, away);
      expect(temporary.code).toBe(75);
      expect(temporary.output).toMatch(/^Temporary failure: /);
    } finally {
      await locker.close();
    }
    // Four real processes, each starting Node: a busy CI machine needs more than the default 30 s.
  }, 90_000);

  it('obeys the intake switch and counts each sending server across processes, refusals kept with their reason', async () => {
    const db = createDb({ url: database.url });
    const settings = (patch: Parameters<typeof updateSettings>[1]) => updateSettings(createDomainContext(db, createHooks()), patch);
    try {
      await migrateToLatest(db);
      await settings({ tickets: { create_accounts: true, intake_enabled: false }, emails: { new_tickets_per_server_hour: 1 } });
      const fromServer = async (from: string, server: string, n: number) =>
        `Received: from mx.sender.test (mx.sender.test [${server}]) by mx.help.test with ESMTPS id ${n}\r\n${await composeMail({
          from,
          to: 'support@help.test',
          subject: `By pipe ${n}`,
          text: 'Hello by pipe.',
          messageId: `<pipe-${n}@sender.test>`,
        })}`;

      expect(await pipe(await fromServer('ann@one.test', '203.0.113.9', 1))).toEqual({
        code: 65,
        output: 'Rejected: New tickets are turned off (Tickets → Intake protection). Retry it from the failed list once that changes.\n',
      });
      await settings({ tickets: { intake_enabled: true } });
      expect((await pipe(await fromServer('bob@two.test', '203.0.113.9', 2))).code).toBe(0);
      // Another process, another forged sender, the same server: its count outlived the first process.
      const third = await pipe(await fromServer('cleo@three.test', '203.0.113.9', 3));
      expect(third).toEqual({
        code: 65,
        output: expect.stringMatching(/^Rejected: Mail from the server 203\.0\.113\.9 already opened 1 ticket/),
      });
      expect((await pipe(await fromServer('dan@four.test', '203.0.113.10', 4))).code).toBe(0);

      const rows = await db.kysely.selectFrom('inbound_mails').select(['sender', 'outcome', 'reason']).orderBy('id').execute();
      expect(rows.map((r) => [r.sender, r.outcome])).toEqual([
        ['ann@one.test', 'rejected'],
        ['bob@two.test', 'imported'],
        ['cleo@three.test', 'rejected'],
        ['dan@four.test', 'imported'],
      ]);
      expect(await db.kysely.selectFrom('posts').select('title').where('type', '=', 'ticket').orderBy('id').execute()).toEqual([
        { title: 'By pipe 2' },
        { title: 'By pipe 4' },
      ]);
    } finally {
      await db.close();
    }
  }, 90_000);
});
