import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './cli.js';
import { loadConfig } from './config/load-config.js';
import { startService, startWorkerService } from './start-service.js';

describe('quick start on a SQLite file', () => {
  let dataDir = '';
  const saved = { ...process.env };
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'helpdesk-start-'));
    process.env.HELPDESK_DATA_DIR = dataDir;
    process.env.PORT = '0';
    delete process.env.DATABASE_URL;
  });
  afterEach(() => {
    process.env = { ...saved };
  });

  it('creates the database under the data folder, serves, and prints a one-time administrator link until an admin exists', async () => {
    const lines: string[] = [];
    const config = await loadConfig();
    const service = await startService({ ...config, host: '127.0.0.1', logLevel: 'silent' }, (line) => lines.push(line));
    try {
      expect(existsSync(join(dataDir, 'helpdesk.sqlite'))).toBe(true);
      expect((await fetch(`${service.url}/healthz`)).status).toBe(200);
      expect(lines.join('\n')).toMatch(/one-time link[\s\S]*\/login\/first-admin\/\?token=/);
    } finally {
      await service.stop();
    }

    const out: string[] = [];
    expect(await runCli(['user', 'add', '--email', 'Boss@Site.test', '--name', 'Boss', '--role', 'admin'], (l) => out.push(l))).toBe(0);
    expect(out[0]).toMatch(/Added admin boss@site\.test/);
    expect(await runCli(['token', 'create', '--email', 'boss@site.test'], (l) => out.push(l))).toBe(0);
    const token = out[1] ?? '';
    expect(token).toMatch(/^hd_[\w-]{43}$/);

    const again: string[] = [];
    const second = await startService({ ...config, host: '127.0.0.1', logLevel: 'silent' }, (line) => again.push(line));
    try {
      expect(again.join('\n')).not.toContain('first-admin');
      const res = await fetch(`${second.url}/api/helpdesk/v1/settings/schema`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
    } finally {
      await second.stop();
    }
  });

  it('without SMTP_URL the in-process worker writes each mail as an .eml file under the data folder', async () => {
    const config = await loadConfig();
    expect(await runCli(['user', 'add', '--email', 'known@client.test', '--name', 'Known', '--role', 'client'], () => {})).toBe(0);
    const lines: string[] = [];
    const service = await startService({ ...config, host: '127.0.0.1', logLevel: 'silent' }, (line) => lines.push(line));
    try {
      expect(lines.join('\n')).toContain(`.eml files under ${dataDir}/mail/`);
      const res = await fetch(`${service.url}/api/helpdesk/v1/tickets/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Known', email: 'known@client.test', subject: 'Quick start mail', description: 'Hello' }),
      });
      expect(res.status).toBe(201);
      await expect
        .poll(() => (existsSync(join(dataDir, 'mail')) ? readdirSync(join(dataDir, 'mail')).length : 0), { timeout: 20_000, interval: 50 })
        .toBe(1);
      const eml = readFileSync(join(dataDir, 'mail', readdirSync(join(dataDir, 'mail'))[0] as string), 'utf8');
      expect(eml).toContain('To: known@client.test');
      expect(eml).toMatch(/Subject: Quick start mail \[#\d+\]/);
    } finally {
      await service.stop();
    }
  });

  it('--services=web serves without a worker; a separate worker process sends the queued mail', async () => {
    const config = await loadConfig();
    expect(await runCli(['user', 'add', '--email', 'split@client.test', '--name', 'Split', '--role', 'client'], () => {})).toBe(0);
    const web = await startService({ ...config, host: '127.0.0.1', logLevel: 'silent' }, () => {}, { services: 'web' });
    try {
      expect(web.hasWorker).toBe(false);
      const res = await fetch(`${web.url}/api/helpdesk/v1/tickets/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Split', email: 'split@client.test', subject: 'Split mail', description: 'Hello' }),
      });
      expect(res.status).toBe(201);
      const worker = await startWorkerService({ ...config, logLevel: 'silent' }, () => {});
      try {
        await expect
          .poll(() => (existsSync(join(dataDir, 'mail')) ? readdirSync(join(dataDir, 'mail')).length : 0), {
            timeout: 20_000,
            interval: 50,
          })
          .toBe(1);
      } finally {
        await worker.stop();
      }
    } finally {
      await web.stop();
    }
    expect(
      await runCli(
        ['serve', '--services=nope'],
        () => {},
        () => {},
      ),
    ).toBe(2);
  });

  it('the CLI explains its usage and refuses unknown users and commands', async () => {
    const errors: string[] = [];
    expect(
      await runCli(
        ['token', 'create', '--email', 'ghost@site.test'],
        () => {},
        (l) => errors.push(l),
      ),
    ).toBe(1);
    expect(errors[0]).toMatch(/No user has the email/);
    expect(
      await runCli(
        ['frobnicate'],
        () => {},
        (l) => errors.push(l),
      ),
    ).toBe(2);
    expect(
      await runCli(
        ['user', 'add', '--email', 'x@y.test'],
        () => {},
        (l) => errors.push(l),
      ),
    ).toBe(2);
  });
});
