import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// The inbox at 100,000 tickets (issue 17 item 6): each ticket's status term id copied onto `posts`, so a page
// filtered by status, its order and the counts per status walk one index of posts instead of probing
// term_relationships once per ticket. Triggers on term_relationships keep the copy in the same statement as
// every status change, whichever code path writes it (intake, edits, bulk changes, comments, automations,
// ratings, merged or deleted statuses, deleted tickets).

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('posts').addColumn('status_term_id', 'integer').execute();
  await sql`
    update posts set status_term_id = (
      select r.term_id from term_relationships r where r.post_id = posts.id and r.taxonomy = 'ticket_status')
    where type = 'ticket'`.execute(db);

  // The copy is written only when it differs, so a writer that already set it pays no second row version.
  if (isPostgres) {
    await sql`
      create function posts_status_term_sync() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' and old.taxonomy = 'ticket_status'
           and (tg_op = 'DELETE' or new.taxonomy <> 'ticket_status' or new.post_id <> old.post_id) then
          update posts set status_term_id = null where id = old.post_id and status_term_id is not null;
        end if;
        if tg_op <> 'DELETE' and new.taxonomy = 'ticket_status' then
          update posts set status_term_id = new.term_id where id = new.post_id and status_term_id is distinct from new.term_id;
        end if;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger term_relationships_status_sync after insert or update or delete on term_relationships
      for each row execute function posts_status_term_sync()`.execute(db);
  } else {
    await sql`create trigger term_relationships_status_insert after insert on term_relationships
      when new.taxonomy = 'ticket_status' begin
        update posts set status_term_id = new.term_id where id = new.post_id and status_term_id is not new.term_id;
      end`.execute(db);
    await sql`create trigger term_relationships_status_update after update on term_relationships
      when old.taxonomy = 'ticket_status' or new.taxonomy = 'ticket_status' begin
        update posts set status_term_id = null where id = old.post_id and old.taxonomy = 'ticket_status'
          and (new.taxonomy <> 'ticket_status' or new.post_id <> old.post_id) and status_term_id is not null;
        update posts set status_term_id = new.term_id where id = new.post_id and new.taxonomy = 'ticket_status'
          and status_term_id is not new.term_id;
      end`.execute(db);
    await sql`create trigger term_relationships_status_delete after delete on term_relationships
      when old.taxonomy = 'ticket_status' begin
        update posts set status_term_id = null where id = old.post_id and status_term_id is not null;
      end`.execute(db);
  }

  // A status tab, newest activity first (the id breaks ties), and the counts per status: one range each.
  await db.schema
    .createIndex('posts_type_status_term_updated')
    .on('posts')
    .columns(['type', 'status_term_id', 'updated_at', 'id'])
    .execute();
  // The team views ("Mine", "Unassigned", "Needs reply") page by activity and count per status: the status
  // id at the end of their indexes lets the counts read the index alone.
  await db.schema.dropIndex('posts_type_assignee_updated').execute();
  await db.schema
    .createIndex('posts_type_assignee_updated_status')
    .on('posts')
    .columns(['type', 'assignee_id', 'updated_at', 'status_term_id'])
    .execute();
  await db.schema.dropIndex('posts_type_client_spoke_last_updated').execute();
  await db.schema
    .createIndex('posts_type_client_spoke_last_updated_status')
    .on('posts')
    .columns(['type', 'client_spoke_last', 'updated_at', 'status_term_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.dropIndex('posts_type_client_spoke_last_updated_status').ifExists().execute();
  await db.schema
    .createIndex('posts_type_client_spoke_last_updated')
    .on('posts')
    .columns(['type', 'client_spoke_last', 'updated_at'])
    .execute();
  await db.schema.dropIndex('posts_type_assignee_updated_status').ifExists().execute();
  await db.schema.createIndex('posts_type_assignee_updated').on('posts').columns(['type', 'assignee_id', 'updated_at']).execute();
  await db.schema.dropIndex('posts_type_status_term_updated').ifExists().execute();
  if (isPostgres) {
    await sql`drop trigger if exists term_relationships_status_sync on term_relationships`.execute(db);
    await sql`drop function if exists posts_status_term_sync()`.execute(db);
  } else {
    for (const trigger of ['term_relationships_status_insert', 'term_relationships_status_update', 'term_relationships_status_delete'])
      await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
  }
  await db.schema.alterTable('posts').dropColumn('status_term_id').execute();
}
