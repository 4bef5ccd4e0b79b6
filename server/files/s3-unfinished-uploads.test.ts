import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { newStorageKey } from './file-keys.js';
import { createS3FileStore } from './s3-file-store.js';

const BUCKET = 'helpdesk-files';

/**
 * A few answers of a real S3 (s3rver cannot list multipart uploads): an unfinished upload of `key`
 * (and one of a longer key sharing its start) to list, and every request recorded.
 */
function fakeS3(key: string, listing: 'uploads' | 'not-implemented') {
  const seen: string[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    seen.push(`${req.method} ${req.url}`);
    const url = new URL(req.url ?? '/', 'http://s3.test');
    req.resume();
    if (req.method === 'GET' && url.searchParams.has('uploads')) {
      if (listing === 'not-implemented') {
        res.writeHead(501, { 'content-type': 'application/xml' });
        res.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>NotImplemented</Code><Message>No.</Message></Error>');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(
        '<?xml version="1.0" encoding="UTF-8"?><ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
          `<Bucket>${BUCKET}</Bucket><Upload><Key>${key}</Key><UploadId>cut-off-by-kill</UploadId></Upload>` +
          `<Upload><Key>${key}00</Key><UploadId>someone-else</UploadId></Upload></ListMultipartUploadsResult>`,
      );
      return;
    }
    res.writeHead(204);
    res.end();
  });
  return { server, seen };
}

describe('S3 store: deleting a key aborts its unfinished multipart uploads', () => {
  const key = newStorageKey();
  const servers: Server[] = [];
  const start = async (listing: 'uploads' | 'not-implemented') => {
    const fake = fakeS3(key, listing);
    fake.server.listen(0, '127.0.0.1');
    await once(fake.server, 'listening');
    servers.push(fake.server);
    const { port } = fake.server.address() as AddressInfo;
    const store = await createS3FileStore(
      { kind: 's3', bucket: BUCKET, region: 'us-east-1', endpoint: `http://127.0.0.1:${port}` },
      { spoolDir: spoolDir(), clientConfig: { credentials: { accessKeyId: 'test', secretAccessKey: 'test' }, maxAttempts: 1 } },
    );
    return { store, seen: fake.seen };
  };
  let dir: string | undefined;
  const spoolDir = () => {
    dir ??= mkdtempSync(join(tmpdir(), 'helpdesk-s3-spool-'));
    return dir;
  };
  afterAll(() => {
    for (const server of servers) server.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('deletes the object and aborts the upload a killed process left under the key, and no other', async () => {
    const { store, seen } = await start('uploads');
    await store.delete(key);
    expect(seen).toContain(`DELETE /${BUCKET}/${key}?x-id=DeleteObject`);
    expect(seen.filter((line) => line.includes('uploadId='))).toEqual([
      `DELETE /${BUCKET}/${key}?uploadId=cut-off-by-kill&x-id=AbortMultipartUpload`,
    ]);
  });

  it('still deletes on a server that cannot list multipart uploads', async () => {
    const { store, seen } = await start('not-implemented');
    await expect(store.delete(key)).resolves.toBeUndefined();
    expect(seen[0]).toBe(`DELETE /${BUCKET}/${key}?x-id=DeleteObject`);
  });
});
