import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { type ClientRequest, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { createDb, type Db } from '../db/create-db.js';
import { migrateToLatest } from '../db/migrate.js';
import { createDomainContext } from '../domain/context.js';
import { createHooks } from '../hooks/create-hooks.js';
import { updateSettings } from '../settings/settings.js';
import { relaxIntakeLimits, setRegistration, ticketPayload } from '../test/fixtures.js';
import { ensureBuiltServer, startHelpdeskProcess } from '../test/helpdesk-process.js';
import { startTestS3Server, type TestS3Server } from '../test/s3-server.js';
import { createTestDatabase, describeEachDatabase } from '../test/test-databases.js';

const MB = 1_048_576;

/**
 * Opens a multipart ticket upload announcing nothing of its length (chunked, as a browser streaming a
 * large file), sends the fields and the first `firstMb` MB of a 40 MB file, and holds the rest back: the
 * server is mid-stream for as long as the test wants.
 */
function startLargeUpload(url: string, firstMb: number): ClientRequest {
  const boundary = 'helpdeskKilledUpload';
  const fields = Object.entries(ticketPayload({ subject: 'Killed mid-upload' }))
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('');
  const { hostname, port } = new URL(url);
  const req = httpRequest({
    host: hostname,
    port,
    method: 'POST',
    path: '/api/helpdesk/v1/tickets/',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' },
  });
  // The kill cuts the connection: that error is the point of the test.
  req.on('error', () => {});
  req.write(
    `${fields}--${boundary}\r\nContent-Disposition: form-data; name="attachments"; filename="big.txt"\r\nContent-Type: text/plain\r\n\r\n`,
  );
  for (let i = 0; i < firstMb; i += 1) req.write(Buffer.alloc(MB, 'a'));
  return req;
}

/** Every file under `dir`, however deep, with its size (none when `dir` does not exist). */
function filesUnder(dir: string): Array<{ path: string; size: number }> {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .map((path) => ({ path, size: statSync(path).size }));
}

describeEachDatabase('kill -9 of the server in the middle of a large upload, then restart', (dialect) => {
  const cleanups: Array<() => Promise<void> | void> = [];
  beforeAll(() => {
    ensureBuiltServer();
  }, 120_000);
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()?.();
  });

  for (const store of ['database', 'disk', 's3'] as const) {
    it(`${store} store: the bytes stored so far and the pending row are gone after the restart, and no ticket was filed`, async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'helpdesk-upload-kill-'));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      let databaseUrl = join(dataDir, 'helpdesk.sqlite');
      const env: Record<string, string> = { HELPDESK_DATA_DIR: dataDir, HELPDESK_FILES: store, LOG_LEVEL: 'warn' };
      let s3: TestS3Server | undefined;
      if (store === 's3') {
        s3 = await startTestS3Server();
        cleanups.push(() => s3?.close());
        Object.assign(env, s3.env);
      }
      if (dialect === 'postgres') {
        const database = await createTestDatabase('postgres');
        cleanups.push(() => database.drop());
        databaseUrl = database.url;
        env.DATABASE_URL = database.url;
      }
      const db: Db = createDb({ url: databaseUrl });
      cleanups.push(() => db.close());
      await migrateToLatest(db);
      const ctx = createDomainContext(db, createHooks());
      await setRegistration(ctx, { anyoneCanRegister: false, createAccounts: true });
      await relaxIntakeLimits(ctx);
      await updateSettings(ctx, { tickets: { attachment_max_file_mb: 50, attachment_max_ticket_mb: 50 } });
      // Where the bytes wait: the disk store's files, or the S3 store's spool files (sent once whole).
      const filesDir = join(dataDir, store === 's3' ? 's3-spool' : 'files');
      const tickets = async () => (await db.kysely.selectFrom('posts').select('id').where('type', '=', 'ticket').execute()).length;
      const storedBytes = async () => {
        if (store !== 'database') return filesUnder(filesDir).reduce((sum, file) => sum + file.size, 0);
        const chunks = await db.kysely.selectFrom('file_chunks').select('seq').execute();
        return chunks.length * 256 * 1024;
      };

      const first = await startHelpdeskProcess(env, dataDir, [], { built: true });
      cleanups.push(() => first.kill('SIGKILL'));
      const upload = startLargeUpload(first.url, 3);
      cleanups.push(() => {
        upload.destroy();
      });
      // Mid-stream: the pending row is written and part of the bytes are stored when the kill lands.
      await expect.poll(storedBytes, { timeout: 30_000, interval: 20 }).toBeGreaterThanOrEqual(MB);
      expect(await db.kysely.selectFrom('attachments').select(['is_pending', 'uploader']).execute()).toEqual([
        { is_pending: 1, uploader: expect.stringContaining(` ${first.pid} `) },
      ]);
      await first.kill('SIGKILL');
      expect(await first.exited).toBe('SIGKILL');
      expect(await storedBytes()).toBeGreaterThanOrEqual(MB);

      // Same data folder and database: the start-up sweep runs before the new process listens.
      const second = await startHelpdeskProcess(env, dataDir, [], { built: true });
      cleanups.push(() => second.kill('SIGKILL'));
      expect(await db.kysely.selectFrom('attachments').select('id').execute()).toEqual([]);
      expect(await db.kysely.selectFrom('file_chunks').select('seq').execute()).toEqual([]);
      expect(filesUnder(filesDir)).toEqual([]);
      if (s3) {
        const objects = await s3.client.send(new ListObjectsV2Command({ Bucket: s3.setting.bucket }));
        expect(objects.Contents ?? []).toEqual([]);
      }
      expect(await tickets()).toBe(0);
      await second.kill('SIGTERM');
    }, 90_000);
  }
});
