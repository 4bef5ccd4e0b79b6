import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTicket } from '../../../test/factories.js';
import { countRows, relaxIntakeLimits, setRegistration, ticketPayload } from '../../../test/fixtures.js';
import { multipartBody, type TestFile, TINY_PNG } from '../../../test/multipart.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

const API = '/api/helpdesk/v1';
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>');
const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
const TEXT = Buffer.from('0123456789abcdefghij\n');

interface Listed {
  id: string;
  name: string;
  size: number;
  type: string;
  url: string;
}

describeEachDatabase('attached files: who may read them, and how they are served', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let staff: { authorization: string };
  let owner: { authorization: string };
  let stranger: { authorization: string };
  let ticketId: number;
  let described: Listed[];

  const send = (url: string, fields: Record<string, string>, files: TestFile[], headers: Record<string, string> = {}) => {
    const body = multipartBody(fields, files);
    return hd.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...headers } });
  };
  const getTicket = async (headers: Record<string, string>) => (await hd.app.inject({ url: `${API}/tickets/${ticketId}`, headers })).json();
  const getFile = (id: string, headers: Record<string, string> = {}) => hd.app.inject({ url: `${API}/files/${id}`, headers });

  beforeAll(async () => {
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    staff = await hd.authAs('agent');
    const mine = ticketPayload();
    const res = await send(`${API}/tickets/`, mine, [
      { name: 'screen.png', bytes: TINY_PNG },
      { name: 'drawing.svg', bytes: SVG, type: 'image/svg+xml' },
      { name: 'page.html', bytes: HTML, type: 'text/html' },
      { name: 'digits.txt', bytes: TEXT },
    ]);
    expect(res.statusCode).toBe(201);
    ticketId = res.json().id;
    owner = await bearerFor(hd, mine.email);
    stranger = await bearerFor(hd, (await createTicket(hd)).email);
    described = (await getTicket(staff)).attachments;
  });

  const named = (name: string) => {
    const file = described.find((f) => f.name === name);
    if (!file) throw new Error(`no file ${name}`);
    return file;
  };

  it('lists the description’s files for staff and for the ticket’s client, with id, name, size, type and url', async () => {
    expect(described.map((f) => [f.name, f.size, f.type])).toEqual([
      ['screen.png', TINY_PNG.length, 'image/png'],
      ['drawing.svg', SVG.length, 'text/plain'],
      ['page.html', HTML.length, 'text/plain'],
      ['digits.txt', TEXT.length, 'text/plain'],
    ]);
    expect(named('screen.png').url).toBe(`http://help.test${API}/files/${named('screen.png').id}`);
    expect((await getTicket(owner)).attachments).toEqual(described);
  });

  it('serves a raster image inline to its client, with nosniff and a sandbox policy', async () => {
    const res = await getFile(named('screen.png').id, owner);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(TINY_PNG)).toBe(true);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe('sandbox');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="screen\.png"/);
    expect(res.headers['content-length']).toBe(String(TINY_PNG.length));
  });

  it('never serves SVG or HTML inline or as markup: plain text, a download, sandboxed', async () => {
    for (const name of ['drawing.svg', 'page.html']) {
      const res = await getFile(named(name).id, staff);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; /);
      expect(res.headers['content-security-policy']).toBe('sandbox');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('answers another client, an anonymous caller and an unknown id with the same 404', async () => {
    const id = named('screen.png').id;
    const answers = [await getFile(id, stranger), await getFile(id), await getFile('NoSuchFileIdAtAll123')];
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', detail: 'There is no such file.' });
    }
  });

  it('serves one byte range (206 with Content-Range), a suffix range, and 416 outside the file', async () => {
    const id = named('digits.txt').id;
    const part = await getFile(id, { ...owner, range: 'bytes=2-5' });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('2345');
    expect(part.headers['content-range']).toBe(`bytes 2-5/${TEXT.length}`);
    expect(part.headers['content-length']).toBe('4');
    const suffix = await getFile(id, { ...owner, range: 'bytes=-3' });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.body).toBe('ij\n');
    const outside = await getFile(id, { ...owner, range: `bytes=${TEXT.length}-` });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${TEXT.length}`);
    expect((await getFile(id, owner)).headers['accept-ranges']).toBe('bytes');
  });

  it('carries a strong ETag from the file’s id and size (the same on every instance), and answers If-None-Match with 304', async () => {
    const { id, size } = named('digits.txt');
    const whole = await getFile(id, owner);
    expect(whole.headers.etag).toBe(`"${id}-${size}"`);
    const etag = whole.headers.etag as string;
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const same = await getFile(id, { ...owner, 'if-none-match': header });
      expect(same.statusCode, header).toBe(304);
      expect(same.body).toBe('');
      expect(same.headers.etag).toBe(etag);
    }
    expect((await getFile(id, { ...owner, 'if-none-match': '"other"' })).statusCode).toBe(200);
    // Its readers only: a stranger learns nothing from a tag either.
    expect((await getFile(id, { ...stranger, 'if-none-match': etag })).statusCode).toBe(404);
  });

  it('honours If-Range: the range for the file’s own strong tag, the whole file (200) for another tag, a weak one or a date', async () => {
    const id = named('digits.txt').id;
    const etag = (await getFile(id, owner)).headers.etag as string;
    const part = await getFile(id, { ...owner, range: 'bytes=2-5', 'if-range': etag });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('2345');
    expect(part.headers.etag).toBe(etag);
    for (const ifRange of ['"something-else-21"', `W/${etag}`, 'Wed, 02 Dec 2026 00:00:00 GMT']) {
      const whole = await getFile(id, { ...owner, range: 'bytes=2-5', 'if-range': ifRange });
      expect(whole.statusCode, ifRange).toBe(200);
      expect(whole.headers['content-range']).toBeUndefined();
      expect(whole.headers['content-length']).toBe(String(TEXT.length));
      expect(whole.rawPayload.equals(TEXT)).toBe(true);
    }
  });

  it('is never compressed, so lengths and ranges stay those of the file', async () => {
    const long = Buffer.from('compressible text\n'.repeat(400));
    const res = await send(`${API}/tickets/${ticketId}/comments`, { text: 'The full log.' }, [{ name: 'long.log', bytes: long }], owner);
    expect(res.statusCode).toBe(201);
    const comment = (await getTicket(owner)).comments.find((c: { id: number }) => c.id === res.json().id);
    const file = await getFile(comment.attachments[0].id, { ...owner, 'accept-encoding': 'br, gzip' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-encoding']).toBeUndefined();
    expect(file.headers['content-length']).toBe(String(long.length));
    expect(file.rawPayload.equals(long)).toBe(true);
  });

  describe('files on comments', () => {
    it('a client’s reply carries its files, listed under the comment', async () => {
      const res = await send(
        `${API}/tickets/${ticketId}/comments`,
        { text: 'Here is another one.' },
        [{ name: 'second.png', bytes: TINY_PNG }],
        owner,
      );
      expect(res.statusCode).toBe(201);
      const comment = (await getTicket(owner)).comments.find((c: { id: number }) => c.id === res.json().id);
      expect(comment.attachments.map((f: Listed) => f.name)).toEqual(['second.png']);
      expect((await getFile(comment.attachments[0].id, owner)).statusCode).toBe(200);
    });

    it('an internal note’s file is served to staff and is a 404 for the ticket’s client, who never sees it listed', async () => {
      const res = await send(
        `${API}/tickets/${ticketId}/comments`,
        { text: 'Logs from the server.', internal: 'true' },
        [{ name: 'server.log', bytes: TEXT }],
        staff,
      );
      expect(res.statusCode).toBe(201);
      const note = (await getTicket(staff)).comments.find((c: { id: number }) => c.id === res.json().id);
      expect(note.internal).toBe(true);
      const fileId = note.attachments[0].id;
      expect((await getFile(fileId, staff)).statusCode).toBe(200);
      expect((await getFile(fileId, owner)).statusCode).toBe(404);
      expect(JSON.stringify(await getTicket(owner))).not.toContain(fileId);
    });

    it('another client cannot send files to a ticket: 404 before anything is stored', async () => {
      const before = await countRows(hd.ctx);
      const res = await send(`${API}/tickets/${ticketId}/comments`, { text: 'Mine now.' }, [{ name: 'x.png', bytes: TINY_PNG }], stranger);
      expect(res.statusCode).toBe(404);
      expect(await countRows(hd.ctx)).toEqual(before);
    });

    it('a refused reply (a client writing an internal note) keeps none of its files', async () => {
      const before = await countRows(hd.ctx);
      const res = await send(
        `${API}/tickets/${ticketId}/comments`,
        { text: 'Sneaky.', internal: 'true' },
        [{ name: 'x.png', bytes: TINY_PNG }],
        owner,
      );
      expect(res.statusCode).toBe(403);
      expect(await countRows(hd.ctx)).toEqual(before);
    });

    it('a reply past the ticket’s total is refused (413) naming the file', async () => {
      await hd.ctx.db
        .updateTable('attachments')
        .set({ size: 60 * 1_048_576 })
        .where('ticket_id', '=', ticketId)
        .where('name', '=', 'digits.txt')
        .execute();
      try {
        const res = await send(
          `${API}/tickets/${ticketId}/comments`,
          { text: 'One more.' },
          [{ name: 'more.png', bytes: TINY_PNG }],
          owner,
        );
        expect(res.statusCode).toBe(413);
        expect(res.json().detail).toContain('more.png');
      } finally {
        await hd.ctx.db
          .updateTable('attachments')
          .set({ size: TEXT.length })
          .where('ticket_id', '=', ticketId)
          .where('name', '=', 'digits.txt')
          .execute();
      }
    });
  });
});
