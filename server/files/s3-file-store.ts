import { Readable } from 'node:stream';
import type { S3ClientConfig } from '@aws-sdk/client-s3';
import type { S3FilesSetting } from '../config/config-types.js';
import type { ByteRange, FileStore } from './file-store.js';

/** S3’s smallest part but the last, sent one at a time: an upload in progress holds one part (5 MB) in memory. */
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 1;

export interface S3FileStore extends FileStore {
  readonly kind: 's3';
  /** Asks the bucket whether it is there and these credentials may use it. */
  check(): Promise<void>;
}

/**
 * Files as objects of an S3-compatible bucket (HELPDESK_FILES=s3://bucket?endpoint=…&region=…), through
 * the AWS SDK: credentials come from its usual sources (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a
 * profile, an instance role) and are never in our config or logs. A file is streamed up in parts and
 * becomes an object only when whole (a failed upload is aborted), so a reader never sees half a file;
 * a process killed mid-upload leaves an unfinished multipart upload, which `delete` aborts when the sweep
 * reaches its pending attachment. Custom endpoints are addressed by path (bucket in the path, not the
 * host name), which is what MinIO, Garage, Ceph and the like expect.
 */
export async function createS3FileStore(setting: S3FilesSetting, clientConfig: S3ClientConfig = {}): Promise<S3FileStore> {
  // Loaded only when chosen: the SDK takes about 0.4 s to load, which every other start would pay.
  const {
    AbortMultipartUploadCommand,
    DeleteObjectCommand,
    GetObjectCommand,
    HeadBucketCommand,
    ListMultipartUploadsCommand,
    S3Client,
    S3ServiceException,
  } = await import('@aws-sdk/client-s3');
  const { Upload } = await import('@aws-sdk/lib-storage');
  const client = new S3Client({
    region: setting.region,
    // Other S3-compatible servers: addressed by path, and checksums only where S3 requires them (many
    // servers refuse the SDK's default CRC trailers, and computing them costs a copy of each part).
    ...(setting.endpoint
      ? {
          endpoint: setting.endpoint,
          forcePathStyle: true,
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
        }
      : {}),
    ...clientConfig,
  });
  const Bucket = setting.bucket;
  return {
    kind: 's3',
    async put(key, source) {
      assertKey(key);
      let size = 0;
      // The source's own error (a limit, the client gone) is the one to throw, not the SDK's view of it.
      let sourceError: unknown;
      async function* count(): AsyncGenerator<Uint8Array> {
        try {
          for await (const piece of source) {
            size += piece.byteLength;
            yield piece;
          }
        } catch (error) {
          sourceError = error;
          throw error;
        }
      }
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: Readable.from(count(), { objectMode: false }) },
        partSize: PART_BYTES,
        queueSize: PARTS_IN_FLIGHT,
      });
      try {
        await upload.done();
        return { size };
      } catch (error) {
        // Upload aborted its multipart upload already; this also covers a server that could not.
        await deleteKey(key).catch(() => {});
        throw sourceError ?? error;
      }
    },
    async get(key, range?: ByteRange) {
      assertKey(key);
      const answer = await client.send(
        new GetObjectCommand({ Bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
      );
      // In Node the SDK's body is an http.IncomingMessage: a Readable that streams as it is read.
      const body = answer.Body;
      if (!(body instanceof Readable)) throw new Error(`The S3 server sent no readable body for ${key}.`);
      if (!range) return body;
      // Some S3-compatible servers widen a range (or ignore it and send everything): pass on exactly the bytes asked for.
      const sentFrom = Number(/^bytes (\d+)-/.exec(answer.ContentRange ?? '')?.[1] ?? 0);
      if (sentFrom > range.start) {
        body.destroy();
        throw new Error(`The S3 server answered ${key} from byte ${sentFrom}, after the ${range.start} asked for.`);
      }
      return Readable.from(exactly(body, range.start - sentFrom, range.end - range.start + 1));
    },
    delete: deleteKey,
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
        const why =
          status === 404
            ? 'it does not exist'
            : status === 403 || status === 401 || (error as Error).name === 'CredentialsProviderError'
              ? 'the credentials (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY) are missing or not allowed to use it'
              : status
                ? `the server answered ${status} (${(error as Error).name})`
                : `the server could not be reached (${(error as Error).message || (error as Error).name})`;
        throw new Error(
          `HELPDESK_FILES: the S3 bucket "${Bucket}"${setting.endpoint ? ` at ${setting.endpoint}` : ''} cannot be used: ${why}.`,
        );
      }
    },
  };

  async function deleteKey(key: string): Promise<void> {
    assertKey(key);
    await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    await abortUnfinishedUploads(key);
  }

  // Parts of an upload cut off by a killed process are stored (and billed) until aborted. Servers that
  // cannot list multipart uploads answer NotImplemented: a bucket lifecycle rule (abort incomplete
  // multipart uploads after a day) is the remedy there, as README says.
  async function abortUnfinishedUploads(key: string): Promise<void> {
    const listed = await client.send(new ListMultipartUploadsCommand({ Bucket, Prefix: key })).catch((error: unknown) => {
      if (error instanceof S3ServiceException && (error.name === 'NotImplemented' || error.$metadata.httpStatusCode === 501)) return null;
      throw error;
    });
    if (!listed) return;
    for (const upload of listed.Uploads ?? []) {
      if (upload.Key !== key || !upload.UploadId) continue;
      await client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: upload.UploadId }));
    }
  }
}

// The `length` bytes after the first `skip` of `body`; the rest is not read (the connection is dropped).
async function* exactly(body: Readable, skip: number, length: number): AsyncGenerator<Buffer> {
  let toSkip = skip;
  let left = length;
  try {
    for await (const chunk of body) {
      let piece = chunk as Buffer;
      if (toSkip > 0) {
        const skipped = Math.min(toSkip, piece.length);
        piece = piece.subarray(skipped);
        toSkip -= skipped;
      }
      if (piece.length === 0) continue;
      if (piece.length >= left) {
        yield piece.subarray(0, left);
        return;
      }
      left -= piece.length;
      yield piece;
    }
  } finally {
    body.destroy();
  }
}

// Keys become object names: only what the helpdesk makes (hex) may reach the bucket.
function assertKey(key: string): void {
  if (!/^[0-9a-f]{16,128}$/.test(key)) throw new Error('A file key must be hex made by the helpdesk.');
}
