import { CompiledQuery } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';
import { claimJobs, type JobRow, selectDueJobs } from './queue.js';

const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

describeEachDatabase('claiming jobs', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true });
  const job = (state: JobRow['state'], runAt: string, kind = 'mail') => ({
    kind,
    payload: '{}',
    state,
    attempts: 0,
    run_at: runAt,
    last_error: null,
    created_at: at(0),
  });

  it('takes jobs whose lease ran out first, then the oldest queued, never a current lease, a future or a done job', async () => {
    await hd.ctx.db
      .insertInto('jobs')
      .values([
        job('queued', at(-3_000), 'queued-old'),
        job('queued', at(-1_000), 'queued-new'),
        job('queued', at(60_000), 'queued-future'),
        job('running', at(-500), 'lease-expired'),
        job('running', at(60_000), 'lease-current'),
        job('done', at(-9_000), 'done'),
      ])
      .execute();
    const first = await claimJobs(hd.ctx, 2, 60_000);
    expect(first.map((j) => j.kind)).toEqual(['lease-expired', 'queued-old']);
    expect(first.every((j) => j.state === 'running' && j.attempts === 1 && Date.parse(j.run_at) > Date.now())).toBe(true);
    expect((await claimJobs(hd.ctx, 10, 60_000)).map((j) => j.kind)).toEqual(['queued-new']);
    expect(await claimJobs(hd.ctx, 10, 60_000)).toEqual([]);
  });

  // With `state IN ('queued', 'running')` the database read and sorted every due job on each claim: after
  // a burst of 70,000 tickets on PostgreSQL the outbox drained at a few hundred jobs/s, slower and
  // slower. One state at a time, the (state, run_at) index gives the order and the scan stops early.
  it('finds due jobs through the claim index in order, without sorting the whole backlog', async () => {
    const time = at(0);
    for (let batch = 0; batch < 5; batch++) {
      await hd.ctx.db
        .insertInto('jobs')
        .values(Array.from({ length: 1_000 }, (_, i) => job(batch === 0 ? 'done' : 'queued', at(-10_000_000 + batch * 1_000_000 + i))))
        .execute();
    }
    await hd.ctx.db.executeQuery(CompiledQuery.raw(dialect === 'postgres' ? 'analyze jobs' : 'analyze'));
    for (const state of ['queued', 'running'] as const) {
      const query = selectDueJobs(hd.ctx.db, hd.ctx.storage, state, 10, time).compile();
      if (dialect === 'sqlite') {
        const plan = (await hd.ctx.db.executeQuery(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters])))
          .rows as Array<{ detail: string }>;
        expect(plan.map((row) => row.detail).join(' | ')).toMatch(/USING (COVERING )?INDEX jobs_claim/);
        expect(plan.some((row) => row.detail.includes('TEMP B-TREE'))).toBe(false);
      } else {
        const rows = (await hd.ctx.db.executeQuery(CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters])))
          .rows as Array<{ 'QUERY PLAN': unknown }>;
        const nodes: Array<Record<string, unknown>> = [];
        const walk = (node: Record<string, unknown>) => {
          nodes.push(node);
          for (const child of (node.Plans as Array<Record<string, unknown>> | undefined) ?? []) walk(child);
        };
        const [explained] = (rows[0] as { 'QUERY PLAN': Array<{ Plan: Record<string, unknown> }> })['QUERY PLAN'];
        walk(explained?.Plan ?? {});
        expect(nodes.map((n) => n['Node Type'])).not.toContain('Seq Scan');
        // The backlog comes out of the index in order; a sort of the whole backlog is what made claims slow.
        if (state === 'queued') expect(nodes.map((n) => n['Node Type'])).not.toContain('Sort');
        expect(nodes.some((n) => n['Index Name'] === 'jobs_claim')).toBe(true);
      }
    }
    // And the claim itself takes the oldest.
    const oldest = await hd.ctx.db
      .selectFrom('jobs')
      .select('id')
      .where('state', '=', 'queued')
      .orderBy('run_at')
      .orderBy('id')
      .limit(3)
      .execute();
    const claimed = await claimJobs(hd.ctx, 3, 60_000);
    expect(claimed.map((j) => j.id).sort((a, b) => a - b)).toEqual(oldest.map((j) => j.id));
  });
});
