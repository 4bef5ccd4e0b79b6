// `npx tsx bench/inbox-pages.ts <database>`: the inbox's pages, searches and a ticket timed (server time,
// `inject`) on a database seeded by `BENCH_INBOX_KEEP=1 npx tsx bench/inbox.ts`, with the code of the checkout
// it runs from: two builds compared on one database, alternating, without seeding it again (PostgreSQL takes
// ~20 minutes). Never run as a test.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config/load-config.js';
import { createDb } from '../server/db/create-db.js';
import { createDomainContext } from '../server/domain/context.js';
import { createApiToken } from '../server/domain/people/api-tokens.js';
import { createHooks } from '../server/hooks/create-hooks.js';
import { time } from './inbox.js';

const url = process.argv[2] as string;
const db = createDb({ url });
const ctx = createDomainContext(db, createHooks());
const dataDir = mkdtempSync(join(tmpdir(), 'helpdesk-inbox-pages-'));
const config = await loadConfig(
  { HELPDESK_HOME_URL: 'http://bench.test', HELPDESK_DATA_DIR: dataDir, DATABASE_URL: url, LOG_LEVEL: 'silent' },
  dataDir,
);
const app = await buildApp({ config, ctx });
const agent = await db.kysely.selectFrom('users').select('id').where('email', '=', 'agent0@bench.test').executeTakeFirstOrThrow();
const headers = { authorization: `Bearer ${await createApiToken(db.kysely, agent.id, 'inbox-pages')}` };
const newest = await db.kysely
  .selectFrom('posts')
  .select('id')
  .where('type', '=', 'ticket')
  .orderBy('id', 'desc')
  .limit(1)
  .executeTakeFirstOrThrow();
const timed = async (label: string, path: string, runs = 40) => {
  const { median, p95 } = await time(runs, async () => {
    const res = await app.inject({ method: 'GET', url: `/api/helpdesk/v1${path}`, headers });
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode}`);
  });
  console.log(`${label.padEnd(28)} median ${median.toFixed(2)} p95 ${p95.toFixed(2)}`);
};
await timed('status=waiting', '/tickets/?status=waiting');
await timed('no filter', '/tickets/');
await timed('urgency', '/tickets/?status=open&urgency=urgent', 20);
await timed('view=mine', '/tickets/?view=mine');
await timed('view=needs-reply', '/tickets/?view=needs-reply');
await timed('per_page=1', '/tickets/?per_page=1');
await timed('views', '/tickets/views');
await timed('search toner', '/tickets/?search=toner', 15);
await timed('search two words', '/tickets/?search=toner%20refund', 15);
await timed('search order ID', '/tickets/?search=ORD-42421', 15);
await timed("search a client's email", '/tickets/?search=client42%40bench.test', 15);
await timed('search no ticket', '/tickets/?search=zzqqxx', 15);
await timed(`ticket ${newest.id}`, `/tickets/${newest.id}`);
await app.close();
await db.close();
rmSync(dataDir, { recursive: true, force: true });
