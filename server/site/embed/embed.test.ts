import { mkdtempSync, writeFileSync } from 'node:fs';
import { type IncomingHttpHeaders, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWidgetFilesScript, buildWidgetScript, buildWidgetSuggestScript } from '../../../widget/build.js';
import { loadConfig } from '../../config/load-config.js';
import { describeEachDatabase } from '../../test/test-databases.js';
import { createTestHelpdesk, type TestHelpdesk, useTestHelpdesk } from '../../test/test-helpdesk.js';
import type { FrontRequest } from '../front-request.js';

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One request over a real socket, body bytes exactly as sent (node:http never decompresses). */
function send(
  base: string,
  path: string,
  { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    request(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

/** The same request through Fastify's router (light-my-request), which the socket fast path skips. */
async function inject(
  hd: TestHelpdesk,
  path: string,
  { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
  const res = await hd.app.inject({ method: method as 'GET', url: path, headers });
  return { status: res.statusCode, headers: res.headers as IncomingHttpHeaders, body: res.rawPayload };
}

const withoutTransport = (headers: IncomingHttpHeaders) => {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, 'transfer-encoding': _te, ...rest } = headers;
  return rest;
};

const EMBED = '/helpdesk/tickets/embed/';
const FILES = '/helpdesk/tickets/embed/files/';
let script = '';
let filesScript = '';
let suggestScript = '';
beforeAll(async () => {
  [script, filesScript, suggestScript] = await Promise.all([buildWidgetScript(), buildWidgetFilesScript(), buildWidgetSuggestScript()]);
});

describeEachDatabase('widget endpoint GET /helpdesk/tickets/embed/', (dialect) => {
  const seen: Array<Record<string, string>> = [];
  const hd = useTestHelpdesk(dialect, {
    plugins: [
      (hooks) =>
        hooks.addAction('template_redirect', 'test/spy', (request: FrontRequest) => {
          seen.push({ ...request.queryVars });
          if (request.query.get('boom') === '1') throw new Error('a site plugin failed');
        }),
    ],
  });
  let base = '';
  beforeAll(async () => {
    base = await hd.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('sends the HELPDESK_HOME_URL line, then the built widget script, cacheable and usable by other sites', async () => {
    const res = await send(base, EMBED);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
    const text = res.body.toString('utf8');
    expect(text.split('\n')[0]).toBe('var HELPDESK_HOME_URL = "http://help.test";');
    expect(text).toBe(`var HELPDESK_HOME_URL = "http://help.test";\n${script}`);
    expect(res.headers['content-length']).toBe(String(res.body.length));
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=300, stale-while-revalidate=86400');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
  });

  it('serves the attachment code at …/embed/files/ like the widget: same caching, codings, ETags and cross-origin rules', async () => {
    seen.length = 0;
    for (const fetchIt of [
      (h: Record<string, string>) => send(base, FILES, { headers: h }),
      (h: Record<string, string>) => inject(hd, FILES, { headers: h }),
    ]) {
      const raw = await fetchIt({ 'accept-encoding': 'identity' });
      expect(raw.status).toBe(200);
      // No HELPDESK_HOME_URL line: the widget hands the attachment code its home URL.
      expect(raw.body.toString('utf8')).toBe(filesScript);
      expect(raw.headers['content-type']).toBe('application/javascript; charset=utf-8');
      expect(raw.headers['cache-control']).toBe('public, max-age=300, stale-while-revalidate=86400');
      expect(raw.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(raw.headers['x-content-type-options']).toBe('nosniff');
      expect(raw.headers['content-security-policy']).toBeUndefined();
      const widgetEtag = (await send(base, EMBED, { headers: { 'accept-encoding': 'identity' } })).headers.etag;
      expect(raw.headers.etag).not.toBe(widgetEtag);
      const br = await fetchIt({ 'accept-encoding': 'br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.body).equals(raw.body)).toBe(true);
      expect((await fetchIt({ 'if-none-match': String(raw.headers.etag) })).status).toBe(304);
    }
    // template_redirect ran for it, with the embed's query var and the part's.
    expect(seen[0]).toEqual({ helpdesk_tickets_embed: '1', helpdesk_tickets_embed_part: 'files' });
    const unslashed = await send(base, '/helpdesk/tickets/embed/files');
    expect(unslashed.status).toBe(301);
    expect(unslashed.headers.location).toBe('http://help.test/helpdesk/tickets/embed/files/');
    expect((await send(base, '/helpdesk/tickets/embed/other/')).status).toBe(404);
  });

  it('serves the doc suggestions at …/embed/suggest/ the same way, on the fast path and through Fastify', async () => {
    seen.length = 0;
    for (const fetchIt of [
      (h: Record<string, string>) => send(base, '/helpdesk/tickets/embed/suggest/', { headers: h }),
      (h: Record<string, string>) => inject(hd, '/helpdesk/tickets/embed/suggest/', { headers: h }),
    ]) {
      const raw = await fetchIt({ 'accept-encoding': 'identity' });
      expect(raw.status).toBe(200);
      expect(raw.body.toString('utf8')).toBe(suggestScript);
      expect(raw.headers['content-type']).toBe('application/javascript; charset=utf-8');
      expect(raw.headers['cross-origin-resource-policy']).toBe('cross-origin');
      const br = await fetchIt({ 'accept-encoding': 'br' });
      expect(brotliDecompressSync(br.body).equals(raw.body)).toBe(true);
    }
    expect(seen[0]).toEqual({ helpdesk_tickets_embed: '1', helpdesk_tickets_embed_part: 'suggest' });
  });

  it('runs template_redirect with the helpdesk_tickets_embed query var before the script is sent', async () => {
    seen.length = 0;
    await send(base, `${EMBED}?v=3`);
    expect(seen).toEqual([{ helpdesk_tickets_embed: '1' }]);
    // A handler that throws is a 500 problem, never the script.
    const failed = await send(base, `${EMBED}?boom=1`);
    expect(failed.status).toBe(500);
    expect(failed.headers['content-type']).toContain('application/problem+json');
    expect(failed.body.toString()).not.toContain('HELPDESK_HOME_URL');
  });

  it('without the trailing slash answers 301 to the slashed URL, query kept', async () => {
    for (const answer of [
      await send(base, '/helpdesk/tickets/embed?ver=2&lang=en'),
      await inject(hd, '/helpdesk/tickets/embed?ver=2&lang=en'),
    ]) {
      expect(answer.status).toBe(301);
      expect(answer.headers.location).toBe('http://help.test/helpdesk/tickets/embed/?ver=2&lang=en');
    }
    const plain = await send(base, '/helpdesk/tickets/embed', { method: 'HEAD' });
    expect(plain.status).toBe(301);
    expect(plain.headers.location).toBe('http://help.test/helpdesk/tickets/embed/');
  });

  it('HEAD answers the same headers and Content-Length as GET, without a body', async () => {
    for (const encoding of ['identity', 'gzip', 'br']) {
      const headers = { 'accept-encoding': encoding };
      const [get, head] = [await send(base, EMBED, { headers }), await send(base, EMBED, { method: 'HEAD', headers })];
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
      expect(withoutTransport(head.headers)).toEqual(withoutTransport(get.headers));
      expect(head.headers['content-length']).toBe(String(get.body.length));
    }
  });

  it('serves gzip and brotli by Accept-Encoding, each decoding to the same bytes', async () => {
    const raw = await send(base, EMBED, { headers: { 'accept-encoding': 'identity' } });
    const cases: Array<[string, string | undefined]> = [
      ['gzip', 'gzip'],
      ['gzip, deflate, br, zstd', 'br'],
      ['br;q=0, gzip', 'gzip'],
      ['br;q=0.5, gzip;q=0.8', 'gzip'],
      ['*', 'br'],
      ['deflate', undefined],
    ];
    for (const [accept, coding] of cases) {
      const res = await send(base, EMBED, { headers: { 'accept-encoding': accept } });
      expect(res.headers['content-encoding'], accept).toBe(coding);
      expect(res.headers['content-length']).toBe(String(res.body.length));
      const decoded = coding === 'gzip' ? gunzipSync(res.body) : coding === 'br' ? brotliDecompressSync(res.body) : res.body;
      expect(decoded.equals(raw.body), accept).toBe(true);
      if (coding) expect(res.body.length).toBeLessThan(raw.body.length / 2);
    }
  });

  it('has a strong ETag per coding and answers 304 to If-None-Match naming it', async () => {
    const etags = new Set<string>();
    for (const encoding of ['identity', 'gzip', 'br']) {
      const headers = { 'accept-encoding': encoding };
      const first = await send(base, EMBED, { headers });
      const etag = String(first.headers.etag);
      etags.add(etag);
      for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const again = await send(base, EMBED, { headers: { ...headers, 'if-none-match': ifNoneMatch } });
        expect(again.status, ifNoneMatch).toBe(304);
        expect(again.body.length).toBe(0);
        expect(again.headers.etag).toBe(etag);
        expect(again.headers['cache-control']).toBe('public, max-age=300, stale-while-revalidate=86400');
        expect(again.headers.vary).toBe('Accept-Encoding');
      }
      const changed = await send(base, EMBED, { headers: { ...headers, 'if-none-match': '"an-older-build"' } });
      expect(changed.status).toBe(200);
      expect(changed.body.length).toBe(first.body.length);
    }
    expect(etags.size).toBe(3);
  });

  it('answers the same through the router as on the fast path of the real server', async () => {
    const requests: Array<{ method?: string; headers?: Record<string, string> }> = [
      {},
      { headers: { 'accept-encoding': 'gzip' } },
      { headers: { 'accept-encoding': 'br' } },
      { method: 'HEAD', headers: { 'accept-encoding': 'gzip' } },
    ];
    for (const options of requests) {
      const [viaSocket, viaRouter] = [await send(base, EMBED, options), await inject(hd, EMBED, options)];
      expect(viaRouter.status).toBe(viaSocket.status);
      expect(withoutTransport(viaRouter.headers)).toEqual(withoutTransport(viaSocket.headers));
      expect(viaRouter.body.equals(viaSocket.body)).toBe(true);
    }
    const etag = String((await send(base, EMBED)).headers.etag);
    expect((await inject(hd, EMBED, { headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  it('lets other sites load files under /content/ too, where self-hosted copies of the widget live', async () => {
    const res = await send(base, '/content/theme/style.css');
    expect(res.status).toBe(200);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('is only the widget at its own address', async () => {
    expect((await send(base, '/helpdesk/tickets/embedded/')).status).toBe(404);
    expect((await send(base, '/helpdesk/tickets/embed/x')).status).toBe(404);
    const post = await send(base, EMBED, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
    expect(post.body.toString()).not.toContain('HELPDESK_HOME_URL');
  });
});

// The spec's recipe, exactly as a site owner writes it in helpdesk.config.{mjs,ts}.
const RECIPE = `export default {
  plugins: [
    (hooks) => {
      hooks.addAction('template_redirect', 'acme/embed-off', (request) => {
        if (request.queryVars.helpdesk_tickets_embed) { request.status(404); request.exit(); }
      }, 5);
    },
  ],
};
`;

describeEachDatabase('widget endpoint taken offline by a template_redirect handler at priority 5', (dialect) => {
  for (const fileName of ['helpdesk.config.mjs', 'helpdesk.config.ts']) {
    describe(fileName, () => {
      let hd: TestHelpdesk;
      let base = '';
      beforeAll(async () => {
        const cwd = mkdtempSync(join(tmpdir(), 'helpdesk-embed-off-'));
        writeFileSync(join(cwd, fileName), RECIPE);
        const config = await loadConfig({ HELPDESK_CONFIG: join(cwd, fileName) }, cwd);
        hd = await createTestHelpdesk(dialect, { plugins: config.plugins });
        base = await hd.app.listen({ port: 0, host: '127.0.0.1' });
      });
      afterAll(() => hd.close());

      it('answers 404 with an empty body, with or without the slash, GET or HEAD', async () => {
        for (const path of [EMBED, '/helpdesk/tickets/embed', `${EMBED}?v=1`, FILES]) {
          for (const method of ['GET', 'HEAD']) {
            for (const answer of [await send(base, path, { method }), await inject(hd, path, { method })]) {
              expect(answer.status, `${method} ${path}`).toBe(404);
              expect(answer.body.length).toBe(0);
              expect(answer.headers.location).toBeUndefined();
            }
          }
        }
      });

      it('leaves the rest of the help site alone', async () => {
        expect((await send(base, '/')).status).toBe(200);
        expect((await send(base, '/api/helpdesk/v1/tickets/urgencies/')).status).toBe(200);
      });
    });
  }
});

describeEachDatabase('widget endpoint under a path prefix', (dialect) => {
  const hd = useTestHelpdesk(dialect, { homeUrl: 'https://example.com/help' });
  let base = '';
  beforeAll(async () => {
    base = await hd.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('is served below the prefix and names the home URL with its path', async () => {
    for (const res of [await send(base, `/help${EMBED}`), await inject(hd, `/help${EMBED}`)]) {
      expect(res.status).toBe(200);
      expect(res.body.toString()).toBe(`var HELPDESK_HOME_URL = "https://example.com/help";\n${script}`);
    }
    for (const res of [await send(base, `/help${FILES}`), await inject(hd, `/help${FILES}`)]) {
      expect(res.status).toBe(200);
      expect(res.body.toString()).toBe(filesScript);
    }
    const redirect = await send(base, '/help/helpdesk/tickets/embed?x=1');
    expect(redirect.status).toBe(301);
    expect(redirect.headers.location).toBe('https://example.com/help/helpdesk/tickets/embed/?x=1');
    expect((await send(base, EMBED)).status).toBe(404);
    expect((await send(base, `/helpx${EMBED}`)).status).toBe(404);
  });
});
