import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver, { type S3rverEvent } from 's3rver';
import type { S3FilesSetting } from '../config/config-types.js';

/** s3rver's fixed credentials: it checks every request's signature against them. */
export const S3_TEST_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3Server {
  setting: S3FilesSetting;
  /** HELPDESK_FILES and the AWS variables for a `helpdesk serve` process using this server. */
  env: Record<string, string>;
  client: S3Client;
  /** The folder s3rver keeps the bucket in (its unfinished multipart uploads too, as files). */
  directory: string;
  /** Objects made so far, as `Put <key>` (one PutObject) or `Post <key>` (a completed multipart upload). */
  created: string[];
  close(): Promise<void>;
}

/**
 * A real S3-protocol server (s3rver, files in a temporary folder) on a free port, with one empty bucket:
 * the S3 store is tested over HTTP with the AWS SDK's own signing, as against any S3-compatible store.
 */
export async function startTestS3Server(bucket = 'helpdesk-files'): Promise<TestS3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'helpdesk-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
  const created: string[] = [];
  server.on('event', (event: S3rverEvent) => {
    const [record] = event.Records;
    const how = /^ObjectCreated:(Put|Post)$/.exec(record?.eventName ?? '')?.[1];
    if (how) created.push(`${how} ${record?.s3.object.key}`);
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3_TEST_CREDENTIALS });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    setting: { kind: 's3', bucket, region: 'us-east-1', endpoint },
    env: {
      HELPDESK_FILES: `s3://${bucket}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1`,
      AWS_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
    },
    client,
    directory,
    created,
    async close() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
