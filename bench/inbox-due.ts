// The inbox's service-level views at 100,000 open tickets, every one with a next due time, on SQLite and
// PostgreSQL: "Overdue", "Due within 1 hour", the due sort and GET /tickets/views (whose two due counts are taken
// on request). Server time through the real route with `inject`, as a ratio against the inbox bench's baseline
// (one page's ids query run bare) measured in the same run on the same database; and the plans, to show that
// the views read the `ticket_sla_next_due` index.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompiledQuery } from 'kysely';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config/load-config.js';
import { createDb, type DialectName } from '../server/db/create-db.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { createDomainContext } from '../server/domain/context.js';
import { listInbox } from '../server/domain/inbox/list-inbox.js';
import { createApiToken } from '../server/domain/people/api-tokens.js';
import { createHooks } from '../server/hooks/create-hooks.js';
import { CaptureSql, seed, time } from './inbox.js';
import { createBenchDatabase } from './lib/bench-database.js';

const TICKETS = Number(process.env.BENCH_INBOX_TICKETS ?? 100_000);
const RUNS = Number(process.env.BENCH_INBOX_RUNS ?? 100);
const HOUR = 3_600_000;
// Next due times spread evenly from 1 day ago to 6 days ahead: about 1 in 7 overdue (14,000), 1 in 170 due
// within the hour (600). A team that keeps up has fewer overdue; the counts' cost grows with them.
const DUE_FROM = -24 * HOUR;
const DUE_TO = 6 * 24 * HOUR;

const ms = (value: number) => `${value.toFixed(2)} ms`;

async function benchDialect(dialect: DialectName, report: (line: string) => void): Promise<void> {
  const adminUrl = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = await createBenchDatabase(dialect, adminUrl, 'helpdesk_bench_due');
  if (!database) {
    report(`- ${dialect}: skipped (no PostgreSQL server answers; set BENCH_POSTGRES_URL)`);
    return;
  }
  const db = createDb({ url: database.url });
  try {
    await migrateToLatest(db);
    const seedStart = performance.now();
    // Every ticket open or in progress (no message: the views never read them).
    await seed(db, {
      statuses: [
        ['open', 0.6],
        ['in-progress', 0.4],
      ],
      commentsPerTicket: 0,
    });
    const now = Date.now();
    const ids = (await db.kysely.selectFrom('posts').select('id').where('type', '=', 'ticket').execute()).map((r) => r.id);
    let rng = 7;
    const random = () => {
      rng = (rng * 1103515245 + 12345) % 2 ** 31;
      return rng / 2 ** 31;
    };
    for (let i = 0; i < ids.length; i += 1000)
      await db.kysely
        .insertInto('ticket_sla')
        .values(
          ids.slice(i, i + 1000).map((id) => ({
            ticket_id: id,
            policy_id: 1,
            channel: 'widget',
            next_due_at: new Date(now + DUE_FROM + Math.floor(random() * (DUE_TO - DUE_FROM))).toISOString(),
          })),
        )
        .execute();
    await db.kysely.executeQuery(CompiledQuery.raw(dialect === 'postgres' ? 'vacuum analyze' : 'analyze'));
    const seedSeconds = (performance.now() - seedStart) / 1000;

    const ctx = createDomainContext(db, createHooks());
    const dataDir = mkdtempSync(join(tmpdir(), 'helpdesk-bench-due-data-'));
    const config = await loadConfig(
      { HELPDESK_HOME_URL: 'http://bench.test', HELPDESK_DATA_DIR: dataDir, DATABASE_URL: database.url, LOG_LEVEL: 'silent' },
      dataDir,
    );
    const app = await buildApp({ config, ctx });
    const agent = await db.kysely.selectFrom('users').select('id').where('email', '=', 'agent0@bench.test').executeTakeFirstOrThrow();
    const headers = { authorization: `Bearer ${await createApiToken(db.kysely, agent.id, 'bench')}` };
    const get = (url: string) => async () => {
      const res = await app.inject({ method: 'GET', url: `/api/helpdesk/v1${url}`, headers });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res;
    };
    const openId = (
      await db.kysely
        .selectFrom('terms')
        .select('id')
        .where('taxonomy', '=', 'ticket_status')
        .where('slug', '=', 'open')
        .executeTakeFirstOrThrow()
    ).id;
    // The inbox bench's baseline (bench/inbox.ts), on this database: one page's ids alone, hand-written.
    const bareSql =
      `select p.id from posts p where p.type = 'ticket' and exists (select 1 ` +
      `from term_relationships r where r.post_id = p.id and r.taxonomy = ` +
      `'ticket_status' and r.term_id = ${openId}) order by p.updated_at ` +
      `desc, p.id desc limit 50`;
    const bare = await time(RUNS, () => db.kysely.executeQuery(CompiledQuery.raw(bareSql)));
    const cases = [
      ['status=open (the inbox page, for comparison)', '/tickets/?status=open'],
      ['view=overdue', '/tickets/?view=overdue'],
      ['view=due-soon', '/tickets/?view=due-soon'],
      ['view=overdue&status=open', '/tickets/?view=overdue&status=open'],
      ['sort=due', '/tickets/?sort=due'],
      ['sort=due&page=5', '/tickets/?sort=due&page=5'],
      ['GET /tickets/views (five counts and unread)', '/tickets/views'],
    ] as const;
    const timed: Array<[string, { median: number; p95: number }]> = [];
    for (const [label, url] of cases) timed.push([label, await time(RUNS, get(url))]);
    const views = (await get('/tickets/views')()).json() as Record<string, number>;

    report(
      `- ${dialect}: ${TICKETS.toLocaleString('en')} open tickets each with a next due time (overdue ${views.overdue}, ` +
        `due within 1 hour ${views.due_soon}), seeded in ${seedSeconds.toFixed(1)} s; ${RUNS} requests each, median / p95`,
    );
    report(`  - baseline, the inbox's ids query alone (open, 50 rows): ${ms(bare.median)} / ${ms(bare.p95)}`);
    for (const [label, t] of timed)
      report(`  - ${label}: ${ms(t.median)} / ${ms(t.p95)} — ${(t.median / bare.median).toFixed(1)}× the baseline`);

    // The plans of exactly the queries the route runs.
    const capture = new CaptureSql();
    const traced = { ...ctx, db: db.kysely.withPlugin(capture) };
    const executor = db.kysely.getExecutor();
    const plans: Array<[string, CompiledQuery]> = [];
    for (const [label, filters] of [
      ['view=overdue', { view: 'overdue' as const }],
      ['sort=due', { sort: 'due' as const }],
    ] as const) {
      const start = capture.nodes.length;
      await listInbox(traced, { ...filters, page: 1, perPage: 50 }, agent.id);
      const compiled = capture.nodes.slice(start).map((node) => executor.compileQuery(node, { queryId: 'explain' }));
      const pageQuery = compiled.find((q) => /"ticket_sla" as "sla"/.test(q.sql) && /limit/i.test(q.sql));
      const countsQuery = compiled.find((q) => /"ticket_sla" as "sla"/.test(q.sql) && /count\(\*\)/i.test(q.sql) && !/limit/i.test(q.sql));
      if (pageQuery) plans.push([`${label} page`, pageQuery]);
      if (countsQuery) plans.push([`${label} counts per status`, countsQuery]);
    }
    for (const [label, query] of plans) {
      const explain = dialect === 'sqlite' ? `explain query plan ${query.sql}` : `explain (costs off) ${query.sql}`;
      const rows = (await db.kysely.executeQuery(CompiledQuery.raw(explain, [...query.parameters]))).rows as Array<Record<string, unknown>>;
      report(`  - plan (${label}): ${rows.map((r) => String(r.detail ?? r['QUERY PLAN'] ?? JSON.stringify(r))).join(' | ')}`);
    }
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  } finally {
    await db.close();
    await database.drop();
  }
}

/** The service-level views' server time on SQLite and PostgreSQL, with their plans. */
export async function benchInboxDue(report: (line: string) => void): Promise<void> {
  report(`\n## Inbox service-level views: Overdue, Due within 1 hour, the due sort, at ${TICKETS.toLocaleString('en')} open tickets`);
  // `BENCH_INBOX_DUE_ONLY=sqlite` (or `postgres`) runs one database.
  const only = process.env.BENCH_INBOX_DUE_ONLY;
  for (const dialect of ['sqlite', 'postgres'] as const) if (!only || only === dialect) await benchDialect(dialect, report);
}

// `npx tsx bench/inbox-due.ts` runs it alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  await benchInboxDue((line) => console.log(line));
}
