// Cold start: from spawning the built server to its first 200, against spawning bare node:http to its
// first 200, on a fresh data folder (migrations run) and on an existing one: part `cold` of `npm run bench`.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NODE_FLAGS } from '../bin/node-flags.mjs';
import { freePort, stopProcess } from './lib/server-process.js';

const RUNS = 3;

/** Milliseconds from spawn to the first 200 of GET <url>/healthz, polled every 5 ms. */
async function timeToFirst200(
  script: string,
  args: string[],
  env: Record<string, string>,
  url: string,
  nodeArgs: string[] = [],
): Promise<number> {
  const start = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, script, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    while (performance.now() - start < 30_000) {
      if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
      try {
        if ((await fetch(`${url}/healthz`)).status === 200) return performance.now() - start;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error(`${script} did not answer within 30 s`);
  } finally {
    await stopProcess(child);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

export async function benchColdStart(report: (line: string) => void): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'helpdesk-bench-cold-'));
  try {
    const bodyFile = join(dir, 'ok.txt');
    const headersFile = join(dir, 'headers.json');
    writeFileSync(bodyFile, 'ok');
    writeFileSync(headersFile, '{"content-type":"text/plain"}');
    const bare: number[] = [];
    const fresh: number[] = [];
    const existing: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const port = await freePort();
      bare.push(await timeToFirst200('bench/lib/bare-server.mjs', [bodyFile, String(port), headersFile], {}, `http://127.0.0.1:${port}`));
      const data = join(dir, `data-${run}`);
      for (const list of [fresh, existing]) {
        const servicePort = await freePort();
        const url = `http://127.0.0.1:${servicePort}`;
        const env = { PORT: String(servicePort), HOST: '127.0.0.1', HELPDESK_DATA_DIR: data, HELPDESK_HOME_URL: url };
        list.push(await timeToFirst200('dist/server/index.js', ['serve'], env, url, NODE_FLAGS));
      }
    }
    const base = median(bare);
    report('\n## Cold start: spawn to the first 200 of GET /healthz (after `npm run build`), median of 3');
    report('| process | ms | ratio to bare node:http |');
    report('| --- | ---: | ---: |');
    report(`| bare node:http (bench/lib/bare-server.mjs) | ${base.toFixed(0)} | 1.00 |`);
    report(
      `| service, fresh data folder (creates and migrates the SQLite file) | ${median(fresh).toFixed(0)} ` +
        `| ${(median(fresh) / base).toFixed(1)} |`,
    );
    report(`| service, existing data folder | ${median(existing).toFixed(0)} | ${(median(existing) / base).toFixed(1)} |`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
