// Merging two tickets of 100 messages each (the description and 99 replies and notes, a file on every tenth), on
// SQLite and PostgreSQL, through the real route (auth, checks, the one transaction, the answer; in-process with
// `inject`), against the target of 1 s. Each run merges a fresh pair; the median and the slowest are reported.
// `npx tsx bench/merge.ts` (BENCH_MERGE_RUNS, default 5; BENCH_MERGE_DIALECTS=sqlite or postgres for one).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config/load-config.js';
import { createDb, type DialectName } from '../server/db/create-db.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { createDomainContext } from '../server/domain/context.js';
import { createApiToken } from '../server/domain/people/api-tokens.js';
import { createHooks } from '../server/hooks/create-hooks.js';
import { createBenchDatabase } from './lib/bench-database.js';

const RUNS = Number(process.env.BENCH_MERGE_RUNS ?? 5);
const MESSAGES = 100;
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DIALECTS = (process.env.BENCH_MERGE_DIALECTS ?? 'sqlite,postgres').split(',') as DialectName[];

async function benchDialect(dialect: DialectName): Promise<void> {
  const database = await createBenchDatabase(dialect, POSTGRES_URL, 'helpdesk_bench_merge');
  if (!database) {
    console.log(`- ${dialect}: skipped (no PostgreSQL server answers; set BENCH_POSTGRES_URL)`);
    return;
  }
  const db = createDb({ url: database.url });
  try {
    await migrateToLatest(db);
    const ctx = createDomainContext(db, createHooks());
    const dataDir = mkdtempSync(join(tmpdir(), 'helpdesk-bench-merge-data-'));
    const config = await loadConfig(
      { HELPDESK_HOME_URL: 'http://bench.test', HELPDESK_DATA_DIR: dataDir, DATABASE_URL: database.url, LOG_LEVEL: 'silent' },
      dataDir,
    );
    const app = await buildApp({ config, ctx });
    const time = new Date().toISOString();
    const { id: adminId } = await db.kysely
      .insertInto('users')
      .values({ email: 'admin@bench.test', name: 'Admin', role: 'admin', password_hash: null, created_at: time, updated_at: time })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.kysely
      .insertInto('users')
      .values({ email: 'ann@bench.test', name: 'Ann', role: 'client', password_hash: null, created_at: time, updated_at: time })
      .execute();
    const headers = { authorization: `Bearer ${await createApiToken(db.kysely, adminId, 'bench')}` };
    const file = async (n: number) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/helpdesk/v1/tickets/',
        headers,
        payload: { name: 'Ann', email: 'ann@bench.test', subject: `Ticket ${n}`, description: 'The export fails.' },
      });
      if (res.statusCode !== 201) throw new Error(`filing: ${res.statusCode} ${res.body}`);
      const id = (res.json() as { id: number }).id;
      // 99 replies and notes after the description, minutes apart, and a file on every tenth.
      const comments = await db.kysely
        .insertInto('comments')
        .values(
          Array.from({ length: MESSAGES - 1 }, (_, i) => ({
            post_id: id,
            author_id: adminId,
            author_role: 'agent' as const,
            content: `Message ${i} of ticket ${n}: the export still fails on the second page of the report.`,
            created_at: new Date(Date.parse(time) + (i + 1) * 60_000 + n).toISOString(),
          })),
        )
        .returning('id')
        .execute();
      await db.kysely
        .insertInto('comment_meta')
        .values(comments.map((c, i) => ({ comment_id: c.id, meta_key: 'is_internal', meta_value: i % 3 === 0 ? '1' : '0' })))
        .execute();
      await db.kysely
        .insertInto('attachments')
        .values(
          comments
            .filter((_, i) => i % 10 === 0)
            .map((c) => ({
              public_id: `bench-${c.id}`,
              ticket_id: id,
              comment_id: c.id,
              name: 'log.txt',
              storage_key: `bench/${c.id}`,
              is_pending: 0,
              created_at: time,
              uploader: null,
            })),
        )
        .execute();
      return id;
    };
    const times: number[] = [];
    for (let run = 0; run < RUNS + 1; run++) {
      const keep = await file(run * 2);
      const gone = await file(run * 2 + 1);
      const start = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: `/api/helpdesk/v1/tickets/${keep}/merge`,
        headers,
        payload: { source_ids: [gone] },
      });
      const ms = performance.now() - start;
      if (res.statusCode !== 200) throw new Error(`merge: ${res.statusCode} ${res.body}`);
      const moved = (res.json() as { moved_messages: number }).moved_messages;
      if (moved !== MESSAGES) throw new Error(`moved ${moved} messages, not ${MESSAGES}`);
      // The first run warms the statements and the JIT: not counted.
      if (run > 0) times.push(ms);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)] as number;
    const slowest = times.at(-1) as number;
    console.log(
      `| ${dialect} | ${median.toFixed(1)} ms | ${slowest.toFixed(1)} ms | ${RUNS} | < 1,000 ms | ${slowest < 1000 ? '**yes**' : 'no'} |`,
    );
    await app.close();
  } finally {
    await db.close();
    await database.drop();
  }
}

console.log('| database | median | slowest | runs | target | met |');
console.log('| --- | ---: | ---: | ---: | --- | --- |');
for (const dialect of DIALECTS) await benchDialect(dialect);
