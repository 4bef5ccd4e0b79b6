// `npm run bench`: speed as ratios against baselines measured in the same run, load from wrk. Never run
// as a test. `npm run bench -- --only widget,docs` runs some parts; BENCH_SECONDS sets each comparison's
// length (default 10: each side gets two rounds of half of it).
import { writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import { benchColdStart } from './cold-start.js';
import { benchDocs } from './docs.js';
import { benchDocsSuggest } from './docs-suggest.js';
import { benchInbox } from './inbox.js';
import { benchInboxDue } from './inbox-due.js';
import { benchIntakePostgres, benchIntakeSqlite } from './intake.js';
import { memory } from './lib/memory.js';
import { ensureWrk } from './lib/wrk.js';
import { benchReports } from './reports.js';
import { benchUploads } from './uploads.js';
import { benchWidget } from './widget.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const lines: string[] = [];
const report = (line: string) => {
  lines.push(line);
  console.log(line);
};

const PARTS: Record<string, () => Promise<void>> = {
  widget: () => benchWidget(report, SECONDS),
  'intake-sqlite': () => benchIntakeSqlite(report, SECONDS),
  'intake-pg': () => benchIntakePostgres(report, SECONDS, POSTGRES_URL),
  docs: () => benchDocs(report, SECONDS),
  'docs-suggest': () => benchDocsSuggest(report, SECONDS, POSTGRES_URL),
  cold: () => benchColdStart(report),
  inbox: () => benchInbox(report),
  'inbox-due': () => benchInboxDue(report),
  uploads: () => benchUploads(report),
  reports: () => benchReports(report),
};

const { values } = parseArgs({ options: { only: { type: 'string' } } });
const chosen = values.only ? values.only.split(',').map((part) => part.trim()) : Object.keys(PARTS);
const unknown = chosen.filter((part) => !(part in PARTS));
if (unknown.length) {
  console.error(`Unknown part(s): ${unknown.join(', ')}. Parts: ${Object.keys(PARTS).join(', ')}.`);
  process.exit(2);
}

ensureWrk();
const cpu = cpus()[0]?.model ?? 'unknown CPU';
report(
  `# npm run bench — ${new Date().toISOString()} — node ${process.version}, ${cpus().length} × ${cpu}, ` +
    `${(totalmem() / 2 ** 30).toFixed(0)} GiB, load average ${loadavg()[0]?.toFixed(2)} at start — ` +
    `wrk -t1 -c16, ${SECONDS} s per side of each comparison`,
);
for (const part of chosen) await PARTS[part]?.();
if (memory.length) {
  report('\n## Memory of the service process (RSS)');
  report('| state | MiB | target |');
  report('| --- | ---: | --- |');
  for (const { state, mib } of memory) report(`| ${state} | ${mib.toFixed(0)} | ${state.startsWith('idle') ? '≤ 80' : '≤ 150'} |`);
}
writeFileSync('bench/last-run.md', `${lines.join('\n')}\n`);
