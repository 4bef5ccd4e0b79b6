import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { createMailTransport } from '../email/create-transport.js';
import { createWorker } from '../jobs/worker.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';
import { refreshStaleStatistics } from './refresh-statistics.js';

const quiet = { info: () => {}, warn: () => {} };

/**
 * PostgreSQL plans by table statistics that autovacuum may take a minute to refresh, or never (autovacuum off,
 * as on the machines these tests run on). A fresh install flooded with tickets kept the statistics of its first
 * few, and the inbox's page was planned as a scan of every ticket: the agents' p99 under `npm run bench:load`
 * was 187–200 ms with them, 70–80 with fresh ones, and the intake filed half as many tickets.
 */
describeEachDatabase('statistics far behind their table', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true });

  const addPages = (count: number, from: number) =>
    hd.ctx.db
      .insertInto('posts')
      .values(
        Array.from({ length: count }, (_, i) => ({
          type: 'page',
          status: 'publish',
          title: `Page ${from + i}`,
          content: 'Text',
          slug: `page-${from + i}`,
          menu_order: 0,
          created_at: '2026-11-29T00:00:00.000Z',
          updated_at: '2026-11-29T00:00:00.000Z',
        })),
      )
      .execute();

  /** What PostgreSQL expects `type = 'page'` to find in posts. */
  const estimatedPages = async () => {
    const { rows } = await sql<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>`explain (format json)
      select id from posts where type = 'page'`.execute(hd.ctx.db);
    return rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0;
  };

  it('takes new statistics of a table that has grown past twice what they describe, and leaves the others', async () => {
    if (dialect !== 'postgres') return;
    await addPages(5, 0);
    await sql`analyze posts`.execute(hd.ctx.db);
    await addPages(1_500, 5);
    // The counters PostgreSQL reads are sent at the end of a transaction, at most once a second.
    await sql`select pg_stat_force_next_flush()`.execute(hd.ctx.db);
    expect(await estimatedPages()).toBeLessThan(500);

    expect(await refreshStaleStatistics(hd.ctx.db)).toContain('posts');
    expect(await estimatedPages()).toBeGreaterThan(1_000);
    // Fresh now: nothing to do until it doubles again.
    expect(await refreshStaleStatistics(hd.ctx.db)).not.toContain('posts');
  });

  it('is looked after by the mail worker on PostgreSQL; SQLite, which plans without them, is left alone', async () => {
    await addPages(1_500, 0);
    if (dialect === 'postgres') await sql`select pg_stat_force_next_flush()`.execute(hd.ctx.db);
    const transport = createMailTransport({ smtpUrl: null, dataDir: '' });
    const worker = createWorker(hd.ctx, hd.config, transport, quiet, { pollMs: 10, statisticsEveryMs: 0 });
    worker.start();
    try {
      if (dialect === 'postgres') {
        const analyzed = async () => {
          const { rows } = await sql<{ at: string | null }>`select coalesce(last_analyze, last_autoanalyze) as at
            from pg_stat_user_tables where relname = 'posts'`.execute(hd.ctx.db);
          return rows[0]?.at != null;
        };
        const deadline = Date.now() + 10_000;
        while (!(await analyzed()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
        expect(await analyzed()).toBe(true);
      } else {
        // A few polls of the worker, then no statistics table: SQLite was never analyzed.
        for (let i = 0; i < 3; i++) await worker.runOnce();
        const { rows } = await sql<{ n: number }>`select count(*) as n from sqlite_master where name = 'sqlite_stat1'`.execute(hd.ctx.db);
        expect(Number(rows[0]?.n)).toBe(0);
      }
    } finally {
      await worker.stop();
      transport.close();
    }
  });
});
