import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// The inbox at 100,000 tickets (issue 17 item 6): each ticket's status term id copied onto `posts`, so a page
// filtered by status, its order and the filtered counts per status walk one index of posts instead of probing
// term_relationships once per ticket; and the unfiltered counts per status kept in a small table. Triggers on
// term_relationships keep both in the same statement as every status change, whichever code path writes it
// (intake, edits, bulk changes, comments, automations, ratings, deleted statuses, deleted tickets).

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('posts').addColumn('status_term_id', 'integer').execute();
  await sql`
    update posts set status_term_id = (
      select r.term_id from term_relationships r where r.post_id = posts.id and r.taxonomy = 'ticket_status')
    where type = 'ticket'`.execute(db);

  // The counts per status, kept by the same triggers: the inbox's tabs without reading every ticket. On
  // PostgreSQL each connection adds to its own row (shard = its backend pid), so concurrent intakes and
  // changes never wait on one another's counter row nor deadlock over two; the reader sums the rows and
  // folds them back into shard 0 when they pile up. SQLite has one writer at a time: shard 0 only.
  await db.schema
    .createTable('ticket_status_counts')
    // No foreign key: deleting a status deletes its ticket rows first, whose triggers then bring its count to 0.
    .addColumn('term_id', 'integer', (c) => c.notNull())
    .addColumn('shard', 'integer', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('ticket_status_counts_pk', ['term_id', 'shard'])
    .execute();
  await sql`
    insert into ticket_status_counts (term_id, shard, n)
    select term_id, 0, count(*) from term_relationships where taxonomy = 'ticket_status' group by term_id`.execute(db);

  // The copy is written only when it differs, so a writer that already set it pays no second row version.
  if (isPostgres) {
    await sql`
      create function posts_status_term_sync() returns trigger language plpgsql as $$
      declare
        was integer := case when tg_op <> 'INSERT' and old.taxonomy = 'ticket_status' then old.term_id end;
        now_is integer := case when tg_op <> 'DELETE' and new.taxonomy = 'ticket_status' then new.term_id end;
        moved boolean := tg_op = 'UPDATE' and new.post_id <> old.post_id;
      begin
        if was is not distinct from now_is and not moved then return null; end if;
        if was is not null then
          if now_is is null or moved then
            update posts set status_term_id = null where id = old.post_id and status_term_id is not null;
          end if;
          update ticket_status_counts set n = n - 1 where term_id = was and shard = pg_backend_pid();
          if not found then
            insert into ticket_status_counts (term_id, shard, n) values (was, pg_backend_pid(), -1);
          end if;
        end if;
        if now_is is not null then
          update posts set status_term_id = now_is where id = new.post_id and status_term_id is distinct from now_is;
          insert into ticket_status_counts (term_id, shard, n) values (now_is, pg_backend_pid(), 1)
            on conflict (term_id, shard) do update set n = ticket_status_counts.n + 1;
        end if;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger term_relationships_status_sync after insert or update or delete on term_relationships
      for each row execute function posts_status_term_sync()`.execute(db);
  } else {
    const add = (term: string, delta: number) =>
      `insert into ticket_status_counts (term_id, shard, n) values (${term}, 0, ${delta})
         on conflict (term_id, shard) do update set n = n + ${delta};`;
    await sql
      .raw(`create trigger term_relationships_status_insert after insert on term_relationships
      when new.taxonomy = 'ticket_status' begin
        update posts set status_term_id = new.term_id where id = new.post_id and status_term_id is not new.term_id;
        ${add('new.term_id', 1)}
      end`)
      .execute(db);
    await sql
      .raw(`create trigger term_relationships_status_leave after update on term_relationships
      when old.taxonomy = 'ticket_status' and (new.taxonomy <> 'ticket_status' or new.post_id <> old.post_id
        or new.term_id <> old.term_id) begin
        update posts set status_term_id = null where id = old.post_id
          and (new.taxonomy <> 'ticket_status' or new.post_id <> old.post_id) and status_term_id is not null;
        ${add('old.term_id', -1)}
      end`)
      .execute(db);
    await sql
      .raw(`create trigger term_relationships_status_enter after update on term_relationships
      when new.taxonomy = 'ticket_status' and (old.taxonomy <> 'ticket_status' or new.post_id <> old.post_id
        or new.term_id <> old.term_id) begin
        update posts set status_term_id = new.term_id where id = new.post_id and status_term_id is not new.term_id;
        ${add('new.term_id', 1)}
      end`)
      .execute(db);
    await sql
      .raw(`create trigger term_relationships_status_delete after delete on term_relationships
      when old.taxonomy = 'ticket_status' begin
        update posts set status_term_id = null where id = old.post_id and status_term_id is not null;
        ${add('old.term_id', -1)}
      end`)
      .execute(db);
  }

  // A status tab, newest activity first (the id breaks ties), and the counts per status: one range each.
  await db.schema
    .createIndex('posts_type_status_term_updated')
    .on('posts')
    .columns(['type', 'status_term_id', 'updated_at', 'id'])
    .execute();
  // Counts with a reason or urgency filter start from that term's tickets and read each one's status by id:
  // from this index alone, not the ticket's row (46 → 18 ms for a quarter of 100,000 tickets, PostgreSQL).
  await db.schema.createIndex('posts_id_type_status_term').on('posts').columns(['id', 'type', 'status_term_id']).execute();
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
  await db.schema.dropIndex('posts_id_type_status_term').ifExists().execute();
  await db.schema.dropIndex('posts_type_status_term_updated').ifExists().execute();
  if (isPostgres) {
    await sql`drop trigger if exists term_relationships_status_sync on term_relationships`.execute(db);
    await sql`drop function if exists posts_status_term_sync()`.execute(db);
  } else {
    for (const trigger of ['insert', 'leave', 'enter', 'delete'])
      await sql.raw(`drop trigger if exists term_relationships_status_${trigger}`).execute(db);
  }
  await db.schema.dropTable('ticket_status_counts').ifExists().execute();
  await db.schema.alterTable('posts').dropColumn('status_term_id').execute();
}
