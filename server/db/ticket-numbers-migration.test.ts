import { expect, it } from 'vitest';
import { createDomainContext } from '../domain/context.js';
import { createTicket } from '../domain/tickets/create-ticket.js';
import { createHooks } from '../hooks/create-hooks.js';
import { updateSiteOptions } from '../settings/site-options.js';
import { oldPostRow, useDatabaseAtMigration } from '../test/database-at-migration.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { migrateToLatest } from './migrate.js';

describeEachDatabase('migration 2026-11-25-011: tickets of an existing site get numbers', (dialect) => {
  const databaseAt = useDatabaseAtMigration(dialect);

  it('numbers existing tickets in id order, skips docs, and goes on from the last', async () => {
    const db = await databaseAt('2026-11-25-002-account-lifecycle');
    const row = (type: string, title: string) => oldPostRow(title, { type, slug: type === 'doc' ? title : '' });
    // The old schema has no `number` column: insert as it did.
    for (const [type, title] of [
      ['ticket', 'a'],
      ['doc', 'd'],
      ['ticket', 'b'],
    ] as const) {
      await db.kysely.insertInto('posts').values(row(type, title)).execute();
    }
    await migrateToLatest(db);
    const numbered = await db.kysely
      .selectFrom('posts')
      .select(['title', 'number'])
      .where('title', 'in', ['a', 'b', 'd'])
      .orderBy('id')
      .execute();
    expect(numbered).toEqual([
      { title: 'a', number: 1 },
      { title: 'd', number: null },
      { title: 'b', number: 2 },
    ]);
    const ctx = createDomainContext(db, createHooks());
    await updateSiteOptions(db.kysely, { users_can_register: true });
    const next = await createTicket(
      ctx,
      { name: 'Ann', email: 'ann@client.test', subject: 'c', description: 'x' },
      { id: 1, role: 'admin' },
    );
    expect(next.number).toBe(3);
  });
});
