import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../db/create-db.js';
import { migrateToLatest } from '../db/migrate.js';
import { createDomainContext, type DomainContext } from '../domain/context.js';
import { createHooks } from '../hooks/create-hooks.js';
import { TINY_PNG } from '../test/multipart.js';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../test/test-databases.js';
import { claimUploads } from './claim-uploads.js';
import { createDiskFileStore } from './disk-file-store.js';
import { type ReceivedUpload, receiveUpload } from './receive-upload.js';
import { ABANDONED_AFTER_MS, sweepAbandonedUploads } from './sweep-abandoned-uploads.js';

const RULES = {
  maxFileBytes: 1_000_000,
  maxTicketBytes: 1_000_000,
  remainingBytes: 1_000_000,
  allowedTypes: new Set(['image/png', 'text/plain']),
  allowedWords: 'images, plain text',
};

async function* bytes(data: Buffer): AsyncGenerator<Uint8Array> {
  yield data;
}

describeEachDatabase('sweeping abandoned uploads', (dialect) => {
  let database: TestDatabase;
  let db: Db;
  let dir: string;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    db = createDb({ url: database.url });
    await migrateToLatest(db);
    dir = mkdtempSync(join(tmpdir(), 'helpdesk-sweep-'));
  });
  afterAll(async () => {
    await db.close();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const contexts: Array<[string, () => DomainContext]> = [
    ['database store', () => createDomainContext(db, createHooks())],
    ['disk store', () => createDomainContext(db, createHooks(), undefined, createDiskFileStore(join(dir, 'files')))],
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

  it('disk: a partial file left by a process killed mid-upload goes with its pending row', async () => {
    const store = createDiskFileStore(join(dir, 'files'));
    const ctx = createDomainContext(db, createHooks(), undefined, store);
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
