import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { thumbnailWork } from '../../../files/find-thumbnail.js';
import { THUMBNAIL_MAX_PIXELS } from '../../../files/make-thumbnail.js';
import { bearerFor, createTicket } from '../../../test/factories.js';
import { relaxIntakeLimits, setRegistration, ticketPayload } from '../../../test/fixtures.js';
import { mechanismsOn } from '../../../test/mechanisms-on.js';
import { multipartBody, type TestFile } from '../../../test/multipart.js';
import { blankPngBomb } from '../../../test/png.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

const API = '/api/helpdesk/v1';

interface Listed {
  id: string;
  name: string;
  url: string;
  thumbnail_url: string | null;
}

describeEachDatabase('thumbnails of attached images', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let staff: { authorization: string };
  let owner: { authorization: string };
  let stranger: { authorization: string };
  let ticketId: number;
  let photo: Buffer;

  const send = (url: string, fields: Record<string, string>, files: TestFile[], headers: Record<string, string> = {}) => {
    const body = multipartBody(fields, files);
    return hd.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...headers } });
  };
  const listed = async (headers: Record<string, string>): Promise<Listed[]> => {
    const ticket = (await hd.app.inject({ url: `${API}/tickets/${ticketId}`, headers })).json();
    return [...ticket.attachments, ...ticket.comments.flatMap((c: { attachments: Listed[] }) => c.attachments)];
  };
  const named = async (name: string, headers = staff) => (await listed(headers)).find((f) => f.name === name) as Listed;
  const path = (url: string) => url.replace(hd.config.homeUrl, '');
  const thumbnailKey = async (publicId: string) =>
    (await hd.ctx.db.selectFrom('attachments').select('thumb_key').where('public_id', '=', publicId).executeTakeFirstOrThrow()).thumb_key;

  beforeAll(async () => {
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    staff = await hd.authAs('agent');
    photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#3366cc' } })
      .jpeg()
      .toBuffer();
    const mine = ticketPayload();
    const res = await send(`${API}/tickets/`, mine, [
      { name: 'photo.jpg', bytes: photo },
      { name: 'notes.txt', bytes: Buffer.from('plain words\n') },
      { name: 'bomb.png', bytes: blankPngBomb() },
    ]);
    expect(res.statusCode).toBe(201);
    ticketId = res.json().id;
    owner = await bearerFor(hd, mine.email);
    stranger = await bearerFor(hd, (await createTicket(hd)).email);
  });

  it('an image’s thumbnail is a WebP within 320 px, made once and kept, with the file’s headers', async () => {
    const file = await named('photo.jpg', owner);
    expect(file.thumbnail_url).toBe(`${file.url}/thumbnail`);
    const first = await hd.app.inject({ url: path(file.thumbnail_url as string), headers: owner });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.headers['content-security-policy']).toBe('sandbox');
    expect(first.headers['content-disposition']).toMatch(/^inline; filename="photo-thumbnail\.webp"/);
    expect(Number(first.headers['content-length'])).toBe(first.rawPayload.length);
    const meta = await sharp(first.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 240]);
    const key = await thumbnailKey(file.id);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    // Served from the store the second time: the same key, the same bytes.
    const second = await hd.app.inject({ url: path(file.thumbnail_url as string), headers: staff });
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(await thumbnailKey(file.id)).toBe(key);
  });

  it('only for who may read the file: another client and a visitor get the same 404', async () => {
    const file = await named('photo.jpg');
    for (const headers of [stranger, {}]) {
      const res = await hd.app.inject({ url: path(file.thumbnail_url as string), headers });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
  });

  it('an internal note’s image has no thumbnail for the client', async () => {
    const res = await send(
      `${API}/tickets/${ticketId}/comments`,
      { text: 'What the server shows.', internal: 'true' },
      [{ name: 'console.jpg', bytes: photo }],
      staff,
    );
    expect(res.statusCode).toBe(201);
    const file = await named('console.jpg');
    expect((await hd.app.inject({ url: path(file.thumbnail_url as string), headers: staff })).statusCode).toBe(200);
    expect((await hd.app.inject({ url: path(file.thumbnail_url as string), headers: owner })).statusCode).toBe(404);
  });

  it('other files have none', async () => {
    const file = await named('notes.txt');
    expect(file.thumbnail_url).toBeNull();
    expect((await hd.app.inject({ url: `${path(file.url)}/thumbnail`, headers: staff })).statusCode).toBe(404);
  });

  it('a decompression bomb is refused from its header, remembered, and the server carries on', async () => {
    const file = await named('bomb.png');
    expect(file.thumbnail_url).not.toBeNull();
    const res = await hd.app.inject({ url: path(file.thumbnail_url as string), headers: staff });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('This file has no thumbnail: open the file itself.');
    // Not tried again, and no longer offered.
    expect(await thumbnailKey(file.id)).toBe('');
    expect((await named('bomb.png')).thumbnail_url).toBeNull();
    // The file itself is still there to download.
    expect((await hd.app.inject({ url: path(file.url), headers: staff })).statusCode).toBe(200);
    expect((await hd.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });

  it.runIf(mechanismsOn('thumbnail-sharing'))(
    'a client’s five large images do not hold an agent’s small one: each uploader has its own turn',
    async () => {
      // Five 49-megapixel PNGs of a few KB each (just under the pixel limit, so each is decoded whole).
      const side = Math.floor(Math.sqrt(THUMBNAIL_MAX_PIXELS)) - 50;
      const large = Array.from({ length: 5 }, (_, index) => ({ name: `large-${index}.png`, bytes: blankPngBomb(side) }));
      const filed = await send(`${API}/tickets/`, ticketPayload(), large);
      expect(filed.statusCode).toBe(201);
      const largeTicket = filed.json().id as number;
      const reply = await send(
        `${API}/tickets/${largeTicket}/comments`,
        { text: 'Like this?' },
        [{ name: 'agent.jpg', bytes: photo }],
        staff,
      );
      expect(reply.statusCode).toBe(201);
      const ticket = (await hd.app.inject({ url: `${API}/tickets/${largeTicket}`, headers: staff })).json();
      const files: Listed[] = [...ticket.attachments, ...ticket.comments.flatMap((c: { attachments: Listed[] }) => c.attachments)];
      const urlOf = (name: string) => path(files.find((f) => f.name === name)?.thumbnail_url as string);

      const finished: string[] = [];
      const thumbnail = (name: string) =>
        hd.app.inject({ url: urlOf(name), headers: staff }).then((res) => {
          expect(res.statusCode).toBe(200);
          finished.push(name);
        });
      const clients = large.map((file) => thumbnail(file.name));
      // All five are in the client's line (one being made, four waiting) before the agent's view asks.
      while (thumbnailWork.load().running + thumbnailWork.load().waiting < large.length) await new Promise((r) => setImmediate(r));
      await Promise.all([...clients, thumbnail('agent.jpg')]);
      // One queue for the instance made the agent's the sixth; in its own turn it is done while at least
      // three of the client's are still to come.
      expect(finished.indexOf('agent.jpg')).toBeLessThanOrEqual(2);
      expect(finished).toHaveLength(6);
    },
  );
});
