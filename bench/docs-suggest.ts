// The widget's doc suggestions (GET /docs/suggest) while visitors type, over 10,000 published docs, on SQLite and
// PostgreSQL: part `docs-suggest` of `npm run bench`. The target is p95 ≤ 150 ms at 16 connections.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb } from '../server/db/create-db.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { ms } from './lib/alternate.js';
import { createBenchDatabase } from './lib/bench-database.js';
import { memory, peakRssDuring } from './lib/memory.js';
import { stopProcess } from './lib/server-process.js';
import { startService } from './lib/service.js';
import { runWrk, wrkCommand } from './lib/wrk.js';

const PATH = '/api/helpdesk/v1/docs/suggest';
const DOCS = 10_000;
const SCRIPT = readFileSync(new URL('./wrk/docs-suggest.lua', import.meta.url), 'utf8');

// A help centre's shape: each doc is about one of these topics (its title and a fifth of its body from the topic's
// words), the rest of the body common words and a few from other topics, so a visitor's word matches a few hundred
// docs (about 4 %), as "password" does in a large help centre, and a common one ("account") more.
const TOPICS = [
  'password reset forgot sign login locked link email',
  'account profile delete name language username deactivate merge',
  'payment card declined paypal charge bank transfer currency',
  'invoice download company vat tax receipt billing address',
  'subscription cancel plan upgrade downgrade renew trial pause',
  'shipping delivery cost express countries customs duty carrier',
  'parcel tracking delivered missing damaged lost courier locker',
  'return refund exchange label size colour policy window',
  'order cancel change confirmation history status reorder preorder',
  'discount code voucher gift balance coupon credit loyalty',
  'app crash mobile notification update ios android install',
  'device bluetooth pairing battery charging firmware reset warranty',
  'security hacked phishing authentication factor authenticator passkey session',
  'team member invite role owner seat admin permission',
  'export csv api webhook integration shopify key token',
  'privacy cookie data retention consent gdpr newsletter unsubscribe',
].map((topic) => topic.split(' '));
const COMMON = (
  'open choose settings page then the and your you can we our with for from within days business hours ' +
  'link button menu select confirm again after before support contact section new first'
).split(' ');

/** A deterministic pseudo-random sequence, so every run seeds the same docs. */
function sequence(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    // The high bits: an LCG's low bits repeat with a short period.
    return Math.floor(state / 65_536) % n;
  };
}

/** Seeds DOCS docs (every twentieth a draft, every fifth in German) into a migrated database at `url`. */
export async function seedDocs(url: string): Promise<void> {
  const db = createDb({ url });
  const pick = sequence(42);
  const from = (words: string[]) => words[pick(words.length)] ?? '';
  try {
    await migrateToLatest(db);
    const time = new Date().toISOString();
    // 500 rows a statement (the FTS triggers run per row on SQLite): a few seconds in all.
    for (let start = 0; start < DOCS; start += 500) {
      const rows = Array.from({ length: Math.min(500, DOCS - start) }, (_, i) => {
        const topic = TOPICS[(start + i) % TOPICS.length] ?? [];
        const body = Array.from({ length: 80 }, (_, w) =>
          w % 5 === 0 ? from(topic) : w % 9 === 0 ? from(TOPICS[pick(TOPICS.length)] ?? []) : from(COMMON),
        );
        return {
          type: 'doc',
          status: (start + i) % 20 === 0 ? 'draft' : 'publish',
          title: `${from(topic)} ${from(topic)} ${from(COMMON)} ${from(topic)} ${start + i}`,
          content: `${body.join(' ')}.`,
          slug: `doc-${start + i}`,
          author_id: null,
          product_id: null,
          parent_id: null,
          menu_order: start + i,
          language: (start + i) % 5 === 0 ? 'de' : null,
          created_at: time,
          updated_at: time,
        };
      });
      await db.kysely.insertInto('posts').values(rows).execute();
    }
  } finally {
    await db.close();
  }
}

async function measure(
  report: (line: string) => void,
  seconds: number,
  label: string,
  url: string,
  env: Record<string, string>,
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'helpdesk-bench-suggest-'));
  const started = Date.now();
  await seedDocs(url);
  const seeded = Date.now() - started;
  const service = await startService(dir, { HELPDESK_TRUST_PROXY_HOPS: '1', ...env });
  try {
    const probe = await fetch(`${service.url}${PATH}?q=password+reset`, { headers: { 'x-forwarded-for': '10.255.0.1' } });
    const body = (await probe.json()) as { suggestions?: unknown[] };
    if (probe.status !== 200 || !body.suggestions?.length)
      throw new Error(`the suggestions answered ${probe.status}: ${JSON.stringify(body)}`);
    const load = (s: number) => runWrk({ url: `${service.url}${PATH}`, seconds: s, script: SCRIPT });
    await load(1);
    const { result: r, peak } = await peakRssDuring(service.pid, () => load(seconds));
    memory.push({ state: `peak during docs suggestions (${label})`, mib: peak });
    // The same service's cheapest public list under the same load, for what the machine gave this run (the
    // suggestions' figures on a shared machine move with everyone else's work; this moves with them).
    const reference = await runWrk({ url: `${service.url}/api/helpdesk/v1/tickets/reasons/`, seconds: seconds / 2 });
    report(
      `| ${label} | ${(seeded / 1000).toFixed(1)} s | ${r.requestsPerSecond.toFixed(0)} | ${ms(r.p50)} / **${ms(r.p95)}** / ${ms(r.p99)} ` +
        `| ${r.errors} | ${r.p95 <= 150 ? 'met' : 'MISSED'} | ${reference.requestsPerSecond.toFixed(0)} req/s, p95 ${ms(reference.p95)} |`,
    );
  } finally {
    await stopProcess(service.child);
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchDocsSuggest(report: (line: string) => void, seconds: number, postgresUrl: string): Promise<void> {
  report(`\n## Docs suggestions, GET ${PATH} (${DOCS.toLocaleString('en')} docs, 30 visitor texts, en/de), 16 connections`);
  report('| database | seeding | req/s | p50 / p95 / p99 ms | errors | p95 ≤ 150 ms | same run: GET /tickets/reasons/ |');
  report('| --- | ---: | ---: | ---: | ---: | --- | ---: |');
  const sqlite = await createBenchDatabase('sqlite', postgresUrl, 'helpdesk_bench_suggest');
  try {
    if (sqlite) await measure(report, seconds, 'SQLite', sqlite.url, { DATABASE_URL: sqlite.url });
  } finally {
    await sqlite?.drop();
  }
  const postgres = await createBenchDatabase('postgres', postgresUrl, 'helpdesk_bench_suggest');
  if (!postgres) {
    report('| PostgreSQL | skipped: no server at BENCH_POSTGRES_URL / TEST_DATABASE_URL | | | | | |');
  } else {
    try {
      await measure(report, seconds, 'PostgreSQL', postgres.url, { DATABASE_URL: postgres.url });
    } finally {
      await postgres.drop();
    }
  }
  report(`\nBy hand: \`${wrkCommand(`'http://HOST${PATH}'`, 10, '-s bench/wrk/docs-suggest.lua')}\``);
}
