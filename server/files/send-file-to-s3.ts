import { createReadStream } from 'node:fs';
import type { CompletedPart, S3Client } from '@aws-sdk/client-s3';
import { retryWithFreshBody } from './retry-with-fresh-body.js';

/** S3 takes at most this many parts in one multipart upload. */
const MAX_PARTS = 10_000;

export interface FileToSend {
  Bucket: string;
  Key: string;
  /** A whole file on local disk, not changing while it is sent. */
  path: string;
  size: number;
  /** Up to this size one PutObject; above it, parts of this size (at least 5 MB on S3, but the last). */
  partBytes: number;
}

/**
 * Sends a file from local disk as one object, streamed from the file and never held in memory: one
 * PutObject of known length when it fits in a part, else a multipart upload whose parts are read streams
 * of ranges of the file, one part at a time. Each request carries its length, so the SDK streams the body
 * as it is; and as the SDK cannot retry a stream it has consumed, a failed part is sent again from a fresh
 * stream of the same range. On any failure the multipart upload is aborted (no parts left stored and
 * billed) and the error thrown: the object appears only once whole.
 */
export async function sendFileToS3(client: S3Client, file: FileToSend): Promise<void> {
  const { AbortMultipartUploadCommand, CompleteMultipartUploadCommand, CreateMultipartUploadCommand, PutObjectCommand, UploadPartCommand } =
    await import('@aws-sdk/client-s3');
  const { Bucket, Key, path, size } = file;
  const attempts = await client.config.maxAttempts();
  const partBytes = partSizeFor(size, file.partBytes);
  if (size <= partBytes) {
    await retryWithFreshBody(attempts, () =>
      client.send(new PutObjectCommand({ Bucket, Key, ContentLength: size, Body: size === 0 ? Buffer.alloc(0) : createReadStream(path) })),
    );
    return;
  }
  // What S3 itself (not another server) checks: the same checksum on every part, asked for at the start.
  const checksums = (await client.config.requestChecksumCalculation()) === 'WHEN_SUPPORTED';
  const { UploadId } = await client.send(
    new CreateMultipartUploadCommand({ Bucket, Key, ...(checksums ? { ChecksumAlgorithm: 'CRC32' } : {}) }),
  );
  if (!UploadId) throw new Error(`The S3 server started no multipart upload for ${Key}.`);
  try {
    const parts: CompletedPart[] = [];
    for (let start = 0, PartNumber = 1; start < size; start += partBytes, PartNumber += 1) {
      const end = Math.min(start + partBytes, size) - 1;
      const sent = await retryWithFreshBody(attempts, () =>
        client.send(
          new UploadPartCommand({
            Bucket,
            Key,
            UploadId,
            PartNumber,
            ContentLength: end - start + 1,
            Body: createReadStream(path, { start, end }),
          }),
        ),
      );
      if (!sent.ETag) throw new Error(`The S3 server answered part ${PartNumber} of ${Key} without an ETag.`);
      parts.push({ PartNumber, ETag: sent.ETag, ...(sent.ChecksumCRC32 ? { ChecksumCRC32: sent.ChecksumCRC32 } : {}) });
    }
    await client.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts: parts } }));
  } catch (error) {
    // Best effort: the failure is the error to report, and a server that cannot abort (s3rver) leaves
    // parts that the bucket's lifecycle rule clears (docs/operations.md).
    await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId })).catch(() => {});
    throw error;
  }
}

/** The part size for a file of `size`: the one asked for, or larger when that would make too many parts. */
export function partSizeFor(size: number, partBytes: number): number {
  return Math.max(partBytes, Math.ceil(size / MAX_PARTS));
}
