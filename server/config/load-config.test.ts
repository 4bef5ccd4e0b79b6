import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHooks } from '../hooks/create-hooks.js';
import { ConfigError, loadConfig } from './load-config.js';

const tempDir = () => mkdtempSync(join(tmpdir(), 'helpdesk-config-'));

describe('loadConfig', () => {
  it('defaults to port 8080, localhost home URL and a SQLite file under ./data', async () => {
    const cwd = tempDir();
    const config = await loadConfig({}, cwd);
    expect(config).toMatchObject({
      port: 8080,
      homeUrl: 'http://localhost:8080',
      basePath: '',
      databaseUrl: join(cwd, 'data', 'helpdesk.sqlite'),
      plugins: [],
    });
  });

  it('takes PORT, HELPDESK_HOME_URL with a path prefix, HELPDESK_DATA_DIR and DATABASE_URL', async () => {
    const config = await loadConfig(
      { PORT: '9000', HELPDESK_HOME_URL: 'https://example.com/help/', HELPDESK_DATA_DIR: '/srv/hd', DATABASE_URL: 'postgres://u@db/hd' },
      tempDir(),
    );
    expect(config).toMatchObject({
      port: 9000,
      homeUrl: 'https://example.com/help',
      basePath: '/help',
      dataDir: '/srv/hd',
      databaseUrl: 'postgres://u@db/hd',
    });
  });

  it('takes SMTP_URL (smtp:// or smtps://) and refuses another scheme; without it mail goes to files', async () => {
    expect((await loadConfig({}, tempDir())).smtpUrl).toBeNull();
    expect((await loadConfig({ SMTP_URL: 'smtps://u:p@mail.test:465' }, tempDir())).smtpUrl).toBe('smtps://u:p@mail.test:465');
    const error = await loadConfig({ SMTP_URL: 'http://mail.test' }, tempDir()).catch((e) => e);
    expect(error.problems).toEqual([expect.stringContaining('SMTP_URL')]);
  });

  it(
    'keeps intake counters in Redis with REDIS_URL, else in the database on ' +
      'PostgreSQL, else in memory; HELPDESK_INTAKE_COUNTERS overrides',
    async () => {
      const kind = async (env: Record<string, string>) => (await loadConfig(env, tempDir())).intakeCounters;
      expect(await kind({})).toBe('memory');
      expect(await kind({ DATABASE_URL: 'postgres://u@db/hd' })).toBe('database');
      expect(await kind({ DATABASE_URL: 'postgres://u@db/hd', REDIS_URL: 'redis://127.0.0.1:6379' })).toBe('redis');
      expect(await kind({ DATABASE_URL: 'postgres://u@db/hd', HELPDESK_INTAKE_COUNTERS: 'memory' })).toBe('memory');
      expect(await kind({ HELPDESK_INTAKE_COUNTERS: 'Database' })).toBe('database');
      const wrong = await loadConfig({ HELPDESK_INTAKE_COUNTERS: 'files' }, tempDir()).catch((e) => e);
      expect(wrong.problems).toEqual([expect.stringContaining('memory, database or redis')]);
      const noRedis = await loadConfig({ HELPDESK_INTAKE_COUNTERS: 'redis' }, tempDir()).catch((e) => e);
      expect(noRedis.problems).toEqual([expect.stringContaining('needs REDIS_URL')]);
    },
  );

  it('takes the database tuning (synchronous, busy timeout, connect timeout) and refuses bad values', async () => {
    expect((await loadConfig({}, tempDir())).databaseTuning).toEqual({});
    const tuned = await loadConfig(
      { HELPDESK_SQLITE_SYNCHRONOUS: 'normal', HELPDESK_SQLITE_BUSY_TIMEOUT_MS: '250', HELPDESK_DB_CONNECT_TIMEOUT_MS: '3000' },
      tempDir(),
    );
    expect(tuned.databaseTuning).toEqual({ sqliteSynchronous: 'NORMAL', sqliteBusyTimeoutMs: 250, connectTimeoutMs: 3000 });
    const error = await loadConfig(
      { HELPDESK_SQLITE_SYNCHRONOUS: 'OFF', HELPDESK_SQLITE_BUSY_TIMEOUT_MS: '-1', HELPDESK_DB_CONNECT_TIMEOUT_MS: '0' },
      tempDir(),
    ).catch((e) => e);
    expect(error.problems).toEqual([
      expect.stringContaining('HELPDESK_SQLITE_SYNCHRONOUS'),
      expect.stringContaining('HELPDESK_SQLITE_BUSY_TIMEOUT_MS'),
      expect.stringContaining('HELPDESK_DB_CONNECT_TIMEOUT_MS'),
    ]);
  });

  it('lists every problem at once', async () => {
    const error = await loadConfig(
      { PORT: 'eighty', HELPDESK_HOME_URL: 'ftp://x', DATABASE_URL: 'mysql://x', HELPDESK_CONFIG: 'missing.ts' },
      tempDir(),
    ).catch((e) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.problems).toHaveLength(4);
    expect(error.message).toMatch(/PORT[\s\S]*HELPDESK_HOME_URL[\s\S]*DATABASE_URL[\s\S]*HELPDESK_CONFIG/);
  });

  it('loads plugins and constants from helpdesk.config.ts without a build step', async () => {
    const cwd = tempDir();
    writeFileSync(
      join(cwd, 'helpdesk.config.ts'),
      `const max: number = 50;
       export default {
         constants: { HELPDESK_CLOUD_SITE: 'http://ai.internal' },
         plugins: [(hooks: any) => hooks.addFilter('helpdesk_docs_api_max_per_page', 'acme/docs', () => max)],
       };`,
    );
    const config = await loadConfig({}, cwd);
    expect(config.constants.HELPDESK_CLOUD_SITE).toBe('http://ai.internal');
    const hooks = createHooks();
    for (const plugin of config.plugins) await plugin(hooks);
    expect(await hooks.applyFilters('helpdesk_docs_api_max_per_page', 100)).toBe(50);
  });

  it('takes HELPDESK_CONFIG as the path of an .mjs file, and refuses plugins that are not functions', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'site.mjs'), 'export default { plugins: [42] };');
    const error = await loadConfig({ HELPDESK_CONFIG: 'site.mjs' }, cwd).catch((e) => e);
    expect(error.problems).toEqual([expect.stringContaining('plugins[0]')]);
  });

  it('reports a config file that throws', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'helpdesk.config.mjs'), 'throw new Error("boom");');
    const error = await loadConfig({}, cwd).catch((e) => e);
    expect(error.message).toMatch(/could not be loaded: boom/);
  });

  it('takes HELPDESK_FILES: database by default, disk, or an s3:// address', async () => {
    expect((await loadConfig({}, tempDir())).files).toEqual({ kind: 'database' });
    expect((await loadConfig({ HELPDESK_FILES: 'disk' }, tempDir())).files).toEqual({ kind: 'disk' });
    const s3 = await loadConfig({ HELPDESK_FILES: 's3://helpdesk-files?endpoint=http://127.0.0.1:9000&region=eu-1' }, tempDir());
    expect(s3.files).toEqual({ kind: 's3', bucket: 'helpdesk-files', region: 'eu-1', endpoint: 'http://127.0.0.1:9000' });
    const aws = await loadConfig({ HELPDESK_FILES: 's3://helpdesk-files', AWS_REGION: 'eu-west-3' }, tempDir());
    expect(aws.files).toEqual({ kind: 's3', bucket: 'helpdesk-files', region: 'eu-west-3' });
    const other = await loadConfig({ HELPDESK_FILES: 'ftp' }, tempDir()).catch((e) => e);
    expect(other.problems).toEqual([expect.stringContaining('HELPDESK_FILES must be database')]);
  });

  it('refuses a wrong s3:// address at start, in plain words naming the fix', async () => {
    const problemsOf = async (value: string) =>
      ((await loadConfig({ HELPDESK_FILES: value }, tempDir()).catch((e) => e)) as ConfigError).problems;
    expect(await problemsOf('s3://helpdesk-files?endpoint=http://x')).toEqual([expect.stringContaining('needs the bucket’s region')]);
    expect(await problemsOf('s3://Not_A_Bucket?region=x')).toEqual([expect.stringContaining('which is not a bucket name')]);
    expect(await problemsOf('s3://helpdesk-files?region=x&endpoint=ftp://x')).toEqual([
      expect.stringContaining('not an http:// or https://'),
    ]);
    expect(await problemsOf('s3://helpdesk-files/some/path?region=x')).toEqual([
      expect.stringContaining('give the server’s address as endpoint'),
    ]);
    expect(await problemsOf('s3://helpdesk-files?region=x&bucket=y')).toEqual([expect.stringContaining('unknown setting "bucket"')]);
    // Credentials in the address are refused without repeating them.
    const secret = await problemsOf('s3://AKIDEXAMPLE:topsecret@helpdesk-files?region=x');
    expect(secret).toEqual([expect.stringContaining('must not hold credentials')]);
    expect(secret.join(' ')).not.toContain('topsecret');
  });
});
