import { CompiledQuery } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/test-databases.js';
import { useTestHelpdesk } from '../../test/test-helpdesk.js';
import { clientsOtherTickets } from './clients-other-tickets.js';

/** A ticket's row in `posts`, filed and last changed at `time`. */
const ticketRow = (i: number, authorId: number | null, time: string) => ({
  type: 'ticket',
  status: 'publish',
  title: `T${i}`,
  content: '',
  slug: `t-${i}`,
  menu_order: 0,
  author_id: authorId,
  created_at: time,
  updated_at: time,
});

describeEachDatabase("a client's other tickets (the agent's sidebar)", (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true });

  /** The indexes the plan of `query` reads. */
  async function indexesRead(query: CompiledQuery): Promise<string> {
    if (dialect === 'sqlite') {
      const plan = await hd.ctx.db.executeQuery(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]));
      return (plan.rows as Array<{ detail: string }>).map((row) => row.detail).join(' | ');
    }
    const plan = await hd.ctx.db.executeQuery(CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters]));
    const names: string[] = [];
    const walk = (node: Record<string, unknown>) => {
      if (node['Index Name']) names.push(node['Index Name'] as string);
      for (const child of (node.Plans as Array<Record<string, unknown>> | undefined) ?? []) walk(child);
    };
    walk((plan.rows as Array<{ 'QUERY PLAN': Array<{ Plan: Record<string, unknown> }> }>)[0]?.['QUERY PLAN'][0]?.Plan ?? {});
    return names.join(' | ');
  }

  it('reads the client’s tickets by index, newest activity first, however many tickets others filed', async () => {
    const time = '2026-11-28T00:00:00.000Z';
    const clients = Array.from({ length: 400 }, (_, i) => ({
      email: `c${i}@example.com`,
      name: `C${i}`,
      role: 'client' as const,
      created_at: time,
      updated_at: time,
    }));
    const ids = (await hd.ctx.db.insertInto('users').values(clients).returning('id').execute()).map((row) => row.id);
    // 6,000 tickets by 400 clients, as a flood leaves them; the first client has three.
    const tickets = Array.from({ length: 6000 }, (_, i) => {
      const updated = new Date(Date.parse(time) + i * 1000).toISOString();
      const author = i % 2000 === 0 ? ids[0] : ids[1 + (i % (ids.length - 1))];
      return ticketRow(i, author ?? null, updated);
    });
    const postIds: number[] = [];
    for (let i = 0; i < tickets.length; i += 500)
      postIds.push(
        ...(
          await hd.ctx.db
            .insertInto('posts')
            .values(tickets.slice(i, i + 500))
            .returning('id')
            .execute()
        ).map((row) => row.id),
      );
    await hd.ctx.db.executeQuery(CompiledQuery.raw(dialect === 'postgres' ? 'analyze posts' : 'analyze'));

    const [first, second, third] = [0, 2000, 4000].map((i) => postIds[i] as number) as [number, number, number];
    expect(await indexesRead(clientsOtherTickets(hd.ctx.db, first).compile())).toMatch(/posts_author_updated/);
    const others = await clientsOtherTickets(hd.ctx.db, first).execute();
    expect(others.map((row) => row.id)).toEqual([third, second]);
  });

  it('shows none for a ticket without a client', async () => {
    const time = '2026-11-28T00:00:00.000Z';
    const [orphan] = await hd.ctx.db
      .insertInto('posts')
      .values([1, 2].map((i) => ticketRow(i, null, time)))
      .returning('id')
      .execute();
    expect(await clientsOtherTickets(hd.ctx.db, orphan?.id ?? 0).execute()).toEqual([]);
  });
});
