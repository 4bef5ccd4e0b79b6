import { expect, it } from 'vitest';
import { oldPostRow, useDatabaseAtMigration } from '../test/database-at-migration.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { migrateToLatest } from './migrate.js';

describeEachDatabase('migration 2026-11-26-090: existing tickets are counted per view and unread per agent', (dialect) => {
  const databaseAt = useDatabaseAtMigration(dialect);

  it('counts tickets per assignee, status and who spoke last, and each agent’s unread ones', async () => {
    const db = await databaseAt('2026-11-26-070-inbox-status-column');
    const k = db.kysely;
    const open = (
      await k.selectFrom('terms').select('id').where('taxonomy', '=', 'ticket_status').where('slug', '=', 'open').executeTakeFirstOrThrow()
    ).id;
    const agent = async (email: string) =>
      (
        await k
          .insertInto('users')
          .values({
            email,
            name: email,
            role: 'agent',
            password_hash: null,
            created_at: '2026-01-01T00:00:00.000Z',
            updated_at: '2026-01-01T00:00:00.000Z',
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const [alex, sam] = [await agent('alex@staff.test'), await agent('sam@staff.test')];
    const ticket = async (assignee: number | null, spoke: number, version: number) => {
      const { id } = await k
        .insertInto('posts')
        .values(oldPostRow('t', { assignee_id: assignee, client_spoke_last: spoke, version }))
        .returning('id')
        .executeTakeFirstOrThrow();
      await k.insertInto('term_relationships').values({ post_id: id, taxonomy: 'ticket_status', term_id: open }).execute();
      return id;
    };
    const read = await ticket(alex, 1, 3);
    const changedSince = await ticket(alex, 0, 5);
    await ticket(alex, 1, 1); // never opened
    await ticket(sam, 1, 2);
    await ticket(null, 1, 1);
    await k
      .insertInto('ticket_reads')
      .values([
        { user_id: alex, ticket_id: read, version: 3 },
        { user_id: alex, ticket_id: changedSince, version: 4 },
      ])
      .execute();

    await migrateToLatest(db);
    const views = await k
      .selectFrom('ticket_view_counts')
      .select(['assignee_id', 'status_term_id', 'client_spoke_last', 'shard', 'n'])
      .orderBy(['assignee_id', 'client_spoke_last'])
      .execute();
    expect(views.map((r) => [r.assignee_id, r.status_term_id, r.client_spoke_last, r.shard, Number(r.n)])).toEqual([
      [0, open, 1, 0, 1],
      [alex, open, 0, 0, 1],
      [alex, open, 1, 0, 2],
      [sam, open, 1, 0, 1],
    ]);
    const unread = await k.selectFrom('ticket_unread_counts').select(['user_id', 'shard', 'n']).orderBy('user_id').execute();
    expect(unread.map((r) => [r.user_id, r.shard, Number(r.n)])).toEqual([
      [alex, 0, 2],
      [sam, 0, 1],
    ]);
  });
});
