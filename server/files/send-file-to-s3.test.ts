import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import { afterAll, describe, expect, it } from 'vitest';
import { newStorageKey } from './file-keys.js';
import { createS3FileStore } from './s3-file-store.js';
import { partSizeFor, sendFileToS3 } from './send-file-to-s3.js';

const BUCKET = 'helpdesk-files';
const CREDENTIALS = { accessKeyId: 'test', secretAccessKey: 'test' };

interface Seen {
  method: string;
  headers: Record<string, string | string[] | undefined>;
  query: URLSearchParams;
  body: Buffer;
}

/**
 * Just enough of S3's multipart protocol to watch what is sent (s3rver can neither list nor abort
 * multipart uploads): every request with its whole body, and `answer` may fail any of them first.
 */
async function fakeS3(answer: (seen: Seen, earlier: Seen[]) => number | undefined = () => undefined) {
  const seen: Seen[] = [];
  const server: Server = createServer(async (req, res) => {
    const pieces: Buffer[] = [];
    for await (const piece of req) pieces.push(piece as Buffer);
    const request = {
      method: req.method ?? '',
      headers: req.headers,
      query: new URL(req.url ?? '/', 'http://s3.test').searchParams,
      body: Buffer.concat(pieces),
    };
    const failWith = answer(request, seen);
    seen.push(request);
    if (failWith) {
      res.writeHead(failWith, { 'content-type': 'application/xml' });
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?>` +
          `<Error><Code>${failWith === 503 ? 'SlowDown' : 'InvalidRequest'}</Code><Message>No.</Message></Error>`,
      );
      return;
    }
    const xml = (body: string) => {
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(`<?xml version="1.0" encoding="UTF-8"?>${body}`);
    };
    if (request.method === 'POST' && request.query.has('uploads')) {
      return xml(
        `<InitiateMultipartUploadResult><Bucket>${BUCKET}</Bucket><Key>k</Key>` +
          '<UploadId>upload-1</UploadId></InitiateMultipartUploadResult>',
      );
    }
    if (request.method === 'POST' && request.query.has('uploadId')) {
      return xml(
        `<CompleteMultipartUploadResult><Bucket>${BUCKET}</Bucket><Key>k</Key><ETag>"whole"</ETag></CompleteMultipartUploadResult>`,
      );
    }
    if (request.method === 'GET' && request.query.has('uploads'))
      return xml(`<ListMultipartUploadsResult><Bucket>${BUCKET}</Bucket></ListMultipartUploadsResult>`);
    if (request.method === 'PUT') {
      const part = request.query.get('partNumber') ?? 'whole';
      res.writeHead(200, { etag: `"part-${part}"`, 'x-amz-checksum-crc32': `crc-${part}` });
      return res.end();
    }
    res.writeHead(204);
    res.end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, seen, endpoint };
}

// Deterministic bytes that differ at every offset, so a part sent from the wrong range shows.
function pattern(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i += 1) bytes[i] = (i * 31 + (i >> 8)) & 0xff;
  return bytes;
}

const isPart = (request: Seen) => request.method === 'PUT' && request.query.has('partNumber');

describe('sending a spooled file to S3', () => {
  const dir = mkdtempSync(join(tmpdir(), 'helpdesk-s3-send-'));
  const servers: Server[] = [];
  const start = async (answer?: Parameters<typeof fakeS3>[0], checksums: 'WHEN_REQUIRED' | 'WHEN_SUPPORTED' = 'WHEN_REQUIRED') => {
    const fake = await fakeS3(answer);
    servers.push(fake.server);
    const client = new S3Client({
      endpoint: fake.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: CREDENTIALS,
      requestChecksumCalculation: checksums,
      logger: { debug() {}, info() {}, warn() {}, error() {} },
    });
    return { ...fake, client };
  };
  const file = (bytes: Buffer) => {
    const path = join(dir, newStorageKey());
    writeFileSync(path, bytes);
    return path;
  };
  afterAll(() => {
    for (const server of servers) server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends parts that are the file’s ranges with their lengths, in order, and completes them', async () => {
    const { client, seen } = await start();
    const bytes = pattern(3 * 100_003 + 12_345);
    await sendFileToS3(client, { Bucket: BUCKET, Key: 'k', path: file(bytes), size: bytes.length, partBytes: 100_003 });
    const parts = seen.filter(isPart);
    expect(parts.map((part) => [part.query.get('partNumber'), part.query.get('uploadId'), part.body.length])).toEqual([
      ['1', 'upload-1', 100_003],
      ['2', 'upload-1', 100_003],
      ['3', 'upload-1', 100_003],
      ['4', 'upload-1', 12_345],
    ]);
    expect(Buffer.concat(parts.map((part) => part.body)).equals(bytes)).toBe(true);
    const complete = seen.at(-1);
    expect(complete?.method).toBe('POST');
    expect(complete?.body.toString()).toMatch(
      /<PartNumber>1<\/PartNumber>.*<PartNumber>2<\/PartNumber>.*<PartNumber>3<\/PartNumber>.*<PartNumber>4<\/PartNumber>/s,
    );
  });

  it('sends a part again from the file when the server was busy, whole', async () => {
    let refused = false;
    const { client, seen } = await start((request) => {
      if (!isPart(request) || request.query.get('partNumber') !== '2' || refused) return undefined;
      refused = true;
      return 503;
    });
    const bytes = pattern(2 * 100_003 + 7);
    await sendFileToS3(client, { Bucket: BUCKET, Key: 'k', path: file(bytes), size: bytes.length, partBytes: 100_003 });
    const secondParts = seen.filter((request) => isPart(request) && request.query.get('partNumber') === '2');
    expect(secondParts.map((part) => part.body.equals(bytes.subarray(100_003, 200_006)))).toEqual([true, true]);
    expect(seen.at(-1)?.query.has('uploadId') && seen.at(-1)?.method).toBe('POST');
  });

  it('sends a file of one part or less as one PUT of its bytes, again when the server was busy', async () => {
    let refused = false;
    const { client, seen } = await start((request) => {
      if (request.method !== 'PUT' || refused) return undefined;
      refused = true;
      return 503;
    });
    const bytes = pattern(100_003);
    await sendFileToS3(client, { Bucket: BUCKET, Key: 'k', path: file(bytes), size: bytes.length, partBytes: 100_003 });
    expect(seen.map((request) => [request.method, request.query.has('uploadId'), request.body.equals(bytes)])).toEqual([
      ['PUT', false, true],
      ['PUT', false, true],
    ]);
  });

  it('aborts the multipart upload and throws when a part is refused, without sending it again', async () => {
    const { client, seen } = await start((request) => (isPart(request) && request.query.get('partNumber') === '2' ? 400 : undefined));
    const bytes = pattern(3 * 100_003);
    await expect(
      sendFileToS3(client, { Bucket: BUCKET, Key: 'k', path: file(bytes), size: bytes.length, partBytes: 100_003 }),
    ).rejects.toThrow();
    expect(
      seen.map((request) => `${request.method} ${request.query.get('partNumber') ?? ''} ${request.query.get('uploadId') ?? ''}`.trim()),
    ).toEqual(['POST', 'PUT 1 upload-1', 'PUT 2 upload-1', 'DELETE  upload-1']);
  });

  it('on S3 itself (checksums on), asks for CRC32 parts at the start and lists each part’s checksum at the end', async () => {
    const { client, seen } = await start(undefined, 'WHEN_SUPPORTED');
    const bytes = pattern(2 * 100_003);
    await sendFileToS3(client, { Bucket: BUCKET, Key: 'k', path: file(bytes), size: bytes.length, partBytes: 100_003 });
    expect(seen[0]?.headers['x-amz-checksum-algorithm']).toBe('CRC32');
    expect(seen.at(-1)?.body.toString()).toMatch(/<ChecksumCRC32>crc-1<\/ChecksumCRC32>.*<ChecksumCRC32>crc-2<\/ChecksumCRC32>/s);
  });

  it('makes parts larger than asked when the file would need more than S3’s 10,000', () => {
    expect(partSizeFor(50_000, 100)).toBe(100);
    expect(partSizeFor(1_000_000, 100)).toBe(100);
    expect(partSizeFor(1_000_001, 100)).toBe(101);
    expect(partSizeFor(60 * 1024 ** 3, 5 * 1024 ** 2)).toBe(Math.ceil((60 * 1024 ** 3) / 10_000));
  });

  it('store: an upload the server fails leaves no spool file, no multipart upload and no object', async () => {
    const { endpoint, seen } = await start((request) => (isPart(request) && request.query.get('partNumber') === '3' ? 500 : undefined));
    const spoolDir = join(dir, 'spool');
    const store = await createS3FileStore(
      { kind: 's3', bucket: BUCKET, region: 'us-east-1', endpoint },
      { spoolDir, partBytes: 100_003, clientConfig: { credentials: CREDENTIALS, maxAttempts: 2 } },
    );
    const key = newStorageKey();
    async function* source() {
      yield pattern(4 * 100_003);
    }
    await expect(store.put(key, source())).rejects.toThrow();
    // Part 3 tried twice (maxAttempts), then the upload aborted and the key's object deleted.
    expect(seen.filter((request) => isPart(request)).map((part) => part.query.get('partNumber'))).toEqual(['1', '2', '3', '3']);
    expect(seen.some((request) => request.method === 'DELETE' && request.query.get('uploadId') === 'upload-1')).toBe(true);
    expect(seen.some((request) => request.method === 'DELETE' && !request.query.has('uploadId'))).toBe(true);
    expect(seen.some((request) => request.method === 'POST' && request.query.has('uploadId'))).toBe(false);
    expect(existsSync(spoolDir) ? readdirSync(spoolDir) : []).toEqual([]);
  });
});
