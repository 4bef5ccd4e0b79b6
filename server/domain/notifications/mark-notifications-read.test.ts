import { CompiledQuery } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/test-databases.js';
import { useTestHelpdesk } from '../../test/test-helpdesk.js';
import { markNotificationsRead, markReadStatement } from './mark-notifications-read.js';

describeEachDatabase('marking notifications read', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true });

  it("marks one ticket's unread lines by index, not by reading every unread line of the agent", async () => {
    // An agent with thousands of unread lines, as under a flood of new tickets.
    const lines = Array.from({ length: 5000 }, (_, i) => ({
      user_id: 1,
      kind: 'ticket_created' as const,
      ticket_id: i + 1,
      comment_id: null,
      created_at: new Date(Date.now() - i).toISOString(),
      read_at: null,
    }));
    for (let i = 0; i < lines.length; i += 500)
      await hd.ctx.db
        .insertInto('notifications')
        .values(lines.slice(i, i + 500))
        .execute();
    await hd.ctx.db.executeQuery(CompiledQuery.raw(dialect === 'postgres' ? 'analyze notifications' : 'analyze'));

    const query = markReadStatement(hd.ctx.db, 1, { ticketId: 4321 }).compile();
    if (dialect === 'sqlite') {
      const plan = (await hd.ctx.db.executeQuery(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters])))
        .rows as Array<{
        detail: string;
      }>;
      expect(plan.map((row) => row.detail).join(' | ')).toMatch(/INDEX notifications_user_ticket \(user_id=\? AND ticket_id=\?/);
    } else {
      const rows = (await hd.ctx.db.executeQuery(CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters])))
        .rows as Array<{
        'QUERY PLAN': Array<{ Plan: Record<string, unknown> }>;
      }>;
      const nodes: Array<Record<string, unknown>> = [];
      const walk = (node: Record<string, unknown>) => {
        nodes.push(node);
        for (const child of (node.Plans as Array<Record<string, unknown>> | undefined) ?? []) walk(child);
      };
      walk(rows[0]?.['QUERY PLAN'][0]?.Plan ?? {});
      expect(nodes.some((n) => n['Index Name'] === 'notifications_user_ticket')).toBe(true);
    }
    expect(await markNotificationsRead(hd.ctx, 1, { ticketId: 4321 })).toBe(1);
    expect(await markNotificationsRead(hd.ctx, 1, { ticketId: 4321 })).toBe(0);
  });
});
