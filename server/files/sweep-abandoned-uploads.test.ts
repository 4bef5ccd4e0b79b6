import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../db/migrate.js';
import { createDomainContext, type DomainContext } from '../domain/context.js';
import { createHooks } from '../hooks/create-hooks.js';
import { TINY_PNG } from '../test/multipart.js';
import { S3_TEST_CREDENTIALS, startTestS3Server } from '../test/s3-server.js';
import { describeEachDatabase, useTestDb } from '../test/test-databases.js';
import { claimUploads } from './claim-uploads.js';
import { createDiskFileStore } from './disk-file-store.js';
import { type ReceivedUpload, receiveUpload } from './receive-upload.js';
import { createS3FileStore } from './s3-file-store.js';
import { ABANDONED_AFTER_MS, sweepAbandonedUploads } from './sweep-abandoned-uploads.js';
import { THIS_UPLOADER } from './upload-owner.js';

const RULES = {
  maxFileBytes: 1_000_000,
  maxTicketBytes: 1_000_000,
  remainingBytes: 1_000_000,
  allowedTypes: new Set(['image/png', 'text/plain']),
  allowedWords: () => 'images, plain text',
};

async function* bytes(data: Buffer): AsyncGenerator<Uint8Array> {
  yield data;
}

describeEachDatabase('sweeping abandoned uploads', (dialect) => {
  const database = useTestDb(dialect, { setup: migrateToLatest });
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'helpdesk-sweep-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const contexts: Array<[string, () => DomainContext]> = [
    ['database store', () => createDomainContext(database.db, createHooks())],
    ['disk store', () => createDomainContext(database.db, createHooks(), undefined, createDiskFileStore(join(dir, 'files')))],
  ];
  for (const [kind, makeContext] of contexts) {
    describe(kind, () => {
      const rowOf = (ctx: DomainContext, upload: ReceivedUpload) =>
        ctx.db.selectFrom('attachments').select('is_pending').where('id', '=', upload.rowId).executeTakeFirst();

      it('deletes pending uploads older than an hour, bytes and row; keeps younger and claimed ones', async () => {
        const ctx = makeContext();
        const old = await receiveUpload(ctx, 'old.png', bytes(TINY_PNG), RULES);
        const young = await receiveUpload(ctx, 'young.png', bytes(TINY_PNG), RULES);
        const claimed = await receiveUpload(ctx, 'kept.png', bytes(TINY_PNG), RULES);
        await claimUploads(ctx.db, [claimed], { ticketId: 999_999, commentId: null });
        const longAgo = new Date(Date.now() - ABANDONED_AFTER_MS - 60_000).toISOString();
        await ctx.db.updateTable('attachments').set({ created_at: longAgo }).where('id', 'in', [old.rowId, claimed.rowId]).execute();

        expect(await sweepAbandonedUploads(ctx)).toBe(1);
        expect(await rowOf(ctx, old)).toBeUndefined();
        await expect(readAll(ctx, old)).resolves.toBe(0);
        expect(await rowOf(ctx, young)).toEqual({ is_pending: 1 });
        expect(await readAll(ctx, young)).toBe(TINY_PNG.length);
        expect(await rowOf(ctx, claimed)).toEqual({ is_pending: 0 });
        expect(await readAll(ctx, claimed)).toBe(TINY_PNG.length);
      });
    });
  }

  it('sweeps young uploads at once when their process has ended on this machine; keeps live and foreign ones', async () => {
    const ctx = createDomainContext(database.db, createHooks());
    // A pid that was surely ours to see and is now free: a child that has exited.
    const child = spawn(process.execPath, ['-e', '']);
    const deadPid = child.pid as number;
    await new Promise((resolve) => child.once('exit', resolve));
    const [machine, , run] = THIS_UPLOADER.split(' ');
    const uploaders = {
      killed: `${machine} ${deadPid} ${run}`,
      earlierRunWithOurPid: `${machine} ${process.pid} 0123456789abcdef`,
      live: THIS_UPLOADER,
      otherMachine: `another-machine/4026531836 ${deadPid} ${run}`,
      unknown: null,
    };
    const keys = {} as Record<keyof typeof uploaders, string>;
    for (const [name, uploader] of Object.entries(uploaders)) {
      const upload = await receiveUpload(ctx, `${name}.png`, bytes(TINY_PNG), RULES);
      await ctx.db.updateTable('attachments').set({ uploader }).where('id', '=', upload.rowId).execute();
      keys[name as keyof typeof uploaders] = upload.storageKey;
    }
    expect(await sweepAbandonedUploads(ctx)).toBe(2);
    const left = await ctx.db.selectFrom('attachments').select('storage_key').where('storage_key', 'in', Object.values(keys)).execute();
    expect(new Set(left.map((row) => row.storage_key))).toEqual(new Set([keys.live, keys.otherMachine, keys.unknown]));
    const chunks = await ctx.db
      .selectFrom('file_chunks')
      .select('storage_key')
      .where('storage_key', 'in', [keys.killed, keys.earlierRunWithOurPid])
      .execute();
    expect(chunks).toEqual([]);
  });

  it('disk: a partial file left by a process killed mid-upload goes with its pending row', async () => {
    const store = createDiskFileStore(join(dir, 'files'));
    const ctx = createDomainContext(database.db, createHooks(), undefined, store);
    const key = 'ab'.repeat(16);
    await ctx.db
      .insertInto('attachments')
      .values({ public_id: 'killed-upload', name: 'big.bin', storage_key: key, created_at: new Date(0).toISOString() })
      .execute();
    mkdirSync(join(dir, 'files', 'partial'), { recursive: true });
    const partial = join(dir, 'files', 'partial', `${key}.part`);
    writeFileSync(partial, Buffer.alloc(1000));
    expect(await sweepAbandonedUploads(ctx)).toBe(1);
    expect(existsSync(partial)).toBe(false);
  });

  it('s3: a spool file whose row another instance swept goes once an hour old; a younger one stays', async () => {
    const s3 = await startTestS3Server();
    try {
      const spoolDir = join(dir, 's3-spool');
      const store = await createS3FileStore(s3.setting, { spoolDir, clientConfig: { credentials: S3_TEST_CREDENTIALS } });
      const ctx = createDomainContext(database.db, createHooks(), undefined, store);
      mkdirSync(spoolDir, { recursive: true });
      const [orphan, young] = [join(spoolDir, `${'cd'.repeat(16)}.part`), join(spoolDir, `${'ef'.repeat(16)}.part`)];
      writeFileSync(orphan, Buffer.alloc(1000));
      writeFileSync(young, Buffer.alloc(1000));
      const longAgo = new Date(Date.now() - ABANDONED_AFTER_MS - 60_000);
      utimesSync(orphan, longAgo, longAgo);
      await sweepAbandonedUploads(ctx);
      expect([existsSync(orphan), existsSync(young)]).toEqual([false, true]);
    } finally {
      await s3.close();
    }
  });
});

// Bytes readable under the upload's key (0 when none are left).
async function readAll(ctx: DomainContext, upload: ReceivedUpload): Promise<number> {
  try {
    let size = 0;
    for await (const piece of await ctx.files.get(upload.storageKey)) size += (piece as Buffer).length;
    return size;
  } catch {
    return 0;
  }
}
