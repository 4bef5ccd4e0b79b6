import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { S3ClientConfig } from '@aws-sdk/client-s3';
import type { S3FilesSetting } from '../config/config-types.js';
import type { ByteRange, FileStore } from './file-store.js';
import { sendFileToS3 } from './send-file-to-s3.js';
import { writeToNewFile } from './write-to-new-file.js';

/** S3's smallest part but the last: a file up to this size is one PutObject. */
const PART_BYTES = 5 * 1024 * 1024;

const SILENT_LOGGER = { debug() {}, info() {}, warn() {}, error() {} };

export interface S3FileStoreOptions {
  /**
   * Where files wait, whole, before they are sent: a folder of the data folder (local disk; the system's
   * temporary folder may be memory).
   */
  spoolDir: string;
  /** The part size of multipart uploads (tests lower it to see several parts of a small file). */
  partBytes?: number;
  /** The AWS SDK client's settings, over ours (tests give credentials, attempts). */
  clientConfig?: S3ClientConfig;
}

export interface S3FileStore extends FileStore {
  readonly kind: 's3';
  /** Asks the bucket whether it is there and these credentials may use it. */
  check(): Promise<void>;
}

/**
 * Files as objects of an S3-compatible bucket (HELPDESK_FILES=s3://bucket?endpoint=…&region=…), through
 * the AWS SDK: credentials come from its usual sources (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a
 * profile, an instance role) and are never in our config or logs. A file is first written to a spool
 * file (its size is unknown until it ends, and S3 wants each request's length), then sent from that file
 * in one PUT or in parts read straight from it, so no upload holds its bytes in memory; the object
 * appears only when whole (a failed upload is aborted). A process killed mid-upload leaves a spool file
 * or an unfinished multipart upload, which `delete` removes when the sweep reaches its pending
 * attachment. Custom endpoints are addressed by path (bucket in the path, not the host name), which is
 * what MinIO, Garage, Ceph and the like expect.
 */
export async function createS3FileStore(setting: S3FilesSetting, options: S3FileStoreOptions): Promise<S3FileStore> {
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
  const client = new S3Client({
    region: setting.region,
    // Other S3-compatible servers: addressed by path, and checksums only where S3 requires them (many
    // servers refuse the SDK's default CRC trailers).
    ...(setting.endpoint
      ? {
          endpoint: setting.endpoint,
          forcePathStyle: true,
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
        }
      : {}),
    // The SDK's only default log line is a warning that a failed request with a stream body is not
    // retried, printed on stderr: sendFileToS3 retries those itself, from the file.
    logger: SILENT_LOGGER,
    ...options.clientConfig,
  });
  const Bucket = setting.bucket;
  const { spoolDir } = options;
  const partBytes = options.partBytes ?? PART_BYTES;
  const spoolPath = (key: string) => join(spoolDir, `${key}.part`);
  return {
    kind: 's3',
    async put(key, source) {
      assertKey(key);
      const path = spoolPath(key);
      await mkdir(spoolDir, { recursive: true, mode: 0o700 });
      // The source's own error (a limit, a refused kind, the client gone) is thrown from here, with the
      // spool file already removed and nothing sent.
      const size = await writeToNewFile(path, source);
      try {
        await sendFileToS3(client, { Bucket, Key: key, path, size, partBytes });
        return { size };
      } catch (error) {
        // The multipart upload is aborted already; this also covers a server that could not abort it.
        await deleteObject(key).catch(() => {});
        throw error;
      } finally {
        // Not a reason to fail a stored file: a spool file that could not go is swept by age.
        await rm(path, { force: true }).catch(() => {});
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
    // A spool file is written as the upload comes in and sent at once; one untouched for an hour is past
    // the hour after which the sweep deletes any pending upload, so nothing will send or delete it.
    async deleteLocalLeftovers(before) {
      const names = await readdir(spoolDir).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
      let deleted = 0;
      for (const name of names) {
        const path = join(spoolDir, name);
        const written = await stat(path).then(
          (found) => found.mtimeMs,
          () => undefined,
        );
        if (written === undefined || written >= before) continue;
        await rm(path, { force: true });
        deleted += 1;
      }
      return deleted;
    },
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

  // Whatever the key has: a spool file a killed process left, the object, unfinished multipart uploads.
  async function deleteKey(key: string): Promise<void> {
    assertKey(key);
    await rm(spoolPath(key), { force: true });
    await deleteObject(key);
  }

  async function deleteObject(key: string): Promise<void> {
    await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    await abortUnfinishedUploads(key);
  }

  // Parts of an upload cut off by a killed process are stored (and billed) until aborted. Servers that
  // cannot list multipart uploads answer NotImplemented: a bucket lifecycle rule (abort incomplete
  // multipart uploads after a day) is the remedy there, as docs/operations.md says.
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
