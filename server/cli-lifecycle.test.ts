import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { runCli } from './cli.js';
import { createDb } from './db/create-db.js';
import { lookUpToken } from './domain/people/api-tokens.js';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from './test/test-databases.js';

describeEachDatabase('helpdesk user disable/enable and token create/list/revoke', (dialect) => {
  let dataDir = '';
  let database: TestDatabase;
  const saved = { ...process.env };
  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'helpdesk-cli-'));
    database = await createTestDatabase(dialect);
    process.env.HELPDESK_DATA_DIR = dataDir;
    process.env.DATABASE_URL = database.url;
  });
  afterEach(async () => {
    process.env = { ...saved };
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Runs one command; returns its exit code and what it printed. */
  async function cli(...args: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(
      args,
      (line) => out.push(line),
      (line) => err.push(line),
    );
    return { code, out: out.join('\n'), err: err.join('\n') };
  }
  async function withDb<T>(work: (db: ReturnType<typeof createDb>) => Promise<T>): Promise<T> {
    const db = createDb({ url: database.url });
    try {
      return await work(db);
    } finally {
      await db.close();
    }
  }

  it('creates a named, expiring token, lists it without the secret, and revokes it', async () => {
    expect((await cli('user', 'add', '--email', 'bot@site.test', '--name', 'Bot', '--role', 'agent')).code).toBe(0);
    const created = await cli('token', 'create', '--email', 'bot@site.test', '--name', 'nightly export', '--expires-in-days', '7');
    expect(created.code).toBe(0);
    const secret = created.out.trim();
    expect(secret).toMatch(/^hd_[\w-]{43}$/);
    const found = await withDb((db) => lookUpToken(db.kysely, secret));
    expect(found.kind).toBe('ok');

    const list = await cli('token', 'list');
    expect(list.code).toBe(0);
    expect(list.out).toMatch(/^#(\d+)\tnightly export\tbot@site\.test\tcreated \S+\tlast used \S+\texpires \d{4}-/m);
    expect(list.out).not.toContain(secret);
    const id = /^#(\d+)\tnightly export/m.exec(list.out)?.[1] as string;
    expect((await cli('token', 'list', '--email', 'nobody@site.test')).code).toBe(1);

    const revoked = await cli('token', 'revoke', id);
    expect(revoked).toMatchObject({ code: 0, out: `Token #${id} revoked; it is refused from now on.` });
    expect((await withDb((db) => lookUpToken(db.kysely, secret))).kind).toBe('unknown');
    expect(await cli('token', 'revoke', id)).toMatchObject({ code: 1, err: expect.stringContaining(`no API token with id ${id}`) });
    expect((await cli('token', 'revoke', 'abc')).code).toBe(2);
    expect((await cli('token', 'list')).out).toBe('No API tokens.');
  });

  it('refuses a bad expiry and an unknown owner, creating nothing', async () => {
    await cli('user', 'add', '--email', 'bot@site.test', '--name', 'Bot', '--role', 'agent');
    expect(await cli('token', 'create', '--email', 'bot@site.test', '--name', 'x', '--expires-in-days', 'soon')).toMatchObject({
      code: 2,
      err: expect.stringContaining('--expires-in-days'),
    });
    expect(await cli('token', 'create', '--email', 'bot@site.test', '--name', 'x', '--expires-in-days', '0')).toMatchObject({
      code: 1,
      err: expect.stringContaining('expires_in_days'),
    });
    expect((await cli('token', 'create', '--email', 'ghost@site.test', '--name', 'x')).code).toBe(1);
    expect((await cli('token', 'list')).out).toBe('No API tokens.');
  });

  it('disables an account (its tokens ended, its tickets kept) and enables it again; the last admin stays', async () => {
    await cli('user', 'add', '--email', 'boss@site.test', '--name', 'Boss', '--role', 'admin');
    await cli('user', 'add', '--email', 'pat@site.test', '--name', 'Pat', '--role', 'agent');
    const secret = (await cli('token', 'create', '--email', 'pat@site.test', '--name', 'pat script')).out.trim();

    const disabled = await cli('user', 'disable', 'Pat@Site.test');
    expect(disabled).toMatchObject({ code: 0, out: expect.stringContaining('Disabled pat@site.test') });
    expect((await withDb((db) => lookUpToken(db.kysely, secret))).kind).toBe('unknown');
    const row = await withDb((db) =>
      db.kysely.selectFrom('users').select('disabled_at').where('email', '=', 'pat@site.test').executeTakeFirstOrThrow(),
    );
    expect(row.disabled_at).not.toBeNull();

    expect(await cli('user', 'enable', 'pat@site.test')).toMatchObject({ code: 0, out: expect.stringContaining('can sign in again') });
    expect(
      (
        await withDb((db) =>
          db.kysely.selectFrom('users').select('disabled_at').where('email', '=', 'pat@site.test').executeTakeFirstOrThrow(),
        )
      ).disabled_at,
    ).toBeNull();

    expect(await cli('user', 'disable', 'boss@site.test')).toMatchObject({ code: 1, err: expect.stringContaining('last admin') });
    expect(await cli('user', 'disable', 'ghost@site.test')).toMatchObject({
      code: 1,
      err: expect.stringContaining('No account has the email ghost@site.test'),
    });
    expect((await cli('user', 'disable')).code).toBe(2);
  });
});
