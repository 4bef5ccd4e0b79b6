import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { countRows, relaxIntakeLimits, setRegistration, ticketPayload } from '../../../test/fixtures.js';
import { multipartBody, TINY_PNG, windowsExecutable } from '../../../test/multipart.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

const API = '/api/helpdesk/v1';
const dataDir = mkdtempSync(join(tmpdir(), 'helpdesk-disk-files-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Every file under the data folder's files/, partial ones included. */
function filesOnDisk(): string[] {
  try {
    return readdirSync(join(dataDir, 'files'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

describeEachDatabase('HELPDESK_FILES=disk: the same flow with files under the data folder', (dialect) => {
  const hd = useTestHelpdesk(dialect, { dataDir, files: { kind: 'disk' } });
  beforeAll(async () => {
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
  });

  it('stores a ticket’s file on disk under a random key, serves it, refuses a disguised one (no file left), deletes it too', async () => {
    const admin = await hd.authAs('admin');
    const body = multipartBody(ticketPayload(), [{ name: 'shot.png', bytes: TINY_PNG }]);
    const res = await hd.app.inject({ method: 'POST', url: `${API}/tickets/`, payload: body.payload, headers: body.headers });
    expect(res.statusCode).toBe(201);
    const id = res.json().id;
    const row = await hd.ctx.db.selectFrom('attachments').selectAll().where('ticket_id', '=', id).executeTakeFirstOrThrow();
    expect(filesOnDisk()).toContain(row.storage_key);
    const served = await hd.app.inject({ url: `${API}/files/${row.public_id}`, headers: admin });
    expect(served.rawPayload.equals(TINY_PNG)).toBe(true);

    const onDisk = filesOnDisk().length;
    const before = await countRows(hd.ctx);
    const bad = multipartBody(ticketPayload(), [{ name: 'cat.png', bytes: windowsExecutable(200_000) }]);
    const refused = await hd.app.inject({ method: 'POST', url: `${API}/tickets/`, payload: bad.payload, headers: bad.headers });
    expect(refused.statusCode).toBe(415);
    expect(filesOnDisk()).toHaveLength(onDisk);
    expect(await countRows(hd.ctx)).toEqual(before);

    expect((await hd.app.inject({ method: 'DELETE', url: `${API}/tickets/${id}`, headers: admin })).statusCode).toBe(204);
    expect(filesOnDisk()).not.toContain(row.storage_key);
  });
});
