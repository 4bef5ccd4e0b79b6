import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { updateSettings } from '../../../settings/settings.js';
import { countRows, relaxIntakeLimits, setRegistration, ticketPayload } from '../../../test/fixtures.js';
import { multipartBody, type TestFile, TINY_PDF, TINY_PNG, windowsExecutable } from '../../../test/multipart.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

const URL_TICKETS = '/api/helpdesk/v1/tickets/';
const MB = 1_048_576;

describeEachDatabase('POST /tickets/ with files (multipart/form-data)', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  beforeAll(async () => {
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
  });
  beforeEach(async () => {
    await updateSettings(hd.ctx, {
      tickets: { attachment_max_file_mb: 1, attachment_max_files: 3, attachment_max_ticket_mb: 50, attachments_anonymous: true },
    });
  });

  const file = (fields: Record<string, string>, files: TestFile[], headers: Record<string, string> = {}) => {
    const body = multipartBody(fields, files);
    return hd.app.inject({ method: 'POST', url: URL_TICKETS, payload: body.payload, headers: { ...body.headers, ...headers } });
  };
  const attachmentsOf = (ticketId: number) =>
    hd.ctx.db.selectFrom('attachments').selectAll().where('ticket_id', '=', ticketId).orderBy('id').execute();

  it('files a ticket with two files: both stored under random ids, typed by content, listed for staff', async () => {
    const res = await file(ticketPayload(), [
      { name: 'screenshot.png', bytes: TINY_PNG, type: 'image/png' },
      { name: 'invoice.pdf', bytes: TINY_PDF, type: 'application/octet-stream' },
    ]);
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const rows = await attachmentsOf(id);
    expect(rows.map((r) => [r.name, r.type, Number(r.size), r.is_pending, r.comment_id])).toEqual([
      ['screenshot.png', 'image/png', TINY_PNG.length, 0, null],
      ['invoice.pdf', 'application/pdf', TINY_PDF.length, 0, null],
    ]);
    for (const row of rows) {
      expect(row.public_id).toMatch(/^[A-Za-z0-9_-]{20,}$/);
      expect(row.storage_key).not.toContain(row.name);
    }
  });

  it('takes a file larger than the JSON body limit when the size per file allows it (3 MB under 4 MB)', async () => {
    await updateSettings(hd.ctx, { tickets: { attachment_max_file_mb: 4 } });
    const big = Buffer.alloc(3 * MB, 'z');
    const res = await file(ticketPayload(), [{ name: 'long.log', bytes: big }]);
    expect(res.statusCode).toBe(201);
    const [row] = await attachmentsOf(res.json().id);
    expect([row?.type, Number(row?.size)]).toEqual(['text/plain', big.length]);
  });

  it('still files JSON and form-encoded tickets, and a multipart ticket without files', async () => {
    expect((await hd.app.inject({ method: 'POST', url: URL_TICKETS, payload: ticketPayload() })).statusCode).toBe(201);
    const res = await file(ticketPayload(), []);
    expect(res.statusCode).toBe(201);
    expect(await attachmentsOf(res.json().id)).toEqual([]);
  });

  it('validates the fields of a multipart body like a form (a bad email is a 400 naming it) and keeps no file', async () => {
    const before = await countRows(hd.ctx);
    const res = await file(ticketPayload({ email: 'not-an-address' }), [{ name: 'a.png', bytes: TINY_PNG }]);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().errors)).toContain('email');
    expect(await countRows(hd.ctx)).toEqual(before);
  });

  const refusals: Array<[string, () => TestFile[], number, string, string]> = [
    [
      'a disguised executable (.png name, PE bytes)',
      () => [{ name: 'cat.png', bytes: windowsExecutable(), type: 'image/png' }],
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'cat.png',
    ],
    ['a file over the size per file', () => [{ name: 'big.txt', bytes: Buffer.alloc(MB + 1, 'a') }], 413, 'PAYLOAD_TOO_LARGE', 'big.txt'],
    [
      'one file too many',
      () => [1, 2, 3, 4].map((n) => ({ name: `shot${n}.png`, bytes: TINY_PNG })),
      413,
      'PAYLOAD_TOO_LARGE',
      'shot4.png',
    ],
    ['a file of zero bytes', () => [{ name: 'empty.txt', bytes: Buffer.alloc(0) }], 400, 'VALIDATION_FAILED', 'empty.txt'],
    [
      'binary bytes that prove no allowed kind',
      () => [{ name: 'data.txt', bytes: Buffer.from([0x41, 0x00, 0xff, 0x10]) }],
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'data.txt',
    ],
    [
      'a valid file after a refused one',
      () => [
        { name: 'ok.png', bytes: TINY_PNG },
        { name: 'x.png', bytes: windowsExecutable() },
      ],
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'x.png',
    ],
  ];
  for (const [what, files, status, code, named] of refusals) {
    it(`refuses ${what} with ${status} naming the file, and stores nothing at all`, async () => {
      const before = await countRows(hd.ctx);
      const res = await file(ticketPayload(), files());
      expect(res.statusCode).toBe(status);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ status, code, detail: expect.stringContaining(named) });
      expect(res.json().errors[0].field).toBe('attachments');
      // Which file it was, so a form can mark that one (its position among the files, from 0).
      const position = files().findIndex((f) => f.name === named);
      expect(res.json().attachment).toEqual({ index: position, name: named });
      // No ticket, no account, no attachment rows, no chunks.
      expect(await countRows(hd.ctx)).toEqual(before);
    });
  }

  it('refuses files past the total per ticket (413) and stores nothing', async () => {
    await updateSettings(hd.ctx, { tickets: { attachment_max_ticket_mb: 1, attachment_max_file_mb: 1 } });
    const before = await countRows(hd.ctx);
    const half = Buffer.alloc(MB / 2 + 10, 'b');
    const res = await file(ticketPayload(), [
      { name: 'one.txt', bytes: half },
      { name: 'two.txt', bytes: half },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json().detail).toContain('two.txt');
    expect(await countRows(hd.ctx)).toEqual(before);
  });

  it('cleans hostile names: no folders, no right-to-left override or control characters, at most 200 characters', async () => {
    const long = `${'n'.repeat(500)}.txt`;
    const res = await file(ticketPayload(), [
      { name: '../../etc/passwd', bytes: Buffer.from('root:x:0:0\n') },
      { name: 'invoice\u202Egnp.exe', bytes: TINY_PNG },
      { name: long, bytes: Buffer.from('hello\n') },
    ]);
    expect(res.statusCode).toBe(201);
    const names = (await attachmentsOf(res.json().id)).map((r) => r.name);
    expect(names[0]).toBe('passwd');
    expect(names[1]).toBe('invoicegnp.exe');
    expect(names[2]).toHaveLength(200);
    expect(names[2]?.endsWith('.txt')).toBe(true);
  });

  it('decides text by content: UTF-8 text is text/plain (CSV by its name), whatever type was declared', async () => {
    const res = await file(ticketPayload(), [
      { name: 'notes.txt', bytes: Buffer.from('Grüße\nline two\n'), type: 'application/x-msdownload' },
      { name: 'orders.csv', bytes: Buffer.from('id,total\n1,9.99\n'), type: 'text/html' },
      { name: 'page.html', bytes: Buffer.from('<script>alert(1)</script>'), type: 'text/html' },
    ]);
    expect(res.statusCode).toBe(201);
    expect((await attachmentsOf(res.json().id)).map((r) => r.type)).toEqual(['text/plain', 'text/csv', 'text/plain']);
  });

  it('refuses files from anonymous visitors when the setting says so (403), nothing stored', async () => {
    await updateSettings(hd.ctx, { tickets: { attachments_anonymous: false } });
    const before = await countRows(hd.ctx);
    const res = await file(ticketPayload(), [{ name: 'a.png', bytes: TINY_PNG }]);
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toContain('a.png');
    expect(await countRows(hd.ctx)).toEqual(before);
  });

  it('refuses a kind that is switched off (415)', async () => {
    await updateSettings(hd.ctx, { tickets: { attachment_types_pdf: false } });
    try {
      const res = await file(ticketPayload(), [{ name: 'a.pdf', bytes: TINY_PDF }]);
      expect(res.statusCode).toBe(415);
      expect(res.json().detail).not.toContain('PDF');
    } finally {
      await updateSettings(hd.ctx, { tickets: { attachment_types_pdf: true } });
    }
  });

  it('answers a cut-off or malformed multipart body with a 400 problem, never a 500, and stores nothing', async () => {
    const before = await countRows(hd.ctx);
    const whole = multipartBody(ticketPayload(), [{ name: 'a.png', bytes: TINY_PNG }]);
    const cut = whole.payload.subarray(0, whole.payload.length - 40);
    const truncated = await hd.app.inject({ method: 'POST', url: URL_TICKETS, payload: cut, headers: whole.headers });
    expect(truncated.statusCode).toBe(400);
    expect(truncated.headers['content-type']).toContain('application/problem+json');
    const noBoundary = await hd.app.inject({
      method: 'POST',
      url: URL_TICKETS,
      payload: 'garbage',
      headers: { 'content-type': 'multipart/form-data' },
    });
    expect(noBoundary.statusCode).toBe(400);
    expect(await countRows(hd.ctx)).toEqual(before);
  });

  it('refuses a file sent under another part name (400 naming it)', async () => {
    const res = await file(ticketPayload(), [{ name: 'a.png', bytes: TINY_PNG, part: 'file' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('file');
  });

  it('refuses a form sent faster than the minimum fill time before reading its files: not uploaded, then thrown away', async () => {
    await updateSettings(hd.ctx, { tickets: { min_fill_seconds: 3 } });
    try {
      const before = await countRows(hd.ctx);
      // A file the store would refuse by its content (415) once read: the fill time's refusal comes first.
      const res = await file({ ...ticketPayload(), fill_ms: '800' }, [{ name: 'cat.png', bytes: windowsExecutable() }]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'SUBMISSION_REFUSED',
        detail: 'Please take a moment to check your message, then send it again.',
      });
      expect(res.json().attachment).toBeUndefined();
      expect(await countRows(hd.ctx)).toEqual(before);
      // Staff are never screened; a visitor who took their time files as usual.
      const agent = await hd.authAs('agent');
      const fast = await file({ ...ticketPayload(), fill_ms: '800' }, [{ name: 'a.png', bytes: TINY_PNG }], agent);
      expect(fast.statusCode).toBe(201);
      expect((await file({ ...ticketPayload(), fill_ms: '4000' }, [{ name: 'a.png', bytes: TINY_PNG }])).statusCode).toBe(201);
    } finally {
      await updateSettings(hd.ctx, { tickets: { min_fill_seconds: 0 } });
    }
  });

  describe('when the ticket itself is refused', () => {
    it('deletes its files: registration closed (403) leaves no attachment or chunk', async () => {
      await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: false });
      try {
        const before = await countRows(hd.ctx);
        const res = await file(ticketPayload(), [{ name: 'a.png', bytes: TINY_PNG }]);
        expect(res.statusCode).toBe(403);
        expect(await countRows(hd.ctx)).toEqual(before);
      } finally {
        await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
      }
    });
  });
});
