import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// The inbox at 100,000 tickets (issue 17 item 6): each ticket's status, reason and urgency term ids copied onto
// `posts`, so a page filtered by them, its order and the filtered counts per status walk one index of posts
// instead of probing term_relationships once per ticket; and the unfiltered counts per status kept in a table.
// Triggers on term_relationships keep both in the same statement as every change, whichever code path writes
// it (intake, edits, bulk changes, comments, automations, ratings, deleted terms, deleted tickets).

/** The single-valued taxonomies copied onto posts, with their column. */
const COPIES = [
  { taxonomy: 'ticket_status', column: 'status_term_id', short: 'status' },
  { taxonomy: 'ticket_reason', column: 'reason_term_id', short: 'reason' },
  { taxonomy: 'ticket_urgency', column: 'urgency_term_id', short: 'urgency' },
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const { taxonomy, column } of COPIES) {
    await db.schema.alterTable('posts').addColumn(column, 'integer').execute();
    await sql
      .raw(`update posts set ${column} = (
        select r.term_id from term_relationships r where r.post_id = posts.id and r.taxonomy = '${taxonomy}')
      where type = 'ticket'`)
      .execute(db);
  }

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

  // A copy is written only when it differs, so a writer that already set it pays no second row version.
  if (isPostgres) {
    const count = (term: string, delta: 1 | -1) =>
      delta === 1
        ? `insert into ticket_status_counts (term_id, shard, n) values (${term}, pg_backend_pid(), 1)
             on conflict (term_id, shard) do update set n = ticket_status_counts.n + 1;`
        : `update ticket_status_counts set n = n - 1 where term_id = ${term} and shard = pg_backend_pid();
           if not found then insert into ticket_status_counts (term_id, shard, n) values (${term}, pg_backend_pid(), -1); end if;`;
    const blocks = COPIES.map(
      ({ taxonomy, column }) => `
        was := case when tg_op <> 'INSERT' and old.taxonomy = '${taxonomy}' then old.term_id end;
        now_is := case when tg_op <> 'DELETE' and new.taxonomy = '${taxonomy}' then new.term_id end;
        if was is distinct from now_is or (moved and was is not null) then
          if was is not null then
            if now_is is null or moved then
              update posts set ${column} = null where id = old.post_id and ${column} is not null;
            end if;
            ${taxonomy === 'ticket_status' ? count('was', -1) : ''}
          end if;
          if now_is is not null then
            update posts set ${column} = now_is where id = new.post_id and ${column} is distinct from now_is;
            ${taxonomy === 'ticket_status' ? count('now_is', 1) : ''}
          end if;
        end if;`,
    );
    await sql
      .raw(`
      create function posts_term_copies_sync() returns trigger language plpgsql as $$
      declare
        was integer;
        now_is integer;
        moved boolean := tg_op = 'UPDATE' and new.post_id <> old.post_id;
      begin
        ${blocks.join('\n')}
        return null;
      end $$`)
      .execute(db);
    await sql`
      create trigger term_relationships_copies_sync after insert or update or delete on term_relationships
      for each row execute function posts_term_copies_sync()`.execute(db);
  } else {
    for (const { taxonomy, column, short } of COPIES) {
      const add = (term: string, delta: number) =>
        taxonomy !== 'ticket_status'
          ? ''
          : `insert into ticket_status_counts (term_id, shard, n) values (${term}, 0, ${delta})
             on conflict (term_id, shard) do update set n = n + ${delta};`;
      const changed = 'new.post_id <> old.post_id or new.term_id <> old.term_id';
      await sql
        .raw(`create trigger term_relationships_${short}_insert after insert on term_relationships
        when new.taxonomy = '${taxonomy}' begin
          update posts set ${column} = new.term_id where id = new.post_id and ${column} is not new.term_id;
          ${add('new.term_id', 1)}
        end`)
        .execute(db);
      await sql
        .raw(`create trigger term_relationships_${short}_leave after update on term_relationships
        when old.taxonomy = '${taxonomy}' and (new.taxonomy <> '${taxonomy}' or ${changed}) begin
          update posts set ${column} = null where id = old.post_id
            and (new.taxonomy <> '${taxonomy}' or new.post_id <> old.post_id) and ${column} is not null;
          ${add('old.term_id', -1)}
        end`)
        .execute(db);
      await sql
        .raw(`create trigger term_relationships_${short}_enter after update on term_relationships
        when new.taxonomy = '${taxonomy}' and (old.taxonomy <> '${taxonomy}' or ${changed}) begin
          update posts set ${column} = new.term_id where id = new.post_id and ${column} is not new.term_id;
          ${add('new.term_id', 1)}
        end`)
        .execute(db);
      await sql
        .raw(`create trigger term_relationships_${short}_delete after delete on term_relationships
        when old.taxonomy = '${taxonomy}' begin
          update posts set ${column} = null where id = old.post_id and ${column} is not null;
          ${add('old.term_id', -1)}
        end`)
        .execute(db);
    }
  }

  // A status tab, newest activity first (the id breaks ties), and the counts per status: one range each.
  await db.schema
    .createIndex('posts_type_status_term_updated')
    .on('posts')
    .columns(['type', 'status_term_id', 'updated_at', 'id'])
    .execute();
  // A reason or urgency filter pages by activity and counts per status inside its own index.
  await db.schema
    .createIndex('posts_type_reason_updated_status')
    .on('posts')
    .columns(['type', 'reason_term_id', 'updated_at', 'status_term_id'])
    .execute();
  await db.schema
    .createIndex('posts_type_urgency_updated_status')
    .on('posts')
    .columns(['type', 'urgency_term_id', 'updated_at', 'status_term_id'])
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
  for (const index of ['posts_type_urgency_updated_status', 'posts_type_reason_updated_status', 'posts_type_status_term_updated'])
    await db.schema.dropIndex(index).ifExists().execute();
  if (isPostgres) {
    await sql`drop trigger if exists term_relationships_copies_sync on term_relationships`.execute(db);
    await sql`drop function if exists posts_term_copies_sync()`.execute(db);
  } else {
    for (const { short } of COPIES)
      for (const op of ['insert', 'leave', 'enter', 'delete'])
        await sql.raw(`drop trigger if exists term_relationships_${short}_${op}`).execute(db);
  }
  await db.schema.dropTable('ticket_status_counts').ifExists().execute();
  for (const { column } of COPIES) await db.schema.alterTable('posts').dropColumn(column).execute();
}
