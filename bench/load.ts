// `npm run bench:load`: 200 concurrent submitters for BENCH_LOAD_SECONDS (default 60) with agents
// reading alongside, against the built server in its own process, on SQLite and then PostgreSQL
// (BENCH_DATABASE_URL or TEST_DATABASE_URL names a server to create a fresh database on). Fails (exit
// code 1) on any 5xx, any request left without an answer, and any lost, duplicate or unacknowledged
// ticket. Never run as a test.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { sql } from 'kysely';
import { NODE_FLAGS } from '../bin/node-flags.mjs';
import { createDb, DEFAULT_POOL_SIZE, type DialectName } from '../server/db/create-db.js';
import { MAX_BATCH } from '../server/db/group-commit.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { createDomainContext } from '../server/domain/context.js';
import { addUser } from '../server/domain/people/add-user.js';
import { createApiToken } from '../server/domain/people/api-tokens.js';
import { createHooks } from '../server/hooks/create-hooks.js';
import { intakeSection } from '../server/intake/intake-settings.js';
import { updateSettings } from '../server/settings/settings.js';
import { recentTicketsBuffer, recordFiled, startAgents } from './lib/agents.js';
import { type BenchDatabase, createBenchDatabase } from './lib/bench-database.js';
import { measureRawIntake } from './lib/raw-intake.js';
import { measureRawIntakePostgres } from './lib/raw-intake-postgres.js';
import { type ClassSummary, RequestClass } from './lib/request-class.js';
import { freePort, rssMiB, startProcess, stopProcess } from './lib/server-process.js';
import { auditTickets } from './lib/verify-tickets.js';

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const SUBMITTERS = Number(process.env.BENCH_LOAD_SUBMITTERS ?? 200);
const AGENTS = 4;
// Each agent starts a round of four reads this often: 64 requests a second from the four, about what they
// asked in the closed loops of earlier runs, now at the same pace whatever the service does.
const AGENT_ROUND_MS = 250;
// How long the mail worker may take to send what the load queued before the server is stopped.
const DRAIN_SECONDS = Number(process.env.BENCH_LOAD_DRAIN_SECONDS ?? 300);
const POSTGRES_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const TICKETS = '/api/helpdesk/v1/tickets/';

// The intake limits keep their defaults, except the site-wide daily cap (a 60 s load is exactly the
// distributed flood it stops). Each submitter moves to a fresh address after the per-IP hourly limit
// and to a fresh email after the per-email one, so no client goes over a limit.
const limitDefaults = intakeSection().fields as Record<string, { default?: unknown; max?: number }>;
const PER_ADDRESS = Number(limitDefaults.limit_ip_hour?.default);
const PER_EMAIL = Number(limitDefaults.limit_email_hour?.default);
// The highest the setting allows: far above what one run can send.
const GLOBAL_DAY = Number(limitDefaults.limit_global_day?.max);

const lines: string[] = [];
const report = (line: string) => {
  lines.push(line);
  console.log(line);
};
const ms = (value: number) => (value < 10 ? value.toFixed(1) : value.toFixed(0));

/** One address per index in 10.0.0.0/8 (16 million, far more than a run uses). */
const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

interface Site {
  url: string;
  agentToken: string;
  urgencyId: number;
}

/** Migrates a fresh database and sets it up as the load needs: settings, one agent with an API token. */
async function prepareSite(url: string): Promise<{ agentToken: string; statusId: number; urgencyId: number }> {
  const db = createDb({ url });
  try {
    await migrateToLatest(db);
    const ctx = createDomainContext(db, createHooks());
    await updateSettings(ctx, { tickets: { create_accounts: true, limit_global_day: GLOBAL_DAY } });
    const agent = await addUser(ctx, { email: 'agent@bench.test', name: 'Bench Agent', role: 'agent' });
    const term = (taxonomy: 'ticket_status' | 'ticket_urgency', slug: string) =>
      db.kysely.selectFrom('terms').select('id').where('taxonomy', '=', taxonomy).where('slug', '=', slug).executeTakeFirstOrThrow();
    return {
      agentToken: await createApiToken(db.kysely, agent.id, 'bench'),
      statusId: (await term('ticket_status', 'open')).id,
      urgencyId: (await term('ticket_urgency', 'high')).id,
    };
  } finally {
    await db.close();
  }
}

/** Tickets per second written straight to the database, same rows, same concurrency. */
async function measureBaseline(dialect: DialectName): Promise<{ rate: number; label: string }> {
  const database = (await createBenchDatabase(dialect, POSTGRES_ADMIN_URL ?? '', 'helpdesk_load_raw')) as BenchDatabase;
  try {
    const { statusId, urgencyId } = await prepareSite(database.url);
    if (dialect === 'sqlite') {
      // One writer: with many submissions in flight the best it can do is commit them in groups.
      const rate = measureRawIntake(database.url, SECONDS, statusId, urgencyId, {
        ticketsPerEmail: PER_EMAIL,
        idempotencyKeys: true,
        ticketsPerCommit: MAX_BATCH,
      });
      return { rate, label: `better-sqlite3, same rows, ${MAX_BATCH} tickets per commit (savepoint each)` };
    }
    const rate = await measureRawIntakePostgres(
      database.url,
      SECONDS,
      { statusId, urgencyId },
      { concurrency: SUBMITTERS, poolSize: DEFAULT_POOL_SIZE, ticketsPerEmail: PER_EMAIL },
    );
    return { rate, label: `pg, same rows, ${SUBMITTERS} loops over ${DEFAULT_POOL_SIZE} connections, one transaction per ticket` };
  } finally {
    await database.drop();
  }
}

/** A submission as the widget sends it (form-encoded, idempotency key, fill time), from `address`. */
function submission(site: Site, fields: { subject: string; email: string; key: string; address: string }) {
  const body = new URLSearchParams({
    name: 'Load Client',
    email: fields.email,
    subject: fields.subject,
    description: 'I click Export and nothing happens.\nChrome on Windows.',
    urgency: String(site.urgencyId),
    order_id: `ORD-${fields.key}`,
    idempotency_key: fields.key,
    fill_ms: String(5_000 + Math.floor(Math.random() * 60_000)),
  });
  return {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': fields.address },
    body: body.toString(),
  };
}

/** Shows the intake limits are in force: one address past its hourly limit, one email past its own. */
async function checkLimits(site: Site, run: string, filed: Array<{ id: number; subject: string }>): Promise<string[]> {
  const probe = new RequestClass('limits', 1);
  const problems: string[] = [];
  const send = async (subject: string, email: string, address: string) => {
    const answer = await probe.send(`${site.url}${TICKETS}`, submission(site, { subject, email, key: `${run}-${subject}`, address }));
    if (answer.status === 201) filed.push({ id: (JSON.parse(answer.body) as { id: number }).id, subject });
    return answer;
  };
  for (let i = 1; i <= PER_ADDRESS + 1; i++) {
    const answer = await send(`limit-ip-${run}-${i}`, `limit-ip-${run}-${i}@bench.test`, '192.0.2.1');
    const expected = i <= PER_ADDRESS ? 201 : 429;
    if (answer.status !== expected) problems.push(`submission ${i} from one address got ${answer.status}, expected ${expected}`);
  }
  for (let i = 1; i <= PER_EMAIL + 1; i++) {
    const answer = await send(`limit-email-${run}-${i}`, `limit-email-${run}@bench.test`, `192.0.2.${10 + i}`);
    const expected = i <= PER_EMAIL ? 201 : 429;
    if (answer.status !== expected) problems.push(`submission ${i} from one email got ${answer.status}, expected ${expected}`);
  }
  probe.close();
  return problems;
}

/**
 * Submitters, agents (in a thread of their own, see agents-worker.ts) and a health probe, all until the
 * deadline; every request in flight is awaited.
 */
async function runLoad(site: Site, run: string, filed: Array<{ id: number; subject: string }>) {
  const submit = new RequestClass(`POST ${TICKETS} (widget form, own X-Forwarded-For)`, SUBMITTERS);
  // A new connection per probe: what a new visitor waits for (accept, then the event loop) while the load runs.
  const health = new RequestClass('GET /healthz, new connection every 100 ms', 1, { freshConnections: true });
  const recent = recentTicketsBuffer();
  // The limit check's tickets, for the agents' uncounted first round (see agents-worker.ts).
  for (const ticket of filed) recordFiled(recent, ticket.id);
  const agents = await startAgents({
    url: site.url,
    token: site.agentToken,
    agents: AGENTS,
    seconds: SECONDS,
    roundMs: AGENT_ROUND_MS,
    filed: recent,
  });
  await submit.connect(`${site.url}/healthz`);
  let nextAddress = 0;
  let nextEmail = 0;
  agents.go(Date.now());
  const start = performance.now();
  const end = start + SECONDS * 1000;

  const submitter = async (index: number) => {
    let address = '';
    let email = '';
    for (let n = 0; performance.now() < end; n++) {
      if (n % PER_ADDRESS === 0) address = addressOf(++nextAddress);
      if (n % PER_EMAIL === 0) email = `load-${run}-${++nextEmail}@bench.test`;
      const subject = `Load ${run} submitter ${index} ticket ${n}`;
      const answer = await submit.send(`${site.url}${TICKETS}`, submission(site, { subject, email, key: `${run}-${index}-${n}`, address }));
      if (answer.status === 201) {
        const { id } = JSON.parse(answer.body) as { id: number };
        filed.push({ id, subject });
        recordFiled(recent, id);
      }
    }
  };
  const probe = async () => {
    while (performance.now() < end) {
      await health.send(`${site.url}/healthz`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const [reads] = await Promise.all([agents.done, ...Array.from({ length: SUBMITTERS }, (_, i) => submitter(i)), probe()]);
  const seconds = (performance.now() - start) / 1000;
  submit.close();
  health.close();
  return { seconds, classes: [submit, ...reads, health], submit, agents: reads, addresses: nextAddress, emails: nextEmail };
}

/** Waits until the worker has sent every queued mail, or the drain time is up; returns what is left. */
async function drainOutbox(url: string): Promise<{ seconds: number; left: number; done: number }> {
  const db = createDb({ url });
  const start = performance.now();
  try {
    const count = async () => {
      const rows = await db.kysely
        .selectFrom('jobs')
        .select(['state', sql<number>`count(*)`.as('n')])
        .groupBy('state')
        .execute();
      const of = (...states: string[]) => rows.filter((r) => states.includes(r.state)).reduce((sum, r) => sum + Number(r.n), 0);
      return { left: of('queued', 'running'), done: of('done') };
    };
    let state = await count();
    while (state.left > 0 && performance.now() - start < DRAIN_SECONDS * 1000) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      state = await count();
    }
    return { seconds: (performance.now() - start) / 1000, ...state };
  } finally {
    await db.close();
  }
}

/** Server log lines at error level or above (pino: level 50+), or any stack trace. */
function serverErrors(logFile: string): string[] {
  return readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((line) => /"level":(5|6)\d/.test(line) || /^\s+at /.test(line) || /SQLITE_BUSY|Error:/.test(line));
}

const row = (label: string, concurrency: string, s: ClassSummary) =>
  `| ${label} | ${concurrency} | ${s.requests} | ${s.perSecond.toFixed(0)} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${ms(s.max)} | ` +
  `${s.statuses} |`;

/** One database: baseline, then the service under load, then the audit. Returns the failures found. */
async function loadDialect(dialect: DialectName): Promise<string[]> {
  const title = dialect === 'sqlite' ? 'SQLite (WAL, synchronous=FULL)' : 'PostgreSQL';
  report(`\n### ${title}: ${SUBMITTERS} submitters and ${AGENTS} agents for ${SECONDS} s`);
  const baseline = await measureBaseline(dialect);

  const database = (await createBenchDatabase(dialect, POSTGRES_ADMIN_URL ?? '', 'helpdesk_load')) as BenchDatabase;
  const failures: string[] = [];
  const cleanUp: Array<() => void> = [];
  try {
    const prepared = await prepareSite(database.url);
    // A fresh data folder (install seed, .eml mail, the server's log); the SQLite file lives in it too.
    const dataDir = dialect === 'sqlite' ? dirname(database.url) : mkdtempSync(join(tmpdir(), 'helpdesk-load-data-'));
    cleanUp.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const site: Site = { url: `http://127.0.0.1:${port}`, agentToken: prepared.agentToken, urgencyId: prepared.urgencyId };
    const logFile = join(dataDir, 'server.log');
    const server = await startProcess(
      // BENCH_SERVER=/elsewhere/dist/server/index.js runs another build under the same load (to compare two).
      process.env.BENCH_SERVER ?? 'dist/server/index.js',
      ['serve'],
      {
        PORT: String(port),
        HOST: '127.0.0.1',
        HELPDESK_DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        HELPDESK_HOME_URL: site.url,
        HELPDESK_TRUST_PROXY_HOPS: '1',
        SMTP_URL: '',
        REDIS_URL: '',
      },
      site.url,
      // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof", for instance, profiles the server.
      { logFile, nodeArgs: process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? NODE_FLAGS },
    );
    const run = randomBytes(3).toString('hex');
    const filed: Array<{ id: number; subject: string }> = [];
    let peakRss = 0;
    let idleRss = 0;
    let limitsLine = '';
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMiB(server.pid ?? 0))), 250);
    let load: Awaited<ReturnType<typeof runLoad>>;
    let drain: Awaited<ReturnType<typeof drainOutbox>>;
    try {
      idleRss = rssMiB(server.pid ?? 0);
      const limitProblems = await checkLimits(site, run, filed);
      failures.push(...limitProblems.map((p) => `limits not in force: ${p}`));
      limitsLine = limitProblems.length
        ? `- Limits check: FAILED (${limitProblems.join('; ')}).`
        : `- Limits check before the load: ticket ${PER_ADDRESS + 1} from one ` +
          `address and ticket ${PER_EMAIL + 1} from one email were refused with ` +
          `429, the ones before were filed.`;
      // Warm-up: the limit check's mail sent, so that the first mail's modules (loaded on first use) are
      // not loaded inside the measured load.
      await drainOutbox(database.url);
      load = await runLoad(site, run, filed);
      drain = await drainOutbox(database.url);
    } finally {
      clearInterval(sampler);
      // SIGTERM: the server finishes what is in flight, stops its worker, closes the database.
      await stopProcess(server);
    }
    const audit = await auditTickets(database.url, filed);
    const errors = serverErrors(logFile);

    report('| class | concurrency | requests | req/s | p50 ms | p95 ms | p99 ms | max ms | status codes |');
    report('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
    const [submit, ...reads] = load.classes;
    report(row((submit as RequestClass).label, String(SUBMITTERS), (submit as RequestClass).summary(load.seconds)));
    for (const c of reads)
      report(row(c.label, c.concurrency === 1 ? '1' : `${AGENTS} agents, a round each ${AGENT_ROUND_MS} ms`, c.summary(load.seconds)));
    // The agents' figure: every agent request together (target p99 ≤ 50 ms).
    report(row('**all the agents’ requests together**', `${AGENTS} agents`, RequestClass.summaryOf(load.agents, load.seconds)));
    const ticketsPerSecond = load.submit.count(201, 202) / load.seconds;
    report(`| raw baseline: ${baseline.label} | | | ${baseline.rate.toFixed(0)} tickets/s | | | | | |`);
    report(`| **ratio: tickets/s answered 201 / raw** | | | **${(ticketsPerSecond / baseline.rate).toFixed(2)}** | | | | | |`);
    report('');
    report(limitsLine);
    report(
      `- Tickets: ${audit.acknowledged} answered 201 (${load.addresses} ` +
        `client addresses, ${load.emails} emails, plus the limit check), ` +
        `${audit.rows} rows stored; lost ${audit.lost}, duplicates ` +
        `${audit.duplicates}, stored without a 201 ${audit.unacknowledged}, ` +
        `without their key or outbox job ${audit.incomplete}.`,
    );
    const outbox =
      drain.left === 0 ? `drained in ${drain.seconds.toFixed(0)} s` : `${drain.left} jobs still queued after ${drain.seconds.toFixed(0)} s`;
    report(
      `- Outbox after the load: ` +
        `${outbox} ` +
        `(${drain.done} jobs done). Server RSS ${idleRss.toFixed(0)} MiB idle, ` +
        `${peakRss.toFixed(0)} MiB at peak; server log lines at error level: ` +
        `${errors.length}.`,
    );

    for (const c of load.classes) {
      const serverErrorCount = c.count(500, 600);
      if (serverErrorCount) failures.push(`${c.label}: ${serverErrorCount} answer(s) 5xx`);
      if (c.count(0, 1)) failures.push(`${c.label}: ${c.count(0, 1)} request(s) without an answer`);
    }
    for (const c of load.classes.slice(1))
      if (c.count(200, 201) !== c.summary(load.seconds).requests)
        failures.push(`${c.label}: not every read answered 200 (${c.summary(load.seconds).statuses})`);
    if (
      load.submit.count(201, 202) + load.submit.count(500, 600) + load.submit.count(0, 1) !==
      load.submit.summary(load.seconds).requests
    ) {
      failures.push(`submitters: answers other than 201 (${load.submit.summary(load.seconds).statuses})`);
    }
    failures.push(...audit.problems);
    if (errors.length) failures.push(`server logged errors, first: ${errors.slice(0, 5).join(' | ')}`);
  } finally {
    await database.drop();
    for (const clean of cleanUp) clean();
  }
  return failures;
}

async function main() {
  report(`## Load (npm run bench:load) — ${new Date().toISOString()} — node ${process.version}`);
  report(
    `${SUBMITTERS} submitters in closed loops (each POSTs, waits for the ` +
      `answer, POSTs again) and ${AGENTS} agents reading alongside (each a round of four reads every ` +
      `${AGENT_ROUND_MS} ms, from a thread of their own) for ` +
      `${SECONDS} s. ` +
      `Limits in force: defaults (${PER_ADDRESS}/hour per address, ` +
      `${PER_EMAIL}/hour per email), the daily cap raised to ` +
      `${GLOBAL_DAY.toLocaleString('en')}; ` +
      `each submitter takes a new address after ${PER_ADDRESS} tickets and a new email after ${PER_EMAIL}.`,
  );
  const failures: string[] = [];
  // BENCH_LOAD_ONLY=sqlite or =postgres runs one database.
  const only = process.env.BENCH_LOAD_ONLY;
  for (const dialect of ['sqlite', 'postgres'] as const) {
    if (only && only !== dialect) continue;
    if (dialect === 'postgres' && !POSTGRES_ADMIN_URL) {
      report('\n### PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to a server where a database may be created)');
      continue;
    }
    failures.push(...(await loadDialect(dialect)).map((f) => `${dialect}: ${f}`));
  }
  writeFileSync('bench/last-load.md', `${lines.join('\n')}\n`);
  if (failures.length) {
    console.error(`\nFAILED:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
    process.exitCode = 1;
  } else {
    console.log('\nNo 5xx, no request without an answer, no lost, duplicate or unacknowledged ticket.');
  }
}

await main();
