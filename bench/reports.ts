// Reports over 100,000 tickets, on SQLite and PostgreSQL: every metric of a 30-day report through the real route
// (auth, checks, one statement, buckets, serialization, in-process with `inject`), by day and by agent, against
// the target of 1 s; and the per-ticket CSV of 100,000 tickets streamed over a real socket, read and dropped as
// it comes, with the process's heap sampled throughout: flat memory means the peak does not grow with the count.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config/load-config.js';
import { createDb, type Db, type DialectName } from '../server/db/create-db.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { refreshStaleStatistics } from '../server/db/refresh-statistics.js';
import { createDomainContext } from '../server/domain/context.js';
import { createApiToken } from '../server/domain/people/api-tokens.js';
import { METRIC_NAMES } from '../server/domain/reports/metric-definitions.js';
import { createHooks } from '../server/hooks/create-hooks.js';
import { createBenchDatabase } from './lib/bench-database.js';

const TICKETS = Number(process.env.BENCH_REPORT_TICKETS ?? 100_000);
const RUNS = Number(process.env.BENCH_REPORT_RUNS ?? 5);
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const START = Date.parse('2026-11-01T00:00:00.000Z');
const SPAN_MS = 30 * 86_400_000;
const CHANNELS = ['widget', 'mail', 'site', 'api'];

async function seed(db: Db, count: number): Promise<number> {
  const k = db.kysely;
  const time = new Date(START).toISOString();
  const [client] = await k
    .insertInto('users')
    .values({ email: 'client@bench.test', name: 'Client', role: 'client', password_hash: null, created_at: time, updated_at: time })
    .returning('id')
    .execute();
  const agents = await k
    .insertInto('users')
    .values(
      Array.from({ length: 5 }, (_, i) => ({
        email: `agent${i}@bench.test`,
        name: `Agent ${i}`,
        role: i === 0 ? ('admin' as const) : ('agent' as const),
        password_hash: null,
        created_at: time,
        updated_at: time,
      })),
    )
    .returning('id')
    .execute();
  // Every ticket within the 30 days reported: the worst case for one report.
  for (let start = 0; start < count; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, count - start) }, (_, j) => start + j);
    const created = (i: number) => START + Math.floor((i / count) * SPAN_MS);
    const rows = await k
      .insertInto('posts')
      .values(
        batch.map((i) => ({
          type: 'ticket',
          status: 'publish',
          title: `=Ticket ${i}`,
          content: 'Bench.',
          slug: '',
          author_id: client?.id as number,
          product_id: null,
          parent_id: null,
          assignee_id: agents[i % 5]?.id as number,
          menu_order: 0,
          number: i + 1,
          created_at: new Date(created(i)).toISOString(),
          updated_at: new Date(created(i)).toISOString(),
        })),
      )
      .returning('id')
      .execute();
    await k
      .insertInto('ticket_report_facts')
      .values(
        batch.map((i, j) => {
          const firstS = 60 + ((i * 7919) % 36_000);
          const resolutionS = 3600 + ((i * 104_729) % 500_000);
          const resolved = i % 3 !== 2;
          const at = (s: number) => new Date(created(i) + s * 1000).toISOString();
          return {
            ticket_id: rows[j]?.id as number,
            created_at: new Date(created(i)).toISOString(),
            channel: CHANNELS[i % 4] as string,
            status: resolved ? 'resolved' : 'open',
            first_reply_at: at(firstS),
            first_reply_s: firstS,
            first_reply_bs: Math.floor(firstS / 2),
            resolved_at: resolved ? at(resolutionS) : null,
            resolution_s: resolved ? resolutionS : null,
            resolution_bs: resolved ? Math.floor(resolutionS / 3) : null,
            client_wait_s: resolved ? resolutionS - 600 : null,
            client_wait_bs: resolved ? Math.floor(resolutionS / 3) - 200 : null,
            reopen_count: i % 11 === 0 ? 1 : 0,
          };
        }),
      )
      .execute();
    // Every stay in Resolved or Closed, as record-report-facts.ts keeps them: the backlog reads these.
    const resolvedRows = batch.flatMap((i, j) =>
      i % 3 !== 2
        ? [
            {
              ticket_id: rows[j]?.id as number,
              resolved_at: new Date(created(i) + (3600 + ((i * 104_729) % 500_000)) * 1000).toISOString(),
            },
          ]
        : [],
    );
    await k.insertInto('ticket_report_resolutions').values(resolvedRows).execute();
    await k
      .insertInto('ticket_report_replies')
      .values(
        batch
          .filter((i) => i % 4 === 1)
          .map((i) => ({
            ticket_id: rows[batch.indexOf(i)]?.id as number,
            replied_at: new Date(created(i) + 7200_000).toISOString(),
            seconds: 120 + ((i * 31) % 7200),
            business_seconds: 60 + ((i * 31) % 3600),
          })),
      )
      .execute();
  }
  return agents[0]?.id as number;
}

async function median(runs: number, run: () => Promise<unknown>): Promise<{ median: number; max: number }> {
  const times: number[] = [];
  await run(); // warm-up, not counted
  for (let r = 0; r < runs; r++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)] as number, max: times[times.length - 1] as number };
}

async function benchDialect(dialect: DialectName, report: (line: string) => void): Promise<void> {
  const database = await createBenchDatabase(dialect, POSTGRES_URL, 'helpdesk_bench_reports');
  if (!database) {
    report(`- ${dialect}: skipped (no PostgreSQL server answers; set BENCH_POSTGRES_URL)`);
    return;
  }
  const db = createDb({ url: database.url });
  try {
    await migrateToLatest(db);
    const seedStart = performance.now();
    const adminId = await seed(db, TICKETS);
    // As the worker does in production (PostgreSQL): statistics far behind a freshly filled table are refreshed.
    if (db.storage.keepsPlannerStatistics) await refreshStaleStatistics(db.kysely);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    const ctx = createDomainContext(db, createHooks());
    const dataDir = mkdtempSync(join(tmpdir(), 'helpdesk-bench-reports-data-'));
    const config = await loadConfig(
      { HELPDESK_HOME_URL: 'http://bench.test', HELPDESK_DATA_DIR: dataDir, DATABASE_URL: database.url, LOG_LEVEL: 'silent' },
      dataDir,
    );
    const app = await buildApp({ config, ctx });
    const headers = { authorization: `Bearer ${await createApiToken(db.kysely, adminId, 'bench')}` };
    const get = (path: string) => async () => {
      const res = await app.inject({ method: 'GET', url: `/api/helpdesk/v1/reports/${path}`, headers });
      if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
      return res;
    };
    report(`\n### ${dialect} (seeded ${TICKETS.toLocaleString('en')} tickets in ${seedSeconds.toFixed(0)} s)`);
    report('| report (30 days, Europe/Berlin) | median ms | max ms | target |');
    report('| --- | ---: | ---: | --- |');
    const range = 'from=2026-11-01&to=2026-11-30&tz=Europe/Berlin';
    for (const metric of METRIC_NAMES)
      for (const groupBy of ['day', 'agent'])
        for (const hours of metric === 'first_reply' || metric === 'resolution' ? ['calendar', 'business'] : ['calendar']) {
          const t = await median(RUNS, get(`${metric}?${range}&group_by=${groupBy}&hours=${hours}`));
          const name = `${metric} by ${groupBy}${hours === 'business' ? ', business hours' : ''}`;
          report(`| ${name} | ${t.median.toFixed(0)} | ${t.max.toFixed(0)} | ≤ 1000 |`);
        }

    // The per-ticket CSV over a real socket, read and dropped chunk by chunk; the heap sampled every 20 ms.
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const heapBefore = (globalThis.gc?.(), process.memoryUsage().heapUsed);
    let peak = heapBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }, 20);
    const started = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}/api/helpdesk/v1/reports/tickets.csv?from=2026-11-01&to=2026-11-30`, { headers });
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      for (const byte of chunk) if (byte === 10) lines += 1;
    }
    clearInterval(sampler);
    const seconds = (performance.now() - started) / 1000;
    report(
      `\nPer-ticket CSV: ${(lines - 1).toLocaleString('en')} tickets, ${(bytes / 2 ** 20).toFixed(1)} MiB in ${seconds.toFixed(1)} s; ` +
        `heap ${(heapBefore / 2 ** 20).toFixed(0)} MiB before, peak ${(peak / 2 ** 20).toFixed(0)} MiB while streaming ` +
        `(+${((peak - heapBefore) / 2 ** 20).toFixed(0)} MiB for a ${(bytes / 2 ** 20).toFixed(0)} MiB answer)`,
    );
    await app.close();
  } finally {
    await db.close();
    await database.drop();
  }
}

export async function benchReports(report: (line: string) => void): Promise<void> {
  report(`\n## Reports: 30 days over ${TICKETS.toLocaleString('en')} tickets, and the per-ticket CSV streamed`);
  // `BENCH_REPORT_DIALECTS=postgres` measures one.
  const dialects = (process.env.BENCH_REPORT_DIALECTS ?? 'sqlite,postgres').split(',') as DialectName[];
  for (const dialect of dialects) await benchDialect(dialect, report);
}

// `npx tsx bench/reports.ts` runs it alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  await benchReports((line) => console.log(line));
}
