import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Config } from '../config/config-types.js';
import { relaxIntakeLimits, setRegistration, ticketPayload } from '../test/fixtures.js';
import { multipartBody, TINY_PNG } from '../test/multipart.js';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../test/test-databases.js';
import { createTestHelpdesk, useTestHelpdesk } from '../test/test-helpdesk.js';
import { createBackup, OperationError, postgresServerMajor } from './backup.js';
import { restoreBackup } from './restore.js';
import { createTarWriter } from './tar-archive.js';

const API = '/api/helpdesk/v1';
const work = mkdtempSync(join(tmpdir(), 'helpdesk-backup-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const fresh = (name: string) => join(work, `${name}-${randomBytes(4).toString('hex')}`);

/** pg_dump and pg_restore of at least the server's major version, or why not (the PostgreSQL round trip is skipped then). */
async function pgToolsMissing(url: string): Promise<string | null> {
  try {
    const major = (program: string) => Number(/(\d+)/.exec(execFileSync(program, ['--version'], { encoding: 'utf8' }))?.[1]);
    const server = await postgresServerMajor(url);
    for (const program of ['pg_dump', 'pg_restore'])
      if (major(program) < server) return `${program} is version ${major(program)}, older than the server's ${server}`;
    return null;
  } catch (error) {
    return `pg_dump/pg_restore are not usable here (${(error as Error).message})`;
  }
}

describeEachDatabase('helpdesk backup and restore', (dialect) => {
  const sourceDir = fresh('source');
  const hd = useTestHelpdesk(dialect, { dataDir: sourceDir, files: { kind: 'disk' } });
  const made: { id: number; subject: string; files: { publicId: string; bytes: Buffer }[] }[] = [];
  let skip: string | null = null;

  beforeAll(async () => {
    if (dialect === 'postgres') skip = await pgToolsMissing(hd.config.databaseUrl);
    if (skip) console.warn(`Skipping the PostgreSQL backup round trip: ${skip}.`);
    mkdirSync(sourceDir, { recursive: true });
    writeFileSync(join(sourceDir, 'encryption-seed'), 'seed-of-the-source\n', { mode: 0o600 });
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    for (let i = 0; i < 3; i++) {
      const bytes = TINY_PNG;
      const other = Buffer.from(`notes ${i} ${randomBytes(8).toString('hex')}\n`);
      const body = multipartBody(ticketPayload({ subject: `Backup ticket ${i}` }), [
        { name: 'shot.png', bytes },
        { name: 'notes.txt', bytes: other, type: 'text/plain' },
      ]);
      const res = await hd.app.inject({ method: 'POST', url: `${API}/tickets/`, payload: body.payload, headers: body.headers });
      expect(res.statusCode).toBe(201);
      const rows = await hd.ctx.db.selectFrom('attachments').select(['public_id', 'name']).where('ticket_id', '=', res.json().id).execute();
      made.push({
        id: res.json().id,
        subject: `Backup ticket ${i}`,
        files: rows.map((r) => ({ publicId: r.public_id, bytes: r.name === 'shot.png' ? bytes : other })),
      });
    }
  });

  /** The source's configuration with another data folder and database. */
  const target = (dataDir: string, databaseUrl: string): Config => ({ ...hd.config, dataDir, databaseUrl });

  it('restores every ticket and stored file, byte for byte, into a fresh data folder, from a backup of a running helpdesk', async (t) => {
    if (skip) return t.skip();
    const archive = join(work, `${dialect}-backup.tar.gz`);
    const manifest = await createBackup(hd.config, archive);
    expect(manifest).toMatchObject({ format: 'helpdesk-backup', database: dialect, seed: 'file', files: { kind: 'disk', count: 6 } });
    expect(manifest.migrations.length).toBeGreaterThan(10);

    const restoredDir = fresh('restored');
    const database: TestDatabase =
      dialect === 'sqlite' ? { url: join(restoredDir, 'helpdesk.sqlite'), drop: async () => {} } : await createTestDatabase('postgres');
    try {
      await restoreBackup(target(restoredDir, database.url), archive);
      expect(readFileSync(join(restoredDir, 'encryption-seed'), 'utf8')).toBe('seed-of-the-source\n');
      const restored = await createTestHelpdesk(dialect, { databaseUrl: database.url, dataDir: restoredDir, files: { kind: 'disk' } });
      try {
        const admin = await restored.authAs('admin');
        for (const ticket of made) {
          const res = await restored.app.inject({ url: `${API}/tickets/${ticket.id}`, headers: admin });
          expect(res.statusCode).toBe(200);
          expect(res.body).toContain(ticket.subject);
          for (const file of ticket.files) {
            const served = await restored.app.inject({ url: `${API}/files/${file.publicId}`, headers: admin });
            expect(served.statusCode).toBe(200);
            expect(served.rawPayload.equals(file.bytes)).toBe(true);
          }
        }
      } finally {
        await restored.close();
      }
    } finally {
      await database.drop();
    }
  });

  it('refuses to restore into a data folder that is not empty unless forced', async () => {
    const archive = join(work, `${dialect}-refuse.tar.gz`);
    if (dialect === 'postgres' && skip) return;
    await createBackup(hd.config, archive);
    await expect(restoreBackup(target(sourceDir, join(sourceDir, 'other.sqlite')), archive)).rejects.toThrow(/is not empty.*--force/);
  });

  it('refuses to restore a PostgreSQL backup into a database that has tables', async (t) => {
    if (dialect !== 'postgres' || skip) return t.skip();
    const archive = join(work, 'pg-into-used.tar.gz');
    await createBackup(hd.config, archive);
    await expect(restoreBackup(target(fresh('empty'), hd.config.databaseUrl), archive)).rejects.toThrow(/has \d+ tables.*empty database/);
  });

  it('names a file that is not a backup archive in plain words', async () => {
    const notArchive = join(work, `${dialect}-not.tar.gz`);
    writeFileSync(notArchive, 'hello');
    await expect(restoreBackup(target(fresh('x'), join(fresh('x'), 'h.sqlite')), notArchive)).rejects.toThrow(
      /is not a helpdesk backup archive/,
    );
    await expect(restoreBackup(target(fresh('x'), join(fresh('x'), 'h.sqlite')), join(work, 'missing.tar.gz'))).rejects.toThrow(
      /There is no file/,
    );
  });

  it('refuses a backup from a newer helpdesk, naming the migrations it does not know', async () => {
    const archive = join(work, `${dialect}-newer.tar.gz`);
    const tar = createTarWriter(archive);
    const manifest = {
      format: 'helpdesk-backup',
      formatVersion: 1,
      helpdeskVersion: '99.0.0',
      createdAt: '',
      database: dialect,
      migrations: ['2099-01-01-001-future'],
      files: { kind: 'database' },
      seed: 'none',
    };
    await tar.add('manifest.json', Buffer.from(JSON.stringify(manifest)));
    await tar.finish();
    const error = await restoreBackup(target(fresh('n'), join(fresh('n'), 'h.sqlite')), archive).catch((e) => e);
    expect(error).toBeInstanceOf(OperationError);
    expect(error.message).toMatch(/newer helpdesk \(version 99\.0\.0.*2099-01-01-001-future/);
  });

  it('never overwrites an existing file with a backup', async () => {
    const archive = join(work, `${dialect}-exists.tar.gz`);
    writeFileSync(archive, 'keep me');
    await expect(createBackup(hd.config, archive)).rejects.toThrow(/exists already/);
    expect(readFileSync(archive, 'utf8')).toBe('keep me');
  });
});
