// The docs list, 100 of 10,000 published docs, against bare node:http sending the same JSON and
// header block from memory: part `docs` of `npm run bench`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb } from '../server/db/create-db.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { alternate, ms } from './lib/alternate.js';
import { captureAnswer, startBareTwin } from './lib/bare-twin.js';
import { memory, peakRssDuring, settledRss } from './lib/memory.js';
import { stopProcess } from './lib/server-process.js';
import { startService } from './lib/service.js';
import { runWrk, wrkCommand } from './lib/wrk.js';

export const DOCS_PATH = '/api/helpdesk/v1/docs/?count=100';
const DOCS = 10_000;

async function seedDocs(file: string): Promise<void> {
  const db = createDb({ url: file });
  try {
    await migrateToLatest(db);
    const time = new Date().toISOString();
    for (let start = 0; start < DOCS; start += 500) {
      const rows = Array.from({ length: Math.min(500, DOCS - start) }, (_, i) => ({
        type: 'doc',
        status: 'publish',
        title: `How to do thing ${start + i}`,
        content: `Step by step guide number ${start + i}. `.repeat(20),
        slug: `doc-${start + i}`,
        author_id: null,
        product_id: null,
        parent_id: null,
        menu_order: start + i,
        created_at: time,
        updated_at: time,
      }));
      await db.kysely.insertInto('posts').values(rows).execute();
    }
  } finally {
    await db.close();
  }
}

export async function benchDocs(report: (line: string) => void, seconds: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'helpdesk-bench-docs-'));
  await seedDocs(join(dir, 'helpdesk.sqlite'));
  const service = await startService(dir);
  let bare: Awaited<ReturnType<typeof startBareTwin>> | undefined;
  try {
    memory.push({ state: `idle after start, ${DOCS} docs (SQLite)`, mib: await settledRss(service.pid) });
    const answer = await captureAnswer(`${service.url}${DOCS_PATH}`);
    if (answer.status !== 200) throw new Error(`the docs list answered ${answer.status}`);
    bare = await startBareTwin(dir, 'docs', answer);
    const bareUrl = bare.url;
    const load = (url: string, s: number) => () => runWrk({ url: `${url}${DOCS_PATH}`, seconds: s });
    const { result: r, peak } = await peakRssDuring(service.pid, async () => {
      await alternate({ service: load(service.url, 1), bare: load(bareUrl, 1) }, 1);
      return alternate({ service: load(service.url, seconds / 2), bare: load(bareUrl, seconds / 2) }, 2);
    });
    memory.push({ state: 'peak during docs list (SQLite)', mib: peak });
    const ratio = r.service.requestsPerSecond / r.bare.requestsPerSecond;
    report(`\n## Docs list, GET ${DOCS_PATH} (100 of ${DOCS.toLocaleString('en')} published docs), 16 connections`);
    report('| body | bare node:http, same JSON and headers, req/s | service req/s | service p50 / p99 ms | errors | ratio |');
    report('| ---: | ---: | ---: | ---: | ---: | ---: |');
    report(
      `| ${(answer.body.length / 1024).toFixed(1)} KB | ${r.bare.requestsPerSecond.toFixed(0)} ` +
        `| ${r.service.requestsPerSecond.toFixed(0)} ` +
        `| ${ms(r.service.p50)} / ${ms(r.service.p99)} | ${r.service.errors + r.bare.errors} | **${ratio.toFixed(2)}** (target ≥ 0.5) |`,
    );
    report(`\nBy hand: \`${wrkCommand(`'http://HOST${DOCS_PATH}'`, 10)}\``);
  } finally {
    if (bare) await stopProcess(bare.child);
    await stopProcess(service.child);
    rmSync(dir, { recursive: true, force: true });
  }
}
