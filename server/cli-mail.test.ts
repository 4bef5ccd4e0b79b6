import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { runCli } from './cli.js';
import { createDb } from './db/create-db.js';
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
  async function pipe(message: string, overrides: Record<string, string> = {}, built = false) {
    const child = spawnHelpdesk(['mail', 'receive'], env(overrides), dataDir, { stdin: message, built });
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

  it('files a 3.8 MB HTML-only mail with its first words and a note that the rest was cut, read in the built worker thread', async () => {
    const quiet = () => {};
    expect(await runCli(['user', 'add', '--email', 'ann@client.test', '--name', 'Ann', '--role', 'client'], quiet, quiet)).toBe(0);
    // Table cells without a space between them: one long word, which line wrapping split in quadratic time.
    const cell = '<tr><td>cell</td><td><b>x</b></td></tr>';
    const html = `<p>Hello from a big table.</p><table>${cell.repeat(Math.ceil(3_800_000 / cell.length))}</table>`;
    const message = await composeMail({ from: 'ann@client.test', to: 'support@help.test', subject: 'Big', html });
    const piped = await pipe(message, {}, true);
    expect(piped).toEqual({ code: 0, output: expect.stringMatching(/^Imported into ticket #\d+ as a new ticket\.\n$/) });
    const db = createDb({ url: database.url });
    try {
      const ticket = await db.kysely.selectFrom('posts').select('content').where('type', '=', 'ticket').executeTakeFirstOrThrow();
      expect(ticket.content.startsWith('Hello from a big table.')).toBe(true);
      expect(ticket.content.endsWith('[The rest of the mail was cut: it was too long.]')).toBe(true);
      expect(ticket.content.length).toBeLessThanOrEqual(20_000);
      // Not wrapped at 80 columns: the thread wraps lines itself.
      expect(Math.max(...ticket.content.split('\n').map((line) => line.length))).toBeGreaterThan(1000);
    } finally {
      await db.close();
    }
  }, 90_000);
});
