import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { updateSettings } from '../../../settings/settings.js';
import { relaxIntakeLimits, setRegistration, ticketPayload } from '../../../test/fixtures.js';
import { multipartBody } from '../../../test/multipart.js';
import { startTestS3Server, type TestS3Server } from '../../../test/s3-server.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { createTestHelpdesk, type TestHelpdesk } from '../../../test/test-helpdesk.js';

const API = '/api/helpdesk/v1';
// Over 5 MB, so the S3 store sends it as a multipart upload of two parts; numbered lines make any range tell.
const TEXT = Buffer.from(Array.from({ length: 700_000 }, (_, i) => `line ${i}\n`).join(''));

describeEachDatabase('attachments in an S3 bucket, through the API', (dialect) => {
  let s3: TestS3Server;
  let hd: TestHelpdesk;
  let dataDir: string;
  // Files waiting to be sent to the bucket (the S3 store spools each upload here first).
  const spooled = () => (existsSync(join(dataDir, 's3-spool')) ? readdirSync(join(dataDir, 's3-spool')) : []);
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'helpdesk-files-s3-'));
    s3 = await startTestS3Server();
    // The store takes its credentials where the AWS SDK always looks: these variables.
    vi.stubEnv('AWS_ACCESS_KEY_ID', s3.env.AWS_ACCESS_KEY_ID);
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', s3.env.AWS_SECRET_ACCESS_KEY);
    hd = await createTestHelpdesk(dialect, { files: s3.setting, dataDir });
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    await updateSettings(hd.ctx, { tickets: { attachment_max_file_mb: 10 } });
  });
  afterAll(async () => {
    await hd?.close();
    await s3?.close();
    vi.unstubAllEnvs();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores a ticket’s file as an object, serves it whole and by range, and deletes it with the ticket', async () => {
    expect(TEXT.length).toBeGreaterThan(5 * 1024 * 1024);
    const body = multipartBody(ticketPayload(), [{ name: 'log.txt', bytes: TEXT }]);
    const filed = await hd.app.inject({ method: 'POST', url: `${API}/tickets/`, payload: body.payload, headers: body.headers });
    expect(filed.statusCode).toBe(201);
    const admin = await hd.authAs('admin');
    const ticket = (await hd.app.inject({ url: `${API}/tickets/${filed.json().id}`, headers: admin })).json();
    const [file] = ticket.attachments;
    expect(file).toMatchObject({ name: 'log.txt', size: TEXT.length, type: 'text/plain' });
    const row = await hd.ctx.db.selectFrom('attachments').select('storage_key').where('public_id', '=', file.id).executeTakeFirstOrThrow();
    const objects = await s3.client.send(new ListObjectsV2Command({ Bucket: s3.setting.bucket }));
    expect(objects.Contents?.map((object) => [object.Key, object.Size])).toContainEqual([row.storage_key, TEXT.length]);

    const whole = await hd.app.inject({ url: `${API}/files/${file.id}`, headers: admin });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(TEXT)).toBe(true);
    // Across the boundary of the two uploaded parts, and a first byte alone.
    const start = 5 * 1024 * 1024 - 7;
    for (const [from, to] of [
      [start, start + 20],
      [0, 0],
    ] as const) {
      const part = await hd.app.inject({ url: `${API}/files/${file.id}`, headers: { ...admin, range: `bytes=${from}-${to}` } });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes ${from}-${to}/${TEXT.length}`);
      expect(part.rawPayload.equals(TEXT.subarray(from, to + 1))).toBe(true);
    }

    const deleted = await hd.app.inject({ method: 'DELETE', url: `${API}/tickets/${ticket.id}`, headers: admin });
    expect(deleted.statusCode).toBe(204);
    const left = await s3.client.send(new ListObjectsV2Command({ Bucket: s3.setting.bucket, Prefix: row.storage_key }));
    expect(left.Contents ?? []).toEqual([]);
  });

  it('a refused file leaves nothing: no object (not even of the message’s good file), no spool file, no row', async () => {
    // Text for its first megabyte (so it is already being spooled), then a byte that is not UTF-8.
    const notText = Buffer.concat([TEXT.subarray(0, 1_048_576), Buffer.from([0xff, 0xfe]), TEXT.subarray(0, 1000)]);
    const body = multipartBody(ticketPayload({ subject: 'Refused log' }), [
      { name: 'good.txt', bytes: TEXT.subarray(0, 200_000) },
      { name: 'bad.txt', bytes: notText },
    ]);
    const createdBefore = s3.created.length;
    const objectsBefore = (await s3.client.send(new ListObjectsV2Command({ Bucket: s3.setting.bucket }))).KeyCount ?? 0;
    const res = await hd.app.inject({ method: 'POST', url: `${API}/tickets/`, payload: body.payload, headers: body.headers });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', attachment: { index: 1, name: 'bad.txt' } });
    // The good file went up before the refusal, and was deleted with it.
    expect(s3.created.length).toBe(createdBefore + 1);
    const objects = await s3.client.send(new ListObjectsV2Command({ Bucket: s3.setting.bucket }));
    expect(objects.KeyCount ?? 0).toBe(objectsBefore);
    expect(spooled()).toEqual([]);
    expect(await hd.ctx.db.selectFrom('attachments').select('id').where('is_pending', '=', 1).execute()).toEqual([]);
  });
});
