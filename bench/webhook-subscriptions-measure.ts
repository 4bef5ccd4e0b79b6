// A micro-measure of `enabledSubscriptionsExist` (server/webhooks/subscriptions-exist.ts): the time of a ticket change's
// webhook outbox step with no subscription, the answer cached against HELPDESK_PERFORMANCE_OFF=caches, in turns, on
// SQLite and PostgreSQL. `npx tsx bench/webhook-subscriptions-measure.ts` (BENCH_POSTGRES_URL or a local server).
import { createDb, type Db } from '../server/db/create-db.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { createDomainContext } from '../server/domain/context.js';
import { createHooks } from '../server/hooks/create-hooks.js';
import { queueWebhookEvent } from '../server/webhooks/queue-webhook-event.js';
import { createBenchDatabase } from './lib/bench-database.js';

const CHANGES = 3_000;
const ROUNDS = 4;

async function timeChanges(db: Db): Promise<number> {
  const ctx = createDomainContext(db, createHooks());
  const data = { ticket: { id: 1, version: 2 }, actor_id: null, changes: { status: ['Open', 'Resolved'] } };
  const started = performance.now();
  for (let i = 0; i < CHANGES; i++) await ctx.transactions.write((trx) => queueWebhookEvent(trx, 'ticket.updated', data, new Date()));
  return ((performance.now() - started) * 1000) / CHANGES;
}

async function measure(dialect: 'sqlite' | 'postgres', url: string): Promise<void> {
  const on = createDb({ url });
  await migrateToLatest(on);
  const off = createDb({ url, performanceOff: new Set(['caches']) });
  const times = { on: [] as number[], off: [] as number[] };
  try {
    for (let round = 0; round < ROUNDS; round++) {
      times.on.push(await timeChanges(on));
      times.off.push(await timeChanges(off));
    }
  } finally {
    await Promise.all([on.close(), off.close()]);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  const [a, b] = [median(times.on), median(times.off)];
  console.log(
    `| ${dialect} | ${Math.round(a)} µs | ${Math.round(b)} µs | ${Math.round(b - a)} µs (${Math.round((100 * (b - a)) / b)} %) |`,
  );
}

console.log(`| database | cached (median of ${ROUNDS} × ${CHANGES}) | caches off | saved per change |`);
console.log('| --- | ---: | ---: | ---: |');
for (const dialect of ['sqlite', 'postgres'] as const) {
  const database = await createBenchDatabase(dialect, process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  if (!database) {
    console.log(`| ${dialect} | no server | | |`);
    continue;
  }
  try {
    await measure(dialect, database.url);
  } finally {
    await database.drop();
  }
}
