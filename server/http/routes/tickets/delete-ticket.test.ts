import { beforeAll, expect, it } from 'vitest';
import { relaxIntakeLimits, setRegistration, ticketPayload } from '../../../test/fixtures.js';
import { multipartBody, TINY_PDF, TINY_PNG } from '../../../test/multipart.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

const API = '/api/helpdesk/v1';

describeEachDatabase('DELETE /tickets/{id}: a ticket goes with its thread and its files', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  beforeAll(async () => {
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
  });

  const count = async (table: 'attachments' | 'file_chunks' | 'comments' | 'posts' | 'ticket_events') =>
    Number(
      (
        await hd.ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('deletes the ticket, its comments and every file (rows and bytes); agents may not, admins may; then 404', async () => {
    const admin = await hd.authAs('admin');
    const agent = await hd.authAs('agent');
    const keep = await hd.app.inject({ method: 'POST', url: `${API}/tickets/`, ...withFiles(ticketPayload(), [['other.png', TINY_PNG]]) });
    const filed = await hd.app.inject({ method: 'POST', url: `${API}/tickets/`, ...withFiles(ticketPayload(), [['a.png', TINY_PNG]]) });
    expect(filed.statusCode).toBe(201);
    const id = filed.json().id;
    const note = multipartBody({ text: 'A note with the log.', internal: 'true' }, [{ name: 'b.pdf', bytes: TINY_PDF }]);
    const noted = await hd.app.inject({
      method: 'POST',
      url: `${API}/tickets/${id}/comments`,
      payload: note.payload,
      headers: { ...note.headers, ...agent },
    });
    expect(noted.statusCode).toBe(201);
    const fileIds: string[] = JSON.stringify((await hd.app.inject({ url: `${API}/tickets/${id}`, headers: agent })).json()).match(
      /"id":"[A-Za-z0-9_-]{20,}"/g,
    ) as string[];
    expect(fileIds).toHaveLength(2);
    const before = { attachments: await count('attachments'), chunks: await count('file_chunks'), posts: await count('posts') };

    expect((await hd.app.inject({ method: 'DELETE', url: `${API}/tickets/${id}`, headers: agent })).statusCode).toBe(403);
    const res = await hd.app.inject({ method: 'DELETE', url: `${API}/tickets/${id}`, headers: admin });
    expect(res.statusCode).toBe(204);

    expect(await count('attachments')).toBe(before.attachments - 2);
    expect(await count('file_chunks')).toBe(before.chunks - 2);
    expect(await count('posts')).toBe(before.posts - 1);
    const left = await hd.ctx.db.selectFrom('comments').select('id').where('post_id', '=', id).execute();
    expect(left).toEqual([]);
    expect(await hd.ctx.db.selectFrom('ticket_events').select('id').where('ticket_id', '=', id).execute()).toEqual([]);
    for (const quoted of fileIds) {
      const fileId = JSON.parse(`{${quoted}}`).id;
      expect((await hd.app.inject({ url: `${API}/files/${fileId}`, headers: admin })).statusCode).toBe(404);
    }
    expect((await hd.app.inject({ url: `${API}/tickets/${id}`, headers: admin })).statusCode).toBe(404);
    expect((await hd.app.inject({ method: 'DELETE', url: `${API}/tickets/${id}`, headers: admin })).statusCode).toBe(404);
    // The other ticket's file is untouched.
    const other = (await hd.app.inject({ url: `${API}/tickets/${keep.json().id}`, headers: admin })).json();
    expect((await hd.app.inject({ url: `${API}/files/${other.attachments[0].id}`, headers: admin })).statusCode).toBe(200);
  });
});

function withFiles(fields: Record<string, string>, files: Array<[name: string, bytes: Buffer]>) {
  const body = multipartBody(
    fields,
    files.map(([name, bytes]) => ({ name, bytes })),
  );
  return { payload: body.payload, headers: body.headers };
}
