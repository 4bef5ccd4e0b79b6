import { beforeEach, expect, it } from 'vitest';
import { cleanUpExpired } from '../jobs/housekeeping.js';
import { updateSettings } from '../settings/settings.js';
import { relaxIntakeLimits, setRegistration, ticketPayload } from '../test/fixtures.js';
import { multipartBody, type TestFile, TINY_PNG } from '../test/multipart.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';

const API = '/api/helpdesk/v1';
const DAY_MS = 24 * 60 * 60 * 1000;

interface Listed {
  id: string;
  name: string;
  url: string;
  thumbnail_url: string | null;
  removed: string | null;
}

describeEachDatabase('deleting the files of tickets closed for N days', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true });
  let staff: { authorization: string };
  beforeEach(async () => {
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    staff = await hd.authAs('agent');
  });

  const send = (url: string, fields: Record<string, string>, files: TestFile[], headers: Record<string, string> = {}) => {
    const body = multipartBody(fields, files);
    return hd.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...headers } });
  };
  /** A ticket with a file on its description and one on an agent's reply; closed when asked. */
  async function ticketWithFiles(status: 'closed' | 'open'): Promise<{ id: number; files: Listed[] }> {
    const res = await send(`${API}/tickets/`, ticketPayload(), [{ name: 'screen.png', bytes: TINY_PNG }]);
    expect(res.statusCode).toBe(201);
    const id = res.json().id as number;
    const reply = await send(
      `${API}/tickets/${id}/comments`,
      { text: 'The log.' },
      [{ name: 'log.txt', bytes: Buffer.from('line\n') }],
      staff,
    );
    expect(reply.statusCode).toBe(201);
    if (status === 'closed') {
      const patch = await hd.app.inject({ method: 'PATCH', url: `${API}/tickets/${id}`, headers: staff, payload: { status: 'closed' } });
      expect(patch.statusCode).toBe(200);
    }
    return { id, files: await filesOf(id) };
  }
  async function filesOf(id: number): Promise<Listed[]> {
    const ticket = (await hd.app.inject({ url: `${API}/tickets/${id}`, headers: staff })).json();
    return [...ticket.attachments, ...ticket.comments.flatMap((c: { attachments: Listed[] }) => c.attachments)];
  }
  const storedKeys = async () =>
    (await hd.ctx.db.selectFrom('file_chunks').select('storage_key').distinct().execute()).map((r) => r.storage_key);
  const keysOf = async (ticketId: number) => {
    const rows = await hd.ctx.db.selectFrom('attachments').select(['storage_key', 'thumb_key']).where('ticket_id', '=', ticketId).execute();
    return rows.flatMap((r) => [r.storage_key, ...(r.thumb_key ? [r.thumb_key] : [])]);
  };
  const fetch = (url: string) => hd.app.inject({ url: url.replace(hd.config.homeUrl, ''), headers: staff });

  it('off (0, the default): nothing is deleted, however long ago a ticket was closed', async () => {
    const closed = await ticketWithFiles('closed');
    await cleanUpExpired(hd.ctx, new Date(Date.now() + 3650 * DAY_MS));
    expect((await filesOf(closed.id)).map((f) => f.removed)).toEqual([null, null]);
    expect((await fetch(closed.files[0]?.url as string)).statusCode).toBe(200);
  });

  it('on: a closed ticket’s files go after N days with their thumbnails; the thread says so; open tickets keep theirs', async () => {
    await updateSettings(hd.ctx, { tickets: { attachment_purge_closed_days: 30 } });
    const closed = await ticketWithFiles('closed');
    const open = await ticketWithFiles('open');
    // The thumbnail made, so there is one more thing to delete.
    expect((await fetch(closed.files[0]?.thumbnail_url as string)).statusCode).toBe(200);
    const closedKeys = await keysOf(closed.id);
    expect(closedKeys).toHaveLength(3);

    // Closed 29 days ago: kept.
    await cleanUpExpired(hd.ctx, new Date(Date.now() + 29 * DAY_MS));
    expect((await filesOf(closed.id)).map((f) => f.removed)).toEqual([null, null]);

    await cleanUpExpired(hd.ctx, new Date(Date.now() + 31 * DAY_MS));
    const after = await filesOf(closed.id);
    expect(after.map((f) => [f.name, f.removed, f.thumbnail_url])).toEqual([
      ['screen.png', 'file removed 30 days after the ticket was closed', null],
      ['log.txt', 'file removed 30 days after the ticket was closed', null],
    ]);
    const stored = await storedKeys();
    for (const key of closedKeys) expect(stored).not.toContain(key);
    for (const file of closed.files) {
      expect((await fetch(file.url)).statusCode).toBe(404);
      expect((await fetch(`${file.url}/thumbnail`)).statusCode).toBe(404);
    }
    // The open ticket, as old, keeps everything.
    expect((await filesOf(open.id)).map((f) => f.removed)).toEqual([null, null]);
    for (const key of await keysOf(open.id)) expect(stored).toContain(key);
    expect((await fetch(open.files[1]?.url as string)).statusCode).toBe(200);
  });

  it('a change to a closed ticket starts the count again', async () => {
    await updateSettings(hd.ctx, { tickets: { attachment_purge_closed_days: 30 } });
    const closed = await ticketWithFiles('closed');
    // As if the ticket changed twenty days later with its status still Closed (an internal note, say).
    const later = new Date(Date.now() + 20 * DAY_MS).toISOString();
    await hd.ctx.db.updateTable('posts').set({ updated_at: later }).where('id', '=', closed.id).execute();
    await cleanUpExpired(hd.ctx, new Date(Date.now() + 31 * DAY_MS));
    expect((await filesOf(closed.id)).map((f) => f.removed)).toEqual([null, null]);
    await cleanUpExpired(hd.ctx, new Date(Date.now() + 51 * DAY_MS));
    expect((await filesOf(closed.id)).map((f) => f.removed)).toEqual([
      'file removed 30 days after the ticket was closed',
      'file removed 30 days after the ticket was closed',
    ]);
  });

  it('a run stopped after marking the files is finished by the next, whatever the setting is then', async () => {
    const closed = await ticketWithFiles('closed');
    const keys = await keysOf(closed.id);
    // As if a run had marked them and the process had stopped before deleting a byte.
    await hd.ctx.db
      .updateTable('attachments')
      .set({ removed_at: new Date().toISOString(), removed_after_days: 30 })
      .where('ticket_id', '=', closed.id)
      .execute();
    expect((await fetch(closed.files[1]?.url as string)).statusCode).toBe(404);
    await cleanUpExpired(hd.ctx);
    const stored = await storedKeys();
    for (const key of keys) expect(stored).not.toContain(key);
  });
});
