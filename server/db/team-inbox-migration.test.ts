import { expect, it } from 'vitest';
import { oldPostRow, useDatabaseAtMigration } from '../test/database-at-migration.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { migrateToLatest } from './migrate.js';

describeEachDatabase('migration 2026-11-26-045: existing tickets learn whether the client spoke last', (dialect) => {
  const databaseAt = useDatabaseAtMigration(dialect);

  it('reads the last public message of each thread; notes do not count, and a ticket without replies needs one', async () => {
    const db = await databaseAt('2026-11-25-020-attachments');
    const k = db.kysely;
    const ticket = async (title: string) =>
      (await k.insertInto('posts').values(oldPostRow(title)).returning('id').executeTakeFirstOrThrow()).id;
    const comment = async (postId: number, role: 'client' | 'agent', isInternal: boolean) => {
      const { id } = await k
        .insertInto('comments')
        .values({ post_id: postId, author_id: null, author_role: role, content: 'y', created_at: '2026-01-01T00:00:01.000Z' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await k
        .insertInto('comment_meta')
        .values({ comment_id: id, meta_key: 'is_internal', meta_value: isInternal ? '1' : '0' })
        .execute();
    };
    const untouched = await ticket('untouched');
    const answered = await ticket('answered');
    await comment(answered, 'client', false);
    await comment(answered, 'agent', false);
    const noteAfterClient = await ticket('note after the client');
    await comment(noteAfterClient, 'agent', false);
    await comment(noteAfterClient, 'client', false);
    await comment(noteAfterClient, 'agent', true);

    await migrateToLatest(db);
    const rows = await k.selectFrom('posts').select(['id', 'client_spoke_last']).where('type', '=', 'ticket').orderBy('id').execute();
    expect(rows.map((r) => [r.id, Number(r.client_spoke_last)])).toEqual([
      [untouched, 1],
      [answered, 0],
      [noteAfterClient, 1],
    ]);
  });
});
