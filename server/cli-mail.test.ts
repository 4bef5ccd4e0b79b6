import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { runCli } from './cli.js';
import { loadConfig } from './config/load-config.js';
import { createDb } from './db/create-db.js';
import { migrateToLatest } from './db/migrate.js';
import { createDomainContext } from './domain/context.js';
import { agentReplyAddressFor, replyAddressFor } from './email/reply-address.js';
import { signWithReplyKey } from './email/reply-key.js';
import { createHooks } from './hooks/create-hooks.js';
import { updateSettings } from './settings/settings.js';
import { createServiceContext } from './start-service.js';
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
    // The number people read (the site's first ticket), not the id it shares with the seeded pages.
    expect(first).toEqual({ code: 0, output: 'Imported into ticket #1 as a new ticket.\n' });
    expect(await pipe(message)).toEqual({ code: 0, output: 'Already imported; nothing changed.\n' });

    // Account creation is off by default: a stranger's mail is refused, and nothing is mailed back.
    const stranger = await composeMail({ from: 'eve@elsewhere.test', to: 'support@help.test', subject: 'Hi', text: 'Let me in.' });
    const rejected = await pipe(stranger);
    expect(rejected.code).toBe(65);
    expect(rejected.output).toMatch(/^Rejected: \S/);

    const db = createDb({ url: database.url });
    try {
      const tickets = await db.kysely.selectFrom('posts').select(['id', 'number', 'title']).where('type', '=', 'ticket').execute();
      expect(tickets).toEqual([{ id: expect.any(Number), number: 1, title: 'Piped' }]);
      expect(tickets[0]?.id).not.toBe(1);
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
  it('a staff From is refused unless sent to the agent’s own address; a client over the limit: refused, kept, told once', async () => {
    const quiet = () => {};
    expect(await runCli(['user', 'add', '--email', 'amy@staff.test', '--name', 'Amy', '--role', 'agent'], quiet, quiet)).toBe(0);
    expect(await runCli(['user', 'add', '--email', 'ann@client.test', '--name', 'Ann', '--role', 'client'], quiet, quiet)).toBe(0);
    const filed = await pipe(await composeMail({ from: 'ann@client.test', to: 'support@help.test', subject: 'Broken', text: 'Help.' }));
    expect(filed.code).toBe(0);

    const db = createDb({ url: database.url });
    try {
      const ctx = await createServiceContext(db, await loadConfig({ ...process.env, ...env() }, dataDir), quiet);
      await updateSettings(ctx, { tickets: { limit_client_replies_hour: 1 } });
      const ticket = await db.kysely.selectFrom('posts').select(['id', 'number']).where('type', '=', 'ticket').executeTakeFirstOrThrow();
      expect(ticket.id).not.toBe(ticket.number);
      const amy = await db.kysely.selectFrom('users').select('id').where('email', '=', 'amy@staff.test').executeTakeFirstOrThrow();
      const clientAddress = await replyAddressFor(db.kysely, 'support@help.test', ticket.number as number);
      const amyAddress = await agentReplyAddressFor(db.kysely, 'support@help.test', ticket.number as number, amy.id);
      expect(clientAddress).toMatch(new RegExp(`^support\\+${ticket.number}-`));
      // Amy's address as mails carried it before tickets were named by number (the id, a code over the id).
      const oldAmyCode = await signWithReplyKey(db.kysely, `ticket-agent-reply:${ticket.id}:${amy.id}`, 24);
      const oldAmyAddress = `support+${ticket.id}-${amy.id}-${oldAmyCode}@help.test`;
      const mail = (from: string, to: string, text: string) => composeMail({ from, to, subject: 'Re: Broken', text });

      // Amy's From on the client's address (which the client knows): refused, with what to do.
      const forged = await pipe(await mail('amy@staff.test', clientAddress, 'Refund approved.'));
      expect(forged.code).toBe(65);
      expect(forged.output).toMatch(/^Rejected: .*reply from the notification mail/);
      // What a bounce would carry names the ticket as people know it.
      expect(forged.output).toContain(`about ticket #${ticket.number}, `);
      expect(await pipe(await mail('amy@staff.test', amyAddress, 'On it.'))).toEqual({
        code: 0,
        output: `Imported into ticket #${ticket.number} as a reply.\n`,
      });
      // An old address still in Amy's mailbox threads into the same ticket; the same with a forged code does not.
      expect(await pipe(await mail('amy@staff.test', oldAmyAddress, 'Still on it.'))).toEqual({
        code: 0,
        output: `Imported into ticket #${ticket.number} as a reply.\n`,
      });
      const forgedOld = await pipe(await mail('amy@staff.test', oldAmyAddress.replace(oldAmyCode, '0'.repeat(24)), 'Close it.'));
      expect(forgedOld.output).not.toContain(`Imported into ticket #${ticket.number} as a reply`);
      // The client's first reply this hour is added; every later one is refused, each a process of its own.
      expect((await pipe(await mail('ann@client.test', clientAddress, 'Thanks.'))).code).toBe(0);
      for (const text of ['Any news?', 'Hello?']) {
        const over = await pipe(await mail('ann@client.test', clientAddress, text));
        expect(over.code).toBe(65);
        expect(over.output).toMatch(/^Rejected: .*Replies per signed-in client per hour/);
      }

      const comments = await db.kysely.selectFrom('comments').select(['content', 'author_role']).orderBy('id').execute();
      expect(comments).toEqual([
        { content: 'On it.', author_role: 'agent' },
        { content: 'Still on it.', author_role: 'agent' },
        { content: 'Thanks.', author_role: 'client' },
      ]);
      const refused = await db.kysely
        .selectFrom('inbound_mails')
        .select('sender')
        .where('outcome', '=', 'rejected')
        .orderBy('id')
        .execute();
      expect(refused.map((r) => r.sender)).toEqual(['amy@staff.test', 'ann@client.test', 'ann@client.test']);
      // Each told once, by a mail queued for the worker.
      const jobs = await db.kysely.selectFrom('jobs').select('payload').where('kind', '=', 'mail').execute();
      const told = (template: string) => jobs.filter((j) => String(j.payload).includes(`"${template}"`)).length;
      expect([told('agent_mail_reply_refused'), told('client_mail_replies_limited')]).toEqual([1, 1]);
    } finally {
      await db.close();
    }
    // Seven real processes, each starting Node, on a machine others share.
  }, 180_000);

  it('run as a user not owning the data folder (Postfix runs /etc/aliases commands as nobody), messages fail for a retry', async () => {
    // The SQLite database is in the data folder; on PostgreSQL what the folder holds depends on the file store.
    if (dialect !== 'sqlite' || process.getuid?.() !== 0) return;
    const message = await composeMail({ from: 'ann@client.test', to: 'support@help.test', subject: 'Piped', text: 'Hello.' });
    const nobody = { uid: 65534, gid: 65534 };
    const child = spawnHelpdesk(['mail', 'receive'], env(), '/tmp', { stdin: message, user: nobody });
    expect({ code: await child.exited, output: child.output() }).toEqual({
      code: 75,
      output: expect.stringMatching(/^Temporary failure: /),
    });
    // docs/operations.md's setup: the command runs as the folder's owner, and the message is imported.
    const quiet = () => {};
    expect(await runCli(['user', 'add', '--email', 'ann@client.test', '--name', 'Ann', '--role', 'client'], quiet, quiet)).toBe(0);
    expect(await pipe(message)).toEqual({ code: 0, output: expect.stringMatching(/^Imported into ticket #\d+ as a new ticket\.\n$/) });
  }, 60_000);

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
