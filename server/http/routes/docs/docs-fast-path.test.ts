import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createPost } from '../../../domain/content/create-post.js';
import { listenForPostsChanges } from '../../../domain/content/listen-posts-changed.js';
import { mechanismsOn } from '../../../test/mechanisms-on.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { createTestHelpdesk, type TestHelpdesk, useTestHelpdesk } from '../../../test/test-helpdesk.js';
import { COMPRESS_SYNC_THRESHOLD, COMPRESS_THRESHOLD } from '../../compression-options.js';
import { loggerOptions } from '../../log-serializers.js';

interface RawAnswer {
  /** The status line and headers as sent, without the Date line. */
  head: string;
  /** The body bytes as sent. */
  body: Buffer;
}

/** One request over its own connection, read to the end: the answer's bytes exactly as written. */
function exchange(port: number, method: string, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const lines = [
    `${method} ${path} HTTP/1.1`,
    'Host: help.test',
    'Connection: close',
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ];
  // Written, not ended: a half-closed connection makes the server drop a request still being answered.
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`${lines.join('\r\n')}\r\n\r\n`));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const all = Buffer.concat(chunks);
      const end = all.indexOf('\r\n\r\n');
      const head = all
        .subarray(0, end)
        .toString('latin1')
        .split('\r\n')
        .filter((line) => !line.startsWith('Date: '))
        .join('\r\n');
      resolve({ head, body: all.subarray(end + 4) });
    });
  });
}

const header = (answer: RawAnswer, name: string) =>
  answer.head
    .split('\r\n')
    .find((line) => line.toLowerCase().startsWith(`${name}: `))
    ?.slice(name.length + 2);

const DOCS = '/api/helpdesk/v1/docs/';
// The fast path answers from the posts cache the compressed copies Fastify would send.
const isFastPathOn = mechanismsOn('fast-paths', 'caches', 'compression');
// The service's logger options, quiet (the tests raise its level to read the request log lines); the lines
// written are kept.
const logLines: string[] = [];
const quietLogger = loggerOptions('warn', { write: (line: string) => logLines.push(line) });

async function seed(hd: TestHelpdesk): Promise<void> {
  const rows = Array.from({ length: 130 }, (_, i) => ({
    type: 'doc',
    status: 'publish',
    title: `Doc ${i}`,
    content: `Body of doc ${i}, with some words to make an excerpt.`,
    slug: `doc-${i}`,
    author_id: null,
    product_id: null,
    parent_id: null,
    menu_order: i,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  }));
  await hd.ctx.db.insertInto('posts').values(rows).execute();
}

/** Listens, and counts the route's trips to the cache: a request the fast path answers makes none. */
async function serve(hd: TestHelpdesk) {
  await hd.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (hd.app.server.address() as AddressInfo).port;
  const get = vi.spyOn(hd.ctx.postsCache, 'get');
  const viaServer = async (method: string, path: string, headers?: Record<string, string>) => {
    const before = get.mock.calls.length;
    const answer = await exchange(port, method, path, headers);
    return { answer, routeRan: get.mock.calls.length > before };
  };
  return {
    port,
    /** The answer with the fast path allowed, and whether the route ran for it. */
    viaServer,
    /** The answer as Fastify sends it: with the cache emptied the fast path has nothing to send. */
    async viaFastify(method: string, path: string, headers?: Record<string, string>) {
      hd.ctx.postsCache.clear();
      const { answer, routeRan } = await viaServer(method, path, headers);
      // A refusal (400, 401) is answered before the route reads the cache.
      if (answer.head.startsWith('HTTP/1.1 200')) expect(routeRan, `${method} ${path}`).toBe(true);
      return answer;
    },
  };
}

describeEachDatabase('the docs list fast path', (dialect) => {
  const hd = useTestHelpdesk(dialect, { logger: quietLogger, trustProxyHops: 1 });
  let server: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    await seed(hd);
    server = await serve(hd);
  });

  it.runIf(isFastPathOn)('sends, from the cache, the very bytes and headers Fastify sends (but Date)', async () => {
    // Big enough to be compressed, small enough to be compressed with a length (not streamed).
    const sized = `${DOCS}?count=6&page=2`;
    const plain = await server.viaFastify('GET', sized);
    expect(plain.head).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(plain.body.length).toBeGreaterThanOrEqual(COMPRESS_THRESHOLD);
    expect(plain.body.length).toBeLessThanOrEqual(COMPRESS_SYNC_THRESHOLD);
    const cases: Array<[method: string, path: string, headers: Record<string, string>]> = [
      ['GET', sized, {}],
      ['GET', sized, { 'Accept-Encoding': 'gzip' }],
      ['GET', sized, { 'Accept-Encoding': 'br' }],
      ['GET', sized, { 'Accept-Encoding': 'gzip, deflate, br, zstd' }],
      ['GET', sized, { 'Accept-Encoding': '*' }],
      ['GET', sized, { 'Accept-Encoding': 'identity' }],
      ['GET', sized, { 'If-None-Match': '"anything"', 'Accept-Encoding': 'br' }],
      ['GET', sized, { Origin: 'https://customer.example', 'Accept-Encoding': 'gzip, br' }],
      ['GET', sized, { 'X-Forwarded-Proto': 'https' }],
      ['GET', sized, { 'X-Forwarded-Proto': 'http, https', 'Accept-Encoding': 'br' }],
      ['HEAD', sized, {}],
      ['HEAD', sized, { 'Accept-Encoding': 'br' }],
      // Under the compression threshold: never compressed, whatever is accepted.
      ['GET', `${DOCS}?count=1`, { 'Accept-Encoding': 'br' }],
      ['GET', `${DOCS}?page=3`, {}],
      ['GET', '/api/helpdesk/v1/docs?count=6&page=2&unknown=1', { 'Accept-Encoding': 'gzip' }],
    ];
    for (const [method, path, given] of cases) {
      // One request id for both, so the heads can be compared whole.
      const headers = { ...given, 'X-Request-Id': 'compare-1' };
      const reference = await server.viaFastify(method, path, headers);
      expect(reference.head, path).toMatch(/^HTTP\/1\.1 200 OK/);
      const fast = await server.viaServer(method, path, headers);
      expect(fast.routeRan, `${method} ${path} ${JSON.stringify(headers)}`).toBe(false);
      expect(fast.answer.head, `${method} ${path} ${JSON.stringify(headers)}`).toBe(reference.head);
      expect(fast.answer.body.equals(reference.body), `${method} ${path} ${JSON.stringify(headers)}`).toBe(true);
    }
    // The cases meant what they say: a brotli answer that decodes to the JSON, HSTS only over https.
    const br = await server.viaServer('GET', sized, { 'Accept-Encoding': 'br' });
    expect(header(br.answer, 'content-encoding')).toBe('br');
    expect(brotliDecompressSync(br.answer.body).equals(plain.body)).toBe(true);
    expect(
      header((await server.viaServer('GET', sized, { 'X-Forwarded-Proto': 'https' })).answer, 'strict-transport-security'),
    ).toBeDefined();
    expect(header(plain, 'strict-transport-security')).toBeUndefined();
    // Without an id of the caller's, the fast path names the request from the counter Fastify's ids come from.
    expect(header((await server.viaServer('GET', sized)).answer, 'x-request-id')).toMatch(/^req-[0-9a-z]+$/);
  });

  it('leaves to Fastify what needs more than the cached answer, with the same result', async () => {
    const sized = `${DOCS}?count=6`;
    await server.viaFastify('GET', sized);
    const signedIn = await hd.authAs('agent');
    const cases: Array<[path: string, headers: Record<string, string>]> = [
      // A signed-in caller's answer is theirs alone (no-store); a wrong token is a 401.
      [sized, { Authorization: signedIn.authorization }],
      [sized, { Authorization: 'Bearer wrong' }],
      [sized, { Cookie: 'helpdesk_session=whatever' }],
      // Weights: the plugin's own parser decides.
      [sized, { 'Accept-Encoding': 'gzip;q=1, br;q=0.5' }],
      [sized, { 'X-No-Compression': '1', 'Accept-Encoding': 'br' }],
      // 100 docs are compressed as a stream (chunked), not from a prepared copy.
      [`${DOCS}?count=100`, { 'Accept-Encoding': 'br' }],
    ];
    for (const [path, headers] of cases) {
      await server.viaFastify('GET', path, headers);
      const reference = await server.viaFastify('GET', path, headers);
      const through = await server.viaServer('GET', path, headers);
      expect(through.routeRan || !reference.head.includes(' 200 '), `${path} ${JSON.stringify(headers)}`).toBe(true);
      expect(header(through.answer, 'content-encoding'), JSON.stringify(headers)).toBe(header(reference, 'content-encoding'));
      expect(through.answer.head.split('\r\n')[0]).toBe(reference.head.split('\r\n')[0]);
    }
    expect(header((await server.viaServer('GET', sized, { Authorization: signedIn.authorization })).answer, 'cache-control')).toBe(
      'no-store',
    );
    expect((await server.viaServer('GET', sized, { Authorization: 'Bearer wrong' })).answer.head).toMatch(/^HTTP\/1\.1 401/);
  });

  it.runIf(isFastPathOn)('writes the request log line the Fastify path writes, with ids from the same counter', async () => {
    const path = `${DOCS}?count=2&page=7`;
    const log = hd.app.log as { level: string };
    log.level = 'info';
    type Line = { msg: string; reqId: string; time?: number; responseTime?: number };
    const linesOf = async (request: () => Promise<unknown>) => {
      logLines.length = 0;
      await request();
      // "request completed" is written once the answer is, which may be after the client has read it.
      await expect.poll(() => logLines.length).toBe(1);
      return logLines.map((line) => JSON.parse(line) as Line);
    };
    try {
      const throughFastify = await linesOf(() => server.viaFastify('GET', path));
      let routeRan = true;
      const fast = await linesOf(async () => {
        routeRan = (await server.viaServer('GET', path)).routeRan;
      });
      expect(routeRan).toBe(false);
      const ids = [...throughFastify, ...fast].map((line) => line.reqId);
      expect(ids[0]).toMatch(/^req-[0-9a-z]+$/);
      expect(new Set(ids).size).toBe(2);
      const comparable = (lines: Line[]) =>
        lines.map(({ time, responseTime, reqId, ...rest }) => ({ ...rest, responseTime: typeof responseTime }));
      expect(comparable(fast)).toEqual(comparable(throughFastify));
      expect(comparable(fast).map((line) => line.msg)).toEqual(['request completed']);
      // Through a trusted proxy the logged address is the forwarded one, which Fastify works out.
      let forwarded = false;
      const proxied = await linesOf(async () => {
        forwarded = (await server.viaServer('GET', path, { 'X-Forwarded-For': '203.0.113.9' })).routeRan;
      });
      expect(forwarded).toBe(true);
      await linesOf(async () => {
        forwarded = (await server.viaServer('GET', path, { 'X-Forwarded-Host': 'other.test' })).routeRan;
      });
      expect(forwarded).toBe(true);
      expect((proxied[0] as Line & { req: { remoteAddress: string } }).req.remoteAddress).toBe('203.0.113.9');
    } finally {
      log.level = 'warn';
    }
  });

  it('never answers an address the route refused', async () => {
    for (let i = 0; i < 2; i += 1) {
      const refused = await server.viaServer('GET', `${DOCS}?count=abc`);
      expect(refused.answer.head).toMatch(/^HTTP\/1\.1 400/);
    }
  });

  it.runIf(isFastPathOn)('stops at once on a write, a new filter or a cleared cache, then answers again', async () => {
    const path = `${DOCS}?count=3&page=4`;
    await server.viaServer('GET', path);
    const cached = await server.viaServer('GET', path);
    expect(cached.routeRan).toBe(false);
    const added = await createPost(hd.ctx, 'doc', { title: 'Doc new', status: 'publish', menuOrder: 1 }, null);
    try {
      const after = await server.viaServer('GET', path);
      expect(after.routeRan).toBe(true);
      expect(header(after.answer, 'x-total-count')).toBe(String(Number(header(cached.answer, 'x-total-count')) + 1));
      expect((await server.viaServer('GET', path)).routeRan).toBe(false);
      hd.hooks.addFilter('helpdesk_get_posts', 'test/shout', (posts, args) =>
        args.type === 'doc' ? posts.map((post) => ({ ...post, title: post.title.toUpperCase() })) : posts,
      );
      try {
        const filtered = await server.viaServer('GET', path);
        expect(filtered.routeRan).toBe(true);
        expect(filtered.answer.body.toString()).toContain('"title":"DOC ');
      } finally {
        hd.hooks.removeFilter('helpdesk_get_posts', 'test/shout');
      }
      expect((await server.viaServer('GET', path)).answer.body.toString()).not.toContain('"title":"DOC ');
    } finally {
      await hd.ctx.db.deleteFrom('posts').where('id', '=', added.id).execute();
      hd.ctx.postsCache.clear();
    }
    expect((await server.viaServer('GET', path)).routeRan).toBe(true);
  });
});

describe.skipIf(!inject('postgresUrl'))('the docs list fast path on two instances [postgres]', () => {
  let writer: TestHelpdesk;
  let reader: TestHelpdesk;
  let listener: { close(): Promise<void> };
  beforeAll(async () => {
    writer = await createTestHelpdesk('postgres');
    reader = await createTestHelpdesk('postgres', { databaseUrl: writer.config.databaseUrl, logger: quietLogger });
    listener = await listenForPostsChanges(writer.config.databaseUrl, reader.ctx.postsCache, () => {});
  });
  afterAll(async () => {
    await listener?.close();
    await reader?.close();
    await writer?.close();
  });

  it.runIf(isFastPathOn)("stops answering from the reader's cache when the writer's change is announced", async () => {
    const server = await serve(reader);
    const path = `${DOCS}?count=5`;
    await server.viaServer('GET', path);
    const cached = await server.viaServer('GET', path);
    expect(cached.routeRan).toBe(false);
    expect(header(cached.answer, 'x-total-count')).toBe('0');
    await createPost(writer.ctx, 'doc', { title: 'Written elsewhere', status: 'publish' }, null);
    // Well within the cache's 5 s TTL: only the notice can make the reader answer anew.
    await expect
      .poll(async () => header((await server.viaServer('GET', path)).answer, 'x-total-count'), { timeout: 2_000, interval: 20 })
      .toBe('1');
  });
});
