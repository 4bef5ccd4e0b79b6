// The widget endpoint against a bare node:http server sending the same gzip bytes from memory.
// Called by bench/run.ts; alone: `npm run build && npx tsx bench/embed.ts` (BENCH_SECONDS, default 10).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type LoadResult, runLoad } from './lib/load.js';
import { freePort, startProcess, stopProcess } from './lib/server-process.js';

const EMBED_PATH = '/helpdesk/tickets/embed/';

/** The raw bytes of one GET, exactly as sent (no decompression). */
function getBytes(url: string, acceptEncoding: string): Promise<{ status: number; encoding: string | undefined; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** Rounds of one side as one result: mean rate, worst percentiles, all errors. */
function combine(results: LoadResult[]): LoadResult {
  return {
    requestsPerSecond: results.reduce((sum, r) => sum + r.requestsPerSecond, 0) / results.length,
    ok: results.reduce((sum, r) => sum + r.ok, 0),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    p50: Math.max(...results.map((r) => r.p50)),
    p99: Math.max(...results.map((r) => r.p99)),
  };
}

/** Requests/s of GET /helpdesk/tickets/embed/ (gzip, keep-alive, 16 connections) as a ratio to bare node:http. */
export async function benchEmbed(report: (line: string) => void, seconds: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'helpdesk-bench-embed-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const headers = { 'accept-encoding': 'gzip' };
  const service = await startProcess(
    'dist/server/index.js',
    ['serve'],
    { PORT: String(port), HOST: '127.0.0.1', HELPDESK_DATA_DIR: dir, LOG_LEVEL: 'warn', HELPDESK_HOME_URL: url },
    url,
  );
  let bare: Awaited<ReturnType<typeof startProcess>> | undefined;
  try {
    const [raw, gzip, br] = await Promise.all(['identity', 'gzip', 'br'].map((coding) => getBytes(`${url}${EMBED_PATH}`, coding)));
    if (!raw || !gzip || !br || gzip.status !== 200 || gzip.encoding !== 'gzip' || br.encoding !== 'br') {
      throw new Error(`the embed endpoint did not answer 200 with gzip and br (got ${gzip?.status} ${gzip?.encoding}, ${br?.encoding})`);
    }
    const bodyFile = join(dir, 'widget.js.gz');
    writeFileSync(bodyFile, gzip.body);
    const barePort = await freePort();
    const bareUrl = `http://127.0.0.1:${barePort}`;
    bare = await startProcess(
      'bench/lib/bare-server.mjs',
      [bodyFile, String(barePort), 'application/javascript; charset=utf-8', 'gzip'],
      {},
      bareUrl,
    );
    if (!(await getBytes(`${bareUrl}${EMBED_PATH}`, 'gzip')).body.equals(gzip.body))
      throw new Error('the baseline does not send the same bytes');

    // A short unreported run each warms the JIT; then the two alternate in rounds, so that load
    // from anything else on the machine falls on both sides alike.
    const warmUp = Math.min(2, seconds);
    await runLoad({ url: `${url}${EMBED_PATH}`, seconds: warmUp, headers });
    await runLoad({ url: `${bareUrl}${EMBED_PATH}`, seconds: warmUp, headers });
    const rounds = seconds >= 6 ? 3 : 1;
    const served: LoadResult[] = [];
    const baselines: LoadResult[] = [];
    for (let round = 0; round < rounds; round++) {
      served.push(await runLoad({ url: `${url}${EMBED_PATH}`, seconds: seconds / rounds, headers }));
      baselines.push(await runLoad({ url: `${bareUrl}${EMBED_PATH}`, seconds: seconds / rounds, headers }));
    }
    const [service, baseline] = [combine(served), combine(baselines)];

    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB (${bytes} B)`;
    report('\n## Widget script, GET /helpdesk/tickets/embed/ (accept-encoding: gzip, keep-alive)');
    report('| measurement | requests/s | p50 ms | p99 ms | errors |');
    report('| --- | ---: | ---: | ---: | ---: |');
    report(
      `| bare node:http, same ${kb(gzip.body.length)} gzip bytes from memory ` +
        `| ${baseline.requestsPerSecond.toFixed(0)} | ${baseline.p50} | ` +
        `${baseline.p99} | ${baseline.errors} |`,
    );
    report(`| GET ${EMBED_PATH} | ${service.requestsPerSecond.toFixed(0)} | ${service.p50} | ${service.p99} | ${service.errors} |`);
    report(
      `| **ratio service / bare** (target ≥ 0.8) | **${(service.requestsPerSecond / baseline.requestsPerSecond).toFixed(2)}** | | | |`,
    );
    report('\n| widget response body (variable line + script) | bytes |');
    report('| --- | ---: |');
    report(`| raw | ${kb(raw.body.length)} |`);
    report(`| gzip (level 9, once at start-up) | ${kb(gzip.body.length)} |`);
    report(`| brotli (quality 11, once at start-up) | ${kb(br.body.length)} |`);
  } finally {
    if (bare) await stopProcess(bare);
    await stopProcess(service);
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await benchEmbed((line) => console.log(line), Number(process.env.BENCH_SECONDS ?? 10));
}
