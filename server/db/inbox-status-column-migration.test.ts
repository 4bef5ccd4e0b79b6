import { expect, it } from 'vitest';
import { oldPostRow, useDatabaseAtMigration } from '../test/database-at-migration.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { migrateToLatest } from './migrate.js';

describeEachDatabase('migration 2026-11-26-070: existing tickets get their status copy and the counts per status', (dialect) => {
  const databaseAt = useDatabaseAtMigration(dialect);

  it('copies each ticket’s status, reason and urgency (none stays none) and counts the statuses', async () => {
    const db = await databaseAt('2026-11-26-060-search-serial-comments');
    const k = db.kysely;
    const statusId = async (slug: string) =>
      (await k.selectFrom('terms').select('id').where('taxonomy', '=', 'ticket_status').where('slug', '=', slug).executeTakeFirstOrThrow())
        .id;
    const [open, closed] = [await statusId('open'), await statusId('closed')];
    const ticket = async (status: number | null) => {
      const { id } = await k.insertInto('posts').values(oldPostRow('t')).returning('id').executeTakeFirstOrThrow();
      if (status !== null)
        await k.insertInto('term_relationships').values({ post_id: id, taxonomy: 'ticket_status', term_id: status }).execute();
      return id;
    };
    const ids = [await ticket(open), await ticket(closed), await ticket(closed), await ticket(null)];
    const urgency = await k.selectFrom('terms').select('id').where('taxonomy', '=', 'ticket_urgency').executeTakeFirstOrThrow();
    await k
      .insertInto('term_relationships')
      .values({ post_id: ids[1] as number, taxonomy: 'ticket_urgency', term_id: urgency.id })
      .execute();

    await migrateToLatest(db);
    const rows = await k.selectFrom('posts').select(['id', 'status_term_id']).where('id', 'in', ids).orderBy('id').execute();
    expect(rows.map((r) => r.status_term_id)).toEqual([open, closed, closed, null]);
    const urgent = await k
      .selectFrom('posts')
      .select(['id', 'urgency_term_id', 'reason_term_id'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    expect(urgent.map((r) => [r.urgency_term_id, r.reason_term_id])).toEqual([
      [null, null],
      [urgency.id, null],
      [null, null],
      [null, null],
    ]);
    const counts = await k.selectFrom('ticket_status_counts').select(['term_id', 'shard', 'n']).orderBy('term_id').execute();
    expect(counts.map((r) => [r.term_id, r.shard, Number(r.n)])).toEqual(
      [
        [open, 0, 1],
        [closed, 0, 2],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
  });
});
