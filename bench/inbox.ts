// The agents' inbox page: 50 tickets of one status, most recent activity first, out of 100,000, on
// SQLite and PostgreSQL. Server time is measured in-process through the real route (auth, validation,
// queries, serialization) with `inject`; the baseline is the page's one ids query run bare on the
// same database. The plans of the page and count queries are printed to show the indexes they use.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CompiledQuery,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config/load-config.js';
import { createDb, type Db, type DialectName } from '../server/db/create-db.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { createDomainContext } from '../server/domain/context.js';
import { doneStatusIds } from '../server/domain/inbox/inbox-views.js';
import { listInbox } from '../server/domain/inbox/list-inbox.js';
import { createApiToken } from '../server/domain/people/api-tokens.js';
import { createHooks } from '../server/hooks/create-hooks.js';
import { type BenchDatabase, createBenchDatabase } from './lib/bench-database.js';

const TICKETS = Number(process.env.BENCH_INBOX_TICKETS ?? 100_000);
const CLIENTS = 5_000;
// Five messages per ticket (500,000 at 100,000 tickets), one in ten an internal note, for the search.
const COMMENTS_PER_TICKET = Number(process.env.BENCH_INBOX_COMMENTS_PER_TICKET ?? 5);
// Words the messages draw from, so a searched word is in a realistic share of them (about one in 200).
const VOCABULARY = Array.from({ length: 200 }, (_, i) => `word${i.toString(36)}`).concat(['toner', 'invoice', 'refund', 'login']);
const RUNS = Number(process.env.BENCH_INBOX_RUNS ?? 100);
// `BENCH_INBOX_ONLY=search` times the baseline, the status page and the searches only (no other filters, no plans).
const ONLY_SEARCH = process.env.BENCH_INBOX_ONLY === 'search';
// Team inbox: most tickets assigned (to one of five agents), a fifth of them waiting for our reply.
const AGENTS = 5;
const ASSIGNED_SHARE = 0.8;
const CLIENT_SPOKE_LAST_SHARE = 0.2;
// A realistic mix: most tickets are done; the queues agents work are the smaller ones.
const STATUS_SHARE: Array<[slug: string, share: number]> = [
  ['closed', 0.55],
  ['resolved', 0.2],
  ['open', 0.1],
  ['in-progress', 0.08],
  ['waiting', 0.07],
];

/** Records the SQL Kysely sends, so the bench can EXPLAIN exactly what the inbox runs. */
export class CaptureSql implements KyselyPlugin {
  readonly nodes: RootOperationNode[] = [];
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    this.nodes.push(node);
    return node;
  }
  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}

/** What a bench seeds besides the defaults above: another status mix, fewer messages. */
export interface SeedOptions {
  statuses?: Array<[slug: string, share: number]>;
  commentsPerTicket?: number;
}

export async function seed(db: Db, options: SeedOptions = {}): Promise<void> {
  const statusShare = options.statuses ?? STATUS_SHARE;
  const commentsPerTicket = options.commentsPerTicket ?? COMMENTS_PER_TICKET;
  const k = db.kysely;
  const time = Date.parse('2026-01-01T00:00:00Z');
  const users = Array.from({ length: CLIENTS }, (_, i) => ({
    email: `client${i}@bench.test`,
    name: `Client ${i}`,
    role: 'client' as const,
    password_hash: null,
    created_at: new Date(time).toISOString(),
    updated_at: new Date(time).toISOString(),
  }));
  for (let i = 0; i < users.length; i += 1000)
    await k
      .insertInto('users')
      .values(users.slice(i, i + 1000))
      .execute();
  const userIds = (await k.selectFrom('users').select('id').where('role', '=', 'client').execute()).map((u) => u.id);
  // A team of five agents; `agent0` is the reader whose "Mine", unread markers and views are measured.
  await k
    .insertInto('users')
    .values(
      Array.from({ length: AGENTS }, (_, i) => ({
        email: `agent${i}@bench.test`,
        name: `Agent ${i}`,
        role: 'agent' as const,
        password_hash: null,
        created_at: new Date(time).toISOString(),
        updated_at: new Date(time).toISOString(),
      })),
    )
    .execute();
  const agentIds = (await k.selectFrom('users').select('id').where('role', '=', 'agent').orderBy('id').execute()).map((u) => u.id);
  const terms = await k.selectFrom('terms').select(['id', 'taxonomy', 'slug']).execute();
  const termId = (taxonomy: string, slug: string) => terms.find((t) => t.taxonomy === taxonomy && t.slug === slug)?.id as number;
  const urgencies = terms.filter((t) => t.taxonomy === 'ticket_urgency').map((t) => t.id);
  let rng = 42;
  const random = () => {
    rng = (rng * 1103515245 + 12345) % 2 ** 31;
    return rng / 2 ** 31;
  };
  const pickStatus = () => {
    let r = random();
    for (const [slug, share] of statusShare) {
      r -= share;
      if (r < 0) return termId('ticket_status', slug);
    }
    return termId('ticket_status', 'closed');
  };
  const BATCH = 1000;
  for (let start = 0; start < TICKETS; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, TICKETS - start) }, (_, i) => {
      const n = start + i;
      const created = new Date(time + n * 60_000).toISOString();
      // Activity is not in id order: replies bump old tickets.
      const updated = new Date(time + n * 60_000 + Math.floor(random() * 30 * 86_400_000)).toISOString();
      return {
        type: 'ticket',
        status: 'publish',
        title: `Ticket ${n}: the export fails`,
        content: `Description of problem ${n}.`,
        slug: '',
        author_id: userIds[n % userIds.length] as number,
        product_id: null,
        parent_id: null,
        menu_order: 0,
        created_at: created,
        updated_at: updated,
        assignee_id: random() < ASSIGNED_SHARE ? (agentIds[Math.floor(random() * agentIds.length)] as number) : null,
        client_spoke_last: random() < CLIENT_SPOKE_LAST_SHARE ? 1 : 0,
      };
    });
    const ids = (await k.insertInto('posts').values(rows).returning('id').execute()).map((r) => r.id);
    // The reader has opened half of the tickets in this batch (all versions are 1 here).
    const reads = ids.filter(() => random() < 0.5).map((id) => ({ user_id: agentIds[0] as number, ticket_id: id, version: 1 }));
    for (let i = 0; i < reads.length; i += 1000)
      await k
        .insertInto('ticket_reads')
        .values(reads.slice(i, i + 1000))
        .execute();
    const rels = ids.flatMap((id) => {
      const list: Array<{ post_id: number; taxonomy: 'ticket_status' | 'ticket_urgency'; term_id: number }> = [
        { post_id: id, taxonomy: 'ticket_status', term_id: pickStatus() },
      ];
      if (random() < 0.5)
        list.push({
          post_id: id,
          taxonomy: 'ticket_urgency' as const,
          term_id: urgencies[Math.floor(random() * urgencies.length)] as number,
        });
      return list;
    });
    for (let i = 0; i < rels.length; i += 1000)
      await k
        .insertInto('term_relationships')
        .values(rels.slice(i, i + 1000))
        .execute();
    await k
      .insertInto('post_meta')
      .values(ids.map((id, i) => ({ post_id: id, meta_key: 'order', meta_value: `ORD-${start + i}` })))
      .execute();
    const word = () => VOCABULARY[Math.floor(random() * VOCABULARY.length)] as string;
    const comments = ids.flatMap((id, i) =>
      Array.from({ length: commentsPerTicket }, (_, c) => ({
        post_id: id,
        author_id: userIds[(start + i) % userIds.length] as number,
        author_role: c % 2 === 0 ? ('client' as const) : ('agent' as const),
        content: `Message ${c} about ticket ${start + i}: the ${word()} and the ${word()} still ${word()}.`,
        created_at: new Date(time + (start + i) * 60_000 + c).toISOString(),
      })),
    );
    for (let i = 0; i < comments.length; i += 1000) {
      const commentIds = (
        await k
          .insertInto('comments')
          .values(comments.slice(i, i + 1000))
          .returning('id')
          .execute()
      ).map((r) => r.id);
      await k
        .insertInto('comment_meta')
        .values(commentIds.map((id) => ({ comment_id: id, meta_key: 'is_internal', meta_value: random() < 0.1 ? '1' : '0' })))
        .execute();
    }
  }
  // Fresh statistics, and on PostgreSQL the visibility map that index-only scans need (autovacuum's job
  // on a live database).
  await k.executeQuery(CompiledQuery.raw(db.dialect === 'postgres' ? 'vacuum analyze' : 'analyze'));
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] as number;
}

/** Median and p95 ms of `runs` calls of `work`, after 20 uncounted ones. */
export async function time(runs: number, work: () => Promise<unknown>): Promise<{ median: number; p95: number }> {
  for (let i = 0; i < 20; i += 1) await work();
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await work();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { median: percentile(samples, 50), p95: percentile(samples, 95) };
}

const ms = (value: number) => `${value.toFixed(2)} ms`;

async function openDatabase(dialect: DialectName): Promise<BenchDatabase | null> {
  const adminUrl = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  return createBenchDatabase(dialect, adminUrl, 'helpdesk_bench');
}

async function benchDialect(dialect: DialectName, report: (line: string) => void): Promise<void> {
  const database = await openDatabase(dialect);
  if (!database) {
    report(`- ${dialect}: skipped (no PostgreSQL server answers; set BENCH_POSTGRES_URL)`);
    return;
  }
  const db = createDb({ url: database.url });
  try {
    await migrateToLatest(db);
    const seedStart = performance.now();
    await seed(db);
    const seedSeconds = (performance.now() - seedStart) / 1000;

    const hooks = createHooks();
    const ctx = createDomainContext(db, hooks);
    const dataDir = mkdtempSync(join(tmpdir(), 'helpdesk-bench-inbox-data-'));
    const config = await loadConfig(
      { HELPDESK_HOME_URL: 'http://bench.test', HELPDESK_DATA_DIR: dataDir, DATABASE_URL: database.url, LOG_LEVEL: 'silent' },
      dataDir,
    );
    const app = await buildApp({ config, ctx });
    const agent = await db.kysely.selectFrom('users').select('id').where('email', '=', 'agent0@bench.test').executeTakeFirstOrThrow();
    const headers = { authorization: `Bearer ${await createApiToken(db.kysely, agent.id, 'bench')}` };
    const counts = (await listInbox(ctx, { page: 1, perPage: 1 })).counts;

    const page = (query: string) => async () => {
      const res = await app.inject({ method: 'GET', url: `/api/helpdesk/v1/tickets/?${query}`, headers });
      if (res.statusCode !== 200) throw new Error(`inbox ${query}: ${res.statusCode} ${res.body}`);
      return res;
    };
    const waitingId = (
      await db.kysely
        .selectFrom('terms')
        .select('id')
        .where('taxonomy', '=', 'ticket_status')
        .where('slug', '=', 'waiting')
        .executeTakeFirstOrThrow()
    ).id;
    // Baseline: the page's ids alone, one hand-written query on the same connection pool.
    const bareSql =
      `select p.id from posts p where p.type = 'ticket' and exists (select 1 ` +
      `from term_relationships r where r.post_id = p.id and r.taxonomy = ` +
      `'ticket_status' and r.term_id = ${waitingId}) order by p.updated_at ` +
      `desc, p.id desc limit 50`;
    const bare = await time(RUNS, () => db.kysely.executeQuery(CompiledQuery.raw(bareSql)));
    const waiting = await time(RUNS, page('status=waiting'));
    const skipped = async () => ({ median: Number.NaN, p95: Number.NaN });
    const timed = (runs: number, run: () => Promise<unknown>) => (ONLY_SEARCH ? skipped() : time(runs, run));
    const waitingPage5 = await timed(RUNS, page('status=waiting&page=5'));
    const closed = await timed(RUNS, page('status=closed'));
    const all = await timed(RUNS, page(''));
    const urgent = await timed(Math.min(RUNS, 50), page('status=open&urgency=urgent'));
    const views = [
      ['view=mine', await timed(Math.min(RUNS, 50), page('view=mine'))],
      ['view=unassigned', await timed(Math.min(RUNS, 50), page('view=unassigned'))],
      ['view=needs-reply', await timed(Math.min(RUNS, 50), page('view=needs-reply'))],
      ['view=mine&status=open', await timed(Math.min(RUNS, 50), page('view=mine&status=open'))],
    ] as const;
    const viewCounts = await timed(Math.min(RUNS, 50), async () => {
      const res = await app.inject({ method: 'GET', url: '/api/helpdesk/v1/tickets/views', headers });
      if (res.statusCode !== 200) throw new Error(`views: ${res.statusCode} ${res.body}`);
    });
    // The views' counts taken from the tickets, as GET /tickets/views did before the kept counts (migration 090):
    // an index range per view and a ticket_reads probe per ticket of "Mine". Also the check that both agree.
    const done = await doneStatusIds(ctx);
    const recountSql = CompiledQuery.raw(
      `select
         (select count(*) from posts where type = 'ticket' and assignee_id = ${agent.id}) as mine,
         (select count(*) from posts where type = 'ticket' and assignee_id is null) as unassigned,
         (select count(*) from posts where type = 'ticket' and client_spoke_last = 1
            and (status_term_id is null or status_term_id not in (${done.join(', ') || 'null'}))) as needs_reply,
         (select count(*) from posts p left join ticket_reads r on r.ticket_id = p.id and r.user_id = ${agent.id}
            where p.type = 'ticket' and p.assignee_id = ${agent.id} and (r.version is null or r.version < p.version)) as unread`,
    );
    const recount = async () => {
      const row = (await db.kysely.executeQuery(recountSql)).rows[0] as Record<string, number | string>;
      return {
        mine: Number(row.mine),
        unassigned: Number(row.unassigned),
        needs_reply: Number(row.needs_reply),
        unread: Number(row.unread),
      };
    };
    const viewRecount = await timed(Math.min(RUNS, 50), recount);
    const served = (await app.inject({ method: 'GET', url: '/api/helpdesk/v1/tickets/views', headers })).json();
    const recounted = await recount();
    // The kept counts only (the service-level ones are counted on request: bench/inbox-due.ts).
    const { overdue: _overdue, due_soon: _dueSoon, ...kept } = served;
    const viewsAgree = JSON.stringify(kept) === JSON.stringify(recounted);
    const searches = [
      ['a word of the messages (in about 12,000 of them)', 'search=toner'],
      ['two words', 'search=toner%20refund'],
      ['an order ID', 'search=ORD-42421'],
      ["a client's email", 'search=client42%40bench.test'],
      ['a word in no ticket', 'search=zyzzyva'],
    ] as const;
    const searched: Array<[string, { median: number; p95: number }]> = [];
    // `BENCH_INBOX_SKIP_SEARCH=1` leaves the searches out (their own bench is BENCH_INBOX_ONLY=search).
    if (process.env.BENCH_INBOX_SKIP_SEARCH !== '1')
      for (const [label, query] of searches) searched.push([label, await time(Math.min(RUNS, 50), page(query))]);

    report(
      `- ${dialect}: ${TICKETS.toLocaleString('en')} tickets (${Object.entries(counts)
        .map(([s, n]) => `${s} ${n}`)
        .join(', ')}), seeded in ${seedSeconds.toFixed(1)} s; ${RUNS} requests each, median / p95`,
    );
    report(`  - baseline, the ids query alone (waiting, 50 rows): ${ms(bare.median)} / ${ms(bare.p95)}`);
    report(
      `  - GET /tickets/?status=waiting (50 rows, total, counts): ` +
        `${ms(waiting.median)} / ${ms(waiting.p95)} — ` +
        `${(waiting.median / bare.median).toFixed(1)}× the baseline`,
    );
    if (!ONLY_SEARCH) {
      report(
        `  - … page 5: ${ms(waitingPage5.median)} / ${ms(waitingPage5.p95)}; ` +
          `status=closed: ${ms(closed.median)} / ${ms(closed.p95)}; no filter: ` +
          `${ms(all.median)} / ${ms(all.p95)}`,
      );
      report(`  - status=open&urgency=urgent: ${ms(urgent.median)} / ${ms(urgent.p95)}`);
    }
    report(
      `  - team views (pages with unread markers): ` +
        views.map(([label, t]) => `${label} ${ms(t.median)} / ${ms(t.p95)}`).join('; ') +
        `; GET /tickets/views (the four counts, asked apart): ${ms(viewCounts.median)} / ${ms(viewCounts.p95)}`,
    );
    report(
      `  - GET /tickets/views ${JSON.stringify(served)}; the same counts taken from the tickets (the way before the ` +
        `kept counts, query alone): ${ms(viewRecount.median)} / ${ms(viewRecount.p95)}; ` +
        (viewsAgree ? 'kept and recounted agree' : `MISMATCH: recounted ${JSON.stringify(recounted)}`),
    );
    if (searched.length)
      report(
        `  - full-text search over subjects, ${(TICKETS * COMMENTS_PER_TICKET).toLocaleString('en')} messages, order IDs and ` +
          `clients (50 rows, total, counts): ${searched.map(([label, t]) => `${label} ${ms(t.median)} / ${ms(t.p95)}`).join('; ')}`,
      );

    // The plans of exactly the queries the route runs.
    if (ONLY_SEARCH) {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
      return;
    }
    const capture = new CaptureSql();
    const traced = { ...ctx, db: db.kysely.withPlugin(capture) };
    await listInbox(traced, { status: 'waiting', page: 1, perPage: 50 });
    const executor = db.kysely.getExecutor();
    const compiled = capture.nodes.map((node) => executor.compileQuery(node, { queryId: 'explain' }));
    const pageQuery = compiled.find((q) => /order by/i.test(q.sql) && /limit/i.test(q.sql) && /"updated_at" desc/i.test(q.sql));
    const countsQuery = compiled.find((q) => /group by/i.test(q.sql));
    await listInbox(traced, { status: 'open', urgency: 'urgent', page: 1, perPage: 50 });
    const filtered = capture.nodes.slice(compiled.length).map((node) => executor.compileQuery(node, { queryId: 'explain' }));
    const filteredCounts = filtered.find((q) => /group by/i.test(q.sql));
    const viewStart = capture.nodes.length;
    await listInbox(traced, { view: 'mine', page: 1, perPage: 50 }, agent.id);
    const mine = capture.nodes.slice(viewStart).map((node) => executor.compileQuery(node, { queryId: 'explain' }));
    const minePage = mine.find((q) => /limit/i.test(q.sql) && /"updated_at" desc/i.test(q.sql));
    const mineCounts = mine.find((q) => /group by/i.test(q.sql));
    for (const [label, query] of [
      ['page', pageQuery],
      ['counts per status (the total is one of them)', countsQuery],
      ['counts, urgency=urgent', filteredCounts],
      ['view=mine page', minePage],
      ['view=mine counts', mineCounts],
    ] as const) {
      if (!query) continue;
      const explain = dialect === 'sqlite' ? `explain query plan ${query.sql}` : `explain (costs off) ${query.sql}`;
      const rows = (await db.kysely.executeQuery(CompiledQuery.raw(explain, [...query.parameters]))).rows as Array<Record<string, unknown>>;
      const plan = rows.map((r) => String(r.detail ?? r['QUERY PLAN'] ?? JSON.stringify(r))).join(' | ');
      report(`  - plan (${label}): ${plan}`);
    }
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  } finally {
    await db.close();
    // BENCH_INBOX_KEEP=1 keeps the seeded database, to time other builds on it (bench/inbox-pages.ts).
    if (process.env.BENCH_INBOX_KEEP === '1') report(`  - kept: ${database.url}`);
    else await database.drop();
  }
}

/** Inbox page server time on SQLite and PostgreSQL, with the query plans. */
export async function benchInbox(report: (line: string) => void): Promise<void> {
  report(`\n## Inbox page (agents): 50 tickets filtered by status, out of ${TICKETS.toLocaleString('en')}`);
  for (const dialect of ['sqlite', 'postgres'] as const) await benchDialect(dialect, report);
}

// `npx tsx bench/inbox.ts` runs it alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  await benchInbox((line) => console.log(line));
}
