// `npm run bench`: speed as ratios against baselines measured in the same run. Never run as a test.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb } from '../server/db/create-db.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { writeOption } from '../server/domain/options.js';
import { benchEmbed } from './embed.js';
import { benchInbox } from './inbox.js';
import { runLoad } from './lib/load.js';
import { measureRawIntake } from './lib/raw-intake.js';
import { freePort, rssMiB, startProcess, stopProcess } from './lib/server-process.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const lines: string[] = [];
const report = (line: string) => {
  lines.push(line);
  console.log(line);
};

async function freshSqlite(): Promise<{ dir: string; file: string; statusId: number; urgencyId: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'helpdesk-bench-'));
  const file = join(dir, 'helpdesk.sqlite');
  const db = createDb({ url: file });
  await migrateToLatest(db);
  // Intake limits are per IP; the load comes from one address, so they are lifted for the measurement.
  const unlimited = 1_000_000_000;
  await writeOption(db.kysely, 'helpdesk_settings', {
    tickets: {
      create_accounts: true,
      limit_ip_hour: unlimited,
      limit_ip_day: unlimited,
      limit_email_hour: unlimited,
      limit_global_day: unlimited,
    },
  });
  const term = (taxonomy: 'ticket_status' | 'ticket_urgency', slug: string) =>
    db.kysely.selectFrom('terms').select('id').where('taxonomy', '=', taxonomy).where('slug', '=', slug).executeTakeFirstOrThrow();
  const [status, urgency] = await Promise.all([term('ticket_status', 'open'), term('ticket_urgency', 'high')]);
  await db.close();
  return { dir, file, statusId: status.id, urgencyId: urgency.id };
}

async function seedDocs(file: string, count: number): Promise<void> {
  const db = createDb({ url: file });
  const time = new Date().toISOString();
  for (let start = 0; start < count; start += 500) {
    const rows = Array.from({ length: Math.min(500, count - start) }, (_, i) => ({
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
  await db.close();
}

async function main() {
  report(`# npm run bench — ${new Date().toISOString()} — node ${process.version}, ${SECONDS}s per measurement, 16 connections`);

  // Baseline: the same rows written straight to SQLite. Its rate follows the disk's fsync latency,
  // which drifts, so baseline and service alternate in rounds and the median ratio is reported.
  const raw = await freshSqlite();

  // The service, in its own process, over HTTP.
  const site = await freshSqlite();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = await startProcess(
    'dist/server/index.js',
    ['serve'],
    { PORT: String(port), HOST: '127.0.0.1', HELPDESK_DATA_DIR: site.dir, LOG_LEVEL: 'warn', HELPDESK_HOME_URL: url },
    url,
  );
  const peakRss = { value: 0 };
  const sampler = setInterval(() => (peakRss.value = Math.max(peakRss.value, rssMiB(server.pid ?? 0))), 250);
  try {
    const idleRss = rssMiB(server.pid ?? 0);
    let n = 0;
    const fileTickets = () =>
      runLoad({
        url,
        seconds: SECONDS,
        requests: [
          {
            method: 'POST',
            path: '/api/helpdesk/v1/tickets/',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            setupRequest: (request) => {
              n += 1;
              const form = new URLSearchParams({
                name: 'Bench Client',
                email: `http${n}@bench.test`,
                subject: 'Subject',
                description: 'Description of the problem',
                urgency: String(site.urgencyId),
                order_id: `ORD-${n}`,
              });
              return { ...request, body: form.toString() };
            },
          },
        ],
      });
    report('\n## Ticket intake on SQLite (synchronous=FULL)');
    report(
      '| round | raw transaction (better-sqlite3, same rows) tickets/s | POST ' +
        '/api/helpdesk/v1/tickets/ (form-encoded, new email each) tickets/s | ' +
        'p50 ms | p99 ms | errors | ratio |',
    );
    report('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
    const ratios: number[] = [];
    for (let round = 1; round <= 3; round++) {
      const rawRate = measureRawIntake(raw.file, SECONDS, raw.statusId, raw.urgencyId);
      const intake = await fileTickets();
      ratios.push(intake.requestsPerSecond / rawRate);
      report(
        `| ${round} | ${rawRate.toFixed(0)} | ` +
          `${intake.requestsPerSecond.toFixed(0)} | ${intake.p50} | ${intake.p99} ` +
          `| ${intake.errors} | ${(intake.requestsPerSecond / rawRate).toFixed(2)} ` +
          `|`,
      );
    }
    const medianRatio = [...ratios].sort((a, b) => a - b)[1] ?? 0;
    report(`| **median ratio HTTP / raw** (target ≥ 0.5) | | | | | | **${medianRatio.toFixed(2)}** |`);
    const intakeRss = peakRss.value;

    // 3. Docs list: 100 of 10,000, against a bare server returning the same bytes.
    await seedDocs(site.file, 10_000);
    const docsPath = '/api/helpdesk/v1/docs/?count=100';
    const sample = await (await fetch(`${url}${docsPath}`)).text();
    peakRss.value = 0;
    const docs = await runLoad({ url: `${url}${docsPath}`, seconds: SECONDS });
    const docsRss = peakRss.value;
    const bodyFile = join(site.dir, 'docs.json');
    writeFileSync(bodyFile, sample);
    const barePort = await freePort();
    const bareUrl = `http://127.0.0.1:${barePort}`;
    const bare = await startProcess('bench/lib/bare-server.mjs', [bodyFile, String(barePort), 'application/json'], {}, bareUrl);
    const bareDocs = await runLoad({ url: `${bareUrl}${docsPath}`, seconds: SECONDS });
    await stopProcess(bare);

    report('\n## Docs list, 100 of 10,000 published docs');
    report('| measurement | requests/s | p50 ms | p99 ms | errors |');
    report('| --- | ---: | ---: | ---: | ---: |');
    report(
      `| bare node:http, same ${(sample.length / 1024).toFixed(1)} KB JSON ` +
        `from memory | ${bareDocs.requestsPerSecond.toFixed(0)} | ` +
        `${bareDocs.p50} | ${bareDocs.p99} | ${bareDocs.errors} |`,
    );
    report(`| GET ${docsPath} | ${docs.requestsPerSecond.toFixed(0)} | ${docs.p50} | ${docs.p99} | ${docs.errors} |`);
    report(`| **ratio service / bare** | **${(docs.requestsPerSecond / bareDocs.requestsPerSecond).toFixed(3)}** | | | |`);

    report('\n## Memory of the service process (RSS)');
    report('| state | MiB |');
    report('| --- | ---: |');
    report(`| idle after start | ${idleRss.toFixed(0)} |`);
    report(`| peak during ticket intake | ${intakeRss.toFixed(0)} |`);
    report(`| peak during docs list | ${docsRss.toFixed(0)} |`);
  } finally {
    clearInterval(sampler);
    await stopProcess(server);
  }

  await benchEmbed(report, SECONDS);
  await benchInbox(report);
  writeFileSync('bench/last-run.md', `${lines.join('\n')}\n`);
}

await main();
