import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/test-databases.js';
import { useTestHelpdesk } from '../../test/test-helpdesk.js';
import { ticketStatusCounts } from './ticket-status-counts.js';

describeEachDatabase('the kept counts per status (ticket_status_counts)', (dialect) => {
  const hd = useTestHelpdesk(dialect);

  // PostgreSQL writers each add to their own row; the reader sums them, and folds them once they pile up.
  it.skipIf(dialect === 'sqlite')('sums every connection’s row and folds them into one per status past 256 rows', async () => {
    const k = hd.ctx.db;
    const status = await k.selectFrom('terms').select('id').where('taxonomy', '=', 'ticket_status').executeTakeFirstOrThrow();
    const before = (await ticketStatusCounts(hd.ctx)).get(status.id) ?? 0;
    // 300 connections' rows: +2 each, and -1 each for 100 of them.
    const rows = Array.from({ length: 300 }, (_, i) => ({ term_id: status.id, shard: 1_000_000 + i, n: i < 100 ? 1 : 2 }));
    await k.insertInto('ticket_status_counts').values(rows).execute();
    expect((await ticketStatusCounts(hd.ctx)).get(status.id)).toBe(before + 500);
    const left = await k.selectFrom('ticket_status_counts').select('shard').where('term_id', '=', status.id).execute();
    expect(left.map((r) => r.shard)).toEqual([0]);
    expect((await ticketStatusCounts(hd.ctx)).get(status.id)).toBe(before + 500);
  });
});
