import { type Kysely, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// An inbox for a team: tags (free labels with a colour, many per ticket), what each agent has read of each
// ticket (unread markers), and whether the client spoke last (the "Needs reply" view).

export async function up(db: Kysely<any>): Promise<void> {
  // Tags are terms of the `ticket_tag` taxonomy; only they use a colour (`#rrggbb`).
  await db.schema.alterTable('terms').addColumn('color', 'text').execute();
  // term_relationships keeps one term per taxonomy per ticket (its primary key); a ticket has many tags.
  await db.schema
    .createTable('ticket_tags')
    .addColumn('ticket_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('term_id', 'integer', (c) => c.notNull().references('terms.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('ticket_tags_pk', ['ticket_id', 'term_id'])
    .execute();
  // The tag filter and the tag's ticket count start from the tag.
  await db.schema.createIndex('ticket_tags_term_ticket').on('ticket_tags').columns(['term_id', 'ticket_id']).execute();

  // The ticket version an agent last saw: unread while the ticket's version is higher.
  await db.schema
    .createTable('ticket_reads')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ticket_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('ticket_reads_pk', ['user_id', 'ticket_id'])
    .execute();
  // Deleting a ticket removes its reads by ticket id.
  await db.schema.createIndex('ticket_reads_ticket').on('ticket_reads').columns(['ticket_id']).execute();

  // 1 when the last public message (the description or a reply) is the client's; notes do not count.
  await db.schema
    .alterTable('posts')
    .addColumn('client_spoke_last', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    update posts set client_spoke_last = case when coalesce((
      select c.author_role from comments c
      where c.post_id = posts.id
        and not exists (select 1 from comment_meta m where m.comment_id = c.id and m.meta_key = 'is_internal' and m.meta_value = '1')
      order by c.id desc limit 1), 'client') = 'client' then 1 else 0 end
    where type = 'ticket'`.execute(db);
  // "Needs reply", newest activity first, and its count.
  await db.schema
    .createIndex('posts_type_client_spoke_last_updated')
    .on('posts')
    .columns(['type', 'client_spoke_last', 'updated_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('posts_type_client_spoke_last_updated').ifExists().execute();
  await db.schema.alterTable('posts').dropColumn('client_spoke_last').execute();
  await db.schema.dropTable('ticket_reads').ifExists().execute();
  await db.schema.dropTable('ticket_tags').ifExists().execute();
  await db.schema.alterTable('terms').dropColumn('color').execute();
}
