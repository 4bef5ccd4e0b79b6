// The widget script, GET /helpdesk/tickets/embed/, against bare node:http sending the same bytes and
// header block from memory, for each coding (identity, gzip, br). Part `widget` of `npm run bench`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { alternate, ms } from './lib/alternate.js';
import { captureAnswer, startBareTwin } from './lib/bare-twin.js';
import { stopProcess } from './lib/server-process.js';
import { startService } from './lib/service.js';
import { runWrk, wrkCommand } from './lib/wrk.js';

export const EMBED_PATH = '/helpdesk/tickets/embed/';
const CODINGS = ['identity', 'gzip', 'br'] as const;

export async function benchWidget(report: (line: string) => void, seconds: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'helpdesk-bench-widget-'));
  const service = await startService(dir);
  const bares: Array<Awaited<ReturnType<typeof startBareTwin>>> = [];
  try {
    report(`\n## Widget script, GET ${EMBED_PATH} (keep-alive, 16 connections, wrk -t1)`);
    report(
      '| accept-encoding | body bytes | bare node:http, same bytes and headers, req/s ' +
        '| service req/s | service p50 / p99 ms | errors | ratio |',
    );
    report('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
    const ratios: number[] = [];
    for (const coding of CODINGS) {
      const headers = { 'accept-encoding': coding };
      const answer = await captureAnswer(`${service.url}${EMBED_PATH}`, headers);
      const expected = coding === 'identity' ? undefined : coding;
      if (answer.status !== 200 || answer.headers['content-encoding'] !== expected)
        throw new Error(`the widget answered ${answer.status} ${answer.headers['content-encoding']} to accept-encoding ${coding}`);
      const bare = await startBareTwin(dir, `widget-${coding}`, answer);
      bares.push(bare);
      const twin = await captureAnswer(`${bare.url}${EMBED_PATH}`, headers);
      if (!twin.body.equals(answer.body) || JSON.stringify(twin.headers) !== JSON.stringify(answer.headers))
        throw new Error('the baseline does not send the same bytes and headers');
      const load = (url: string, s: number) => () => runWrk({ url: `${url}${EMBED_PATH}`, seconds: s, headers });
      // Unreported warm-up of both (JIT), then alternating rounds.
      await alternate({ service: load(service.url, 1), bare: load(bare.url, 1) }, 1);
      const r = await alternate({ service: load(service.url, seconds / 2), bare: load(bare.url, seconds / 2) }, 2);
      const ratio = r.service.requestsPerSecond / r.bare.requestsPerSecond;
      ratios.push(ratio);
      report(
        `| ${coding} | ${answer.body.length} | ${r.bare.requestsPerSecond.toFixed(0)} | ${r.service.requestsPerSecond.toFixed(0)} ` +
          `| ${ms(r.service.p50)} / ${ms(r.service.p99)} | ${r.service.errors + r.bare.errors} | **${ratio.toFixed(2)}** |`,
      );
    }
    report(`| **lowest ratio service / bare** (target ≥ 0.8) | | | | | | **${Math.min(...ratios).toFixed(2)}** |`);
    report(`\nBy hand: \`${wrkCommand(`http://HOST${EMBED_PATH}`, 10, "-H 'Accept-Encoding: gzip'")}\``);
  } finally {
    for (const bare of bares) await stopProcess(bare.child);
    await stopProcess(service.child);
    rmSync(dir, { recursive: true, force: true });
  }
}
