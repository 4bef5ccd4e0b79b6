import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Tickets get their own number (#1, #2, …) apart from `posts.id`, which docs, products and pages share:
// a client's first ticket on a fresh install must not read #3. Existing tickets are numbered in id order.
// PostgreSQL draws numbers from a sequence (no lock held by a ticket's transaction, so instances never
// wait on each other); SQLite, one writer at a time, counts in a row of `sequences`.

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('posts').addColumn('number', 'integer').execute();
  await sql`update posts set number = numbered.n
    from (select id, row_number() over (order by id) as n from posts where type = 'ticket') as numbered
    where posts.id = numbered.id`.execute(db);
  // Null for every post but a ticket; NULLs never collide in a unique index on either dialect.
  await db.schema.createIndex('posts_number').unique().on('posts').column('number').execute();
  await db.schema
    .createTable('sequences')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into sequences (name, value)
    select 'ticket_number', coalesce(max(number), 0) from posts where type = 'ticket'`.execute(db);
  if (isPostgres) {
    await sql`create sequence ticket_number_seq as integer`.execute(db);
    await sql`select setval('ticket_number_seq', (select value + 1 from sequences where name = 'ticket_number'), false)`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop sequence if exists ticket_number_seq`.execute(db);
  await db.schema.dropTable('sequences').ifExists().execute();
  await db.schema.dropIndex('posts_number').ifExists().execute();
  await db.schema.alterTable('posts').dropColumn('number').execute();
}
