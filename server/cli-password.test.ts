import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyPassword } from './auth/passwords.js';
import { runCli } from './cli.js';
import { loadConfig } from './config/load-config.js';
import { createDb } from './db/create-db.js';

describe('helpdesk user password', () => {
  let dataDir = '';
  const saved = { ...process.env };
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'helpdesk-cli-'));
    process.env.HELPDESK_DATA_DIR = dataDir;
    delete process.env.DATABASE_URL;
  });
  afterEach(() => {
    process.env = { ...saved };
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sets a password read from stdin, refuses a short one and an unknown email', async () => {
    const out: string[] = [];
    const errors: string[] = [];
    expect(await runCli(['user', 'add', '--email', 'agent@site.test', '--name', 'Agent', '--role', 'agent'], () => {})).toBe(0);
    expect(
      await runCli(
        ['user', 'password', '--email', 'agent@site.test'],
        (l) => out.push(l),
        (l) => errors.push(l),
        async () => 'short\n',
      ),
    ).toBe(2);
    expect(
      await runCli(
        ['user', 'password', '--email', 'nobody@site.test'],
        () => {},
        (l) => errors.push(l),
        async () => 'long enough password\n',
      ),
    ).toBe(1);
    expect(
      await runCli(
        ['user', 'password', '--email', 'Agent@Site.test'],
        (l) => out.push(l),
        (l) => errors.push(l),
        async () => 'long enough password\n',
      ),
    ).toBe(0);
    expect(out.at(-1)).toMatch(/Password set for agent@site\.test \(its sessions are ended\); sign in at .*\/admin\//);

    const db = createDb({ url: (await loadConfig()).databaseUrl });
    try {
      const row = await db.kysely
        .selectFrom('users')
        .select('password_hash')
        .where('email', '=', 'agent@site.test')
        .executeTakeFirstOrThrow();
      expect(await verifyPassword('long enough password', row.password_hash)).toBe(true);
    } finally {
      await db.close();
    }
  });
});
