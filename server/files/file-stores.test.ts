import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../db/migrate.js';
import { S3_TEST_CREDENTIALS, startTestS3Server, type TestS3Server } from '../test/s3-server.js';
import { describeEachDatabase, useTestDb } from '../test/test-databases.js';
import { CHUNK_BYTES, createDatabaseFileStore } from './database-file-store.js';
import { createDiskFileStore } from './disk-file-store.js';
import { newStorageKey } from './file-keys.js';
import type { FileStore } from './file-store.js';
import { createS3FileStore, type S3FileStoreOptions } from './s3-file-store.js';

// Deterministic bytes that differ at every offset, so a range off by one shows.
function pattern(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i += 1) bytes[i] = (i * 31 + (i >> 8)) & 0xff;
  return bytes;
}

async function* inPieces(bytes: Buffer, piece = 10_000): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += piece) yield bytes.subarray(i, i + piece);
}

async function readAll(stream: Readable): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for await (const piece of stream) pieces.push(Buffer.from(piece));
  return Buffer.concat(pieces);
}

describeEachDatabase('file stores', (dialect) => {
  const database = useTestDb(dialect, { setup: migrateToLatest });
  let dir: string;
  let s3: TestS3Server;
  let s3Store: FileStore;
  const spoolDir = () => join(dir, 's3-spool');
  const s3StoreWith = (setting = s3.setting, options: Partial<S3FileStoreOptions> = {}) =>
    createS3FileStore(setting, { spoolDir: spoolDir(), clientConfig: { credentials: S3_TEST_CREDENTIALS }, ...options });
  // Files waiting to be sent, and multipart uploads s3rver holds unfinished (it keeps each as a folder).
  const spooled = () => (existsSync(spoolDir()) ? readdirSync(spoolDir()) : []);
  const unfinishedUploads = () => {
    const uploads = join(s3.directory, s3.setting.bucket, '._S3rver_uploads');
    return existsSync(uploads) ? readdirSync(uploads) : [];
  };
  const stores: Array<[string, () => FileStore]> = [
    ['database', () => createDatabaseFileStore(database.db.kysely)],
    ['disk', () => createDiskFileStore(join(dir, 'files'))],
    ['s3', () => s3Store],
  ];
  // What a store keeps under `key`: its chunks, its file (whole or partial), its object.
  async function leftUnder(kind: string, key: string): Promise<string[]> {
    if (kind === 'database') {
      const rows = await database.db.kysely.selectFrom('file_chunks').select('seq').where('storage_key', '=', key).execute();
      return rows.map((row) => `chunk ${row.seq}`);
    }
    if (kind === 'disk') {
      return readdirSync(join(dir, 'files'), { recursive: true, encoding: 'utf8' }).filter((path) => path.includes(key));
    }
    const listed = await s3.client.send(new ListObjectsV2Command({ Bucket: s3.setting.bucket, Prefix: key }));
    return [...(listed.Contents ?? []).map((object) => object.Key ?? ''), ...spooled().filter((name) => name.includes(key))];
  }
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'helpdesk-files-'));
    s3 = await startTestS3Server();
    s3Store = await s3StoreWith();
  });
  afterAll(async () => {
    await s3?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  for (const [kind, make] of stores) {
    describe(kind, () => {
      const size = CHUNK_BYTES * 3 + 12_345;
      const bytes = pattern(size);

      it('puts a file in pieces, counts its size, and gets it back whole', async () => {
        const store = make();
        const key = newStorageKey();
        expect(await store.put(key, inPieces(bytes))).toEqual({ size });
        expect((await readAll(await store.get(key))).equals(bytes)).toBe(true);
      });

      it('gets any byte range, across chunk boundaries too', async () => {
        const store = make();
        const key = newStorageKey();
        await store.put(key, inPieces(bytes, 70_001));
        const ranges = [
          { start: 0, end: 0 },
          { start: 0, end: 99 },
          { start: CHUNK_BYTES - 5, end: CHUNK_BYTES + 4 },
          { start: CHUNK_BYTES, end: CHUNK_BYTES * 2 + 7 },
          { start: size - 10, end: size - 1 },
          { start: 17, end: size - 1 },
        ];
        for (const range of ranges) {
          const got = await readAll(await store.get(key, range));
          expect(got.equals(bytes.subarray(range.start, range.end + 1)), `${range.start}-${range.end}`).toBe(true);
        }
      });

      it('deletes a file (and deleting a missing one is no error)', async () => {
        const store = make();
        const key = newStorageKey();
        await store.put(key, inPieces(pattern(1000)));
        expect(await leftUnder(kind, key)).not.toEqual([]);
        await store.delete(key);
        await store.delete(key);
        expect(await leftUnder(kind, key)).toEqual([]);
        if (kind !== 'database') await expect(store.get(key)).rejects.toThrow();
      });

      it('leaves nothing behind when the source fails half-way, and throws its error', async () => {
        const store = make();
        const key = newStorageKey();
        async function* failing(): AsyncGenerator<Uint8Array> {
          yield pattern(CHUNK_BYTES + 10);
          yield pattern(CHUNK_BYTES);
          throw new Error('the client went away');
        }
        await expect(store.put(key, failing())).rejects.toThrow('the client went away');
        expect(await leftUnder(kind, key)).toEqual([]);
        if (kind !== 'database') await expect(store.get(key)).rejects.toThrow();
        if (kind === 'disk') expect(readdirSync(join(dir, 'files', 'partial'))).toEqual([]);
        if (kind === 's3') expect([spooled(), unfinishedUploads()]).toEqual([[], []]);
      });

      it('stores an empty file as zero bytes', async () => {
        const store = make();
        const key = newStorageKey();
        expect(await store.put(key, inPieces(Buffer.alloc(0)))).toEqual({ size: 0 });
        expect((await readAll(await store.get(key))).length).toBe(0);
      });
    });
  }

  it('disk: a key that is not the helpdesk’s hex never reaches the file system', async () => {
    const store = createDiskFileStore(join(dir, 'files'));
    await expect(store.put('../../etc/passwd', inPieces(pattern(10)))).rejects.toThrow('hex');
    await expect(store.get('../x')).rejects.toThrow('hex');
  });

  it('s3: a key that is not the helpdesk’s hex never reaches the bucket', async () => {
    const store = await s3StoreWith();
    await expect(store.put('../other/key', inPieces(pattern(10)))).rejects.toThrow('hex');
    await expect(store.delete('a/b')).rejects.toThrow('hex');
  });

  it('s3: a large upload cut off after several parts sends nothing, leaves no spool file, and throws the source’s error', async () => {
    const store = await s3StoreWith();
    const key = newStorageKey();
    async function* failingLate(): AsyncGenerator<Uint8Array> {
      for (let i = 0; i < 12; i += 1) yield pattern(1024 * 1024);
      // Twelve parts' worth reached the spool file: it exists now, and must go with the failure.
      expect(spooled()).toEqual([`${key}.part`]);
      throw new Error('over the limit');
    }
    await expect(store.put(key, failingLate())).rejects.toThrow('over the limit');
    const listed = await s3.client.send(new ListObjectsV2Command({ Bucket: s3.setting.bucket, Prefix: key }));
    expect(listed.Contents ?? []).toEqual([]);
    expect(s3.created.filter((made) => made.endsWith(key))).toEqual([]);
    expect([spooled(), unfinishedUploads()]).toEqual([[], []]);
  });

  it('s3: a file over the part size goes up in parts read from its spool file and comes back byte-exact', async () => {
    const partBytes = 100_003;
    const store = await s3StoreWith(s3.setting, { partBytes });
    const key = newStorageKey();
    const size = partBytes * 3 + 12_345;
    const bytes = pattern(size);
    expect(await store.put(key, inPieces(bytes, 65_536))).toEqual({ size });
    expect(s3.created).toContain(`Post ${key}`);
    expect((await readAll(await store.get(key))).equals(bytes)).toBe(true);
    for (const range of [
      { start: partBytes - 3, end: partBytes + 2 },
      { start: partBytes * 3 - 1, end: size - 1 },
    ]) {
      expect((await readAll(await store.get(key, range))).equals(bytes.subarray(range.start, range.end + 1))).toBe(true);
    }
    expect([spooled(), unfinishedUploads()]).toEqual([[], []]);
  });

  it('s3: a file of exactly one part is one PutObject', async () => {
    const store = await s3StoreWith(s3.setting, { partBytes: 100_003 });
    const key = newStorageKey();
    const bytes = pattern(100_003);
    expect(await store.put(key, inPieces(bytes))).toEqual({ size: 100_003 });
    expect(s3.created.filter((made) => made.endsWith(key))).toEqual([`Put ${key}`]);
    expect((await readAll(await store.get(key))).equals(bytes)).toBe(true);
  });

  it('s3: deleting a key removes the spool file a killed process left under it', async () => {
    const store = await s3StoreWith();
    const key = newStorageKey();
    mkdirSync(spoolDir(), { recursive: true });
    writeFileSync(join(spoolDir(), `${key}.part`), pattern(1000));
    const other = `${newStorageKey()}.part`;
    writeFileSync(join(spoolDir(), other), pattern(10));
    await store.delete(key);
    expect(spooled()).toEqual([other]);
    rmSync(join(spoolDir(), other));
  });

  it('s3: the start-up check passes on the bucket and names a missing one, missing credentials, a server not there', async () => {
    await expect((await s3StoreWith()).check()).resolves.toBeUndefined();
    const missing = await s3StoreWith({ ...s3.setting, bucket: 'no-such-bucket' });
    const noCredentials = await s3StoreWith(s3.setting, {
      clientConfig: { credentials: () => Promise.reject(Object.assign(new Error('none found'), { name: 'CredentialsProviderError' })) },
    });
    await expect(noCredentials.check()).rejects.toThrow(/the credentials \(AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY\) are missing/);
    const closed = createServer().listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const { port } = closed.address() as AddressInfo;
    closed.close();
    const nobody = await s3StoreWith(
      { ...s3.setting, endpoint: `http://127.0.0.1:${port}` },
      { clientConfig: { credentials: S3_TEST_CREDENTIALS, maxAttempts: 1 } },
    );
    await expect(nobody.check()).rejects.toThrow(/cannot be used: the server could not be reached \(.*ECONNREFUSED/);
    await expect(missing.check()).rejects.toThrow(/"no-such-bucket" at http:\/\/127\.0\.0\.1:\d+ cannot be used: it does not exist/);
  });
});
