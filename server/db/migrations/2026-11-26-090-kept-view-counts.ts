import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// The team views' counts at 100,000 tickets (issue 17 item 6): GET /tickets/views counted "Mine", "Unassigned"
// and "Needs reply" by walking an index range each, and the reader's unread tickets by a ticket_reads probe per
// ticket of "Mine" (23 ms on SQLite, 32 on PostgreSQL). Two kept tables replace the walks, both written by
// triggers in the same statement as every change, whichever code path makes it:
// - ticket_view_counts: tickets per (assignee, status, client spoke last). Each view is a sum of a few rows;
//   the status stays in the key so "Needs reply" (not Resolved or Closed) is still decided when read, by slug.
// - ticket_unread_counts: per agent, their assigned tickets whose version is above what they last read.
// Shards as in migration 070: on PostgreSQL each connection adds to its own rows (backend pid), so concurrent
// intakes never wait on one another's counter row; readers sum and fold. SQLite has one writer: shard 0.

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema
    .createTable('ticket_view_counts')
    // 0 for none (a primary key column cannot be null), as for the status.
    .addColumn('assignee_id', 'integer', (c) => c.notNull())
    .addColumn('status_term_id', 'integer', (c) => c.notNull())
    .addColumn('client_spoke_last', 'integer', (c) => c.notNull())
    .addColumn('shard', 'integer', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('ticket_view_counts_pk', ['assignee_id', 'status_term_id', 'client_spoke_last', 'shard'])
    .execute();
  await sql`
    insert into ticket_view_counts (assignee_id, status_term_id, client_spoke_last, shard, n)
    select coalesce(assignee_id, 0), coalesce(status_term_id, 0), client_spoke_last, 0, count(*)
    from posts where type = 'ticket'
    group by coalesce(assignee_id, 0), coalesce(status_term_id, 0), client_spoke_last`.execute(db);

  await db.schema
    .createTable('ticket_unread_counts')
    // No foreign key: a deleted agent's rows are never read, and a key would order deletions.
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('shard', 'integer', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('ticket_unread_counts_pk', ['user_id', 'shard'])
    .execute();
  await sql`
    insert into ticket_unread_counts (user_id, shard, n)
    select p.assignee_id, 0, count(*)
    from posts p left join ticket_reads r on r.user_id = p.assignee_id and r.ticket_id = p.id
    where p.type = 'ticket' and p.assignee_id is not null and coalesce(r.version, 0) < p.version
    group by p.assignee_id`.execute(db);

  if (isPostgres) await createPostgresTriggers(db);
  else await createSqliteTriggers(db);
}

// What "unread" means, in both dialects: the agent's last read version (0 when never opened) is below the
// ticket's version. A ticket's row in posts is counted while type = 'ticket'.

async function createPostgresTriggers(db: Kysely<any>): Promise<void> {
  await sql`
    create function ticket_view_counts_add(assignee integer, status integer, spoke integer, delta integer)
    returns void language sql as $$
      insert into ticket_view_counts (assignee_id, status_term_id, client_spoke_last, shard, n)
      values (coalesce(assignee, 0), coalesce(status, 0), spoke, pg_backend_pid(), delta)
      on conflict (assignee_id, status_term_id, client_spoke_last, shard) do update set n = ticket_view_counts.n + excluded.n
    $$`.execute(db);
  await sql`
    create function ticket_unread_counts_add(agent integer, delta integer)
    returns void language sql as $$
      insert into ticket_unread_counts (user_id, shard, n) values (agent, pg_backend_pid(), delta)
      on conflict (user_id, shard) do update set n = ticket_unread_counts.n + excluded.n
    $$`.execute(db);

  // posts: a ticket filed, changed (assignee, status copy, who spoke last, version) or deleted. Deletion is
  // counted BEFORE the row goes: its ticket_reads rows are removed by the cascade, which runs first among the
  // AFTER triggers, and the unread state needs them.
  await sql`
    create function posts_view_counts_sync() returns trigger language plpgsql as $$
    declare
      was_counted boolean := tg_op <> 'INSERT' and old.type = 'ticket';
      now_counted boolean := tg_op <> 'DELETE' and new.type = 'ticket';
      was_unread boolean := false;
      now_unread boolean := false;
      seen integer;
    begin
      if was_counted and (not now_counted or old.assignee_id is distinct from new.assignee_id
          or old.status_term_id is distinct from new.status_term_id or old.client_spoke_last <> new.client_spoke_last) then
        perform ticket_view_counts_add(old.assignee_id, old.status_term_id, old.client_spoke_last, -1);
        if now_counted then
          perform ticket_view_counts_add(new.assignee_id, new.status_term_id, new.client_spoke_last, 1);
        end if;
      elsif now_counted and not was_counted then
        perform ticket_view_counts_add(new.assignee_id, new.status_term_id, new.client_spoke_last, 1);
      end if;

      if was_counted and old.assignee_id is not null then
        select coalesce(max(r.version), 0) into seen from ticket_reads r where r.user_id = old.assignee_id and r.ticket_id = old.id;
        was_unread := seen < old.version;
      end if;
      if now_counted and new.assignee_id is not null then
        if was_counted and new.assignee_id is not distinct from old.assignee_id then
          now_unread := seen < new.version;
        else
          select coalesce(max(r.version), 0) into seen from ticket_reads r where r.user_id = new.assignee_id and r.ticket_id = new.id;
          now_unread := seen < new.version;
        end if;
      end if;
      if was_counted and now_counted and old.assignee_id is not distinct from new.assignee_id then
        if was_unread <> now_unread then
          perform ticket_unread_counts_add(new.assignee_id, case when now_unread then 1 else -1 end);
        end if;
      else
        if was_unread then perform ticket_unread_counts_add(old.assignee_id, -1); end if;
        if now_unread then perform ticket_unread_counts_add(new.assignee_id, 1); end if;
      end if;
      return case when tg_op = 'DELETE' then old else new end;
    end $$`.execute(db);
  await sql`
    create trigger posts_view_counts_insert after insert on posts
    for each row when (new.type = 'ticket') execute function posts_view_counts_sync()`.execute(db);
  await sql`
    create trigger posts_view_counts_update after update on posts
    for each row when ((old.type = 'ticket' or new.type = 'ticket') and (old.type is distinct from new.type
      or old.assignee_id is distinct from new.assignee_id or old.status_term_id is distinct from new.status_term_id
      or old.client_spoke_last is distinct from new.client_spoke_last or old.version is distinct from new.version))
    execute function posts_view_counts_sync()`.execute(db);
  await sql`
    create trigger posts_view_counts_delete before delete on posts
    for each row when (old.type = 'ticket') execute function posts_view_counts_sync()`.execute(db);

  // ticket_reads: an agent opened a ticket (or their own change kept it read). The unread state moves only when
  // the ticket is theirs. Under READ COMMITTED a read and a change of the same ticket could each see the other's
  // old row and count the same move twice, or not at all; so a new read first waits for the ticket row (the
  // BEFORE trigger's share lock, taken before the read row is), then reads its newest version. A change holds
  // that row already, and its own trigger reads ticket_reads after the read's commit.
  await sql`
    create function ticket_reads_wait_for_ticket() returns trigger language plpgsql as $$
    begin
      perform 1 from posts where id = new.ticket_id for share;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger ticket_reads_wait_for_ticket before insert on ticket_reads
    for each row execute function ticket_reads_wait_for_ticket()`.execute(db);
  await sql`
    create function ticket_unread_shift(agent integer, ticket integer, seen_before integer, seen_after integer)
    returns void language plpgsql as $$
    declare
      current_version integer;
      delta integer;
    begin
      select p.version into current_version from posts p where p.id = ticket and p.type = 'ticket' and p.assignee_id = agent;
      if not found then return; end if;
      delta := (seen_after < current_version)::integer - (seen_before < current_version)::integer;
      if delta <> 0 then perform ticket_unread_counts_add(agent, delta); end if;
    end $$`.execute(db);
  await sql`
    create function ticket_reads_unread_sync() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and new.user_id = old.user_id and new.ticket_id = old.ticket_id then
        perform ticket_unread_shift(new.user_id, new.ticket_id, old.version, new.version);
      else
        if tg_op <> 'INSERT' then perform ticket_unread_shift(old.user_id, old.ticket_id, old.version, 0); end if;
        if tg_op <> 'DELETE' then perform ticket_unread_shift(new.user_id, new.ticket_id, 0, new.version); end if;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger ticket_reads_unread_sync after insert or update or delete on ticket_reads
    for each row execute function ticket_reads_unread_sync()`.execute(db);
}

async function createSqliteTriggers(db: Kysely<any>): Promise<void> {
  const addView = (row: 'old' | 'new', delta: 1 | -1, when: string) => `
    insert into ticket_view_counts (assignee_id, status_term_id, client_spoke_last, shard, n)
    select coalesce(${row}.assignee_id, 0), coalesce(${row}.status_term_id, 0), ${row}.client_spoke_last, 0, ${delta}
    where ${when}
    on conflict (assignee_id, status_term_id, client_spoke_last, shard) do update set n = n + excluded.n;`;
  const addUnread = (agent: string, delta: string, when: string) => `
    insert into ticket_unread_counts (user_id, shard, n) select ${agent}, 0, ${delta} where ${when}
    on conflict (user_id, shard) do update set n = n + excluded.n;`;
  // The row's agent has not read it up to its version (0 when never opened).
  const unread = (row: 'old' | 'new') => `(${row}.type = 'ticket' and ${row}.assignee_id is not null and coalesce((
    select r.version from ticket_reads r where r.user_id = ${row}.assignee_id and r.ticket_id = ${row}.id), 0) < ${row}.version)`;
  const sameKey = `old.type = 'ticket' and new.type = 'ticket' and old.assignee_id is new.assignee_id
    and old.status_term_id is new.status_term_id and old.client_spoke_last = new.client_spoke_last`;

  await sql
    .raw(`create trigger posts_view_counts_insert after insert on posts when new.type = 'ticket' begin
      ${addView('new', 1, '1')}
      ${addUnread('new.assignee_id', '1', unread('new'))}
    end`)
    .execute(db);
  await sql
    .raw(`create trigger posts_view_counts_update after update of type, assignee_id, status_term_id, client_spoke_last, version on posts
    when (old.type = 'ticket' or new.type = 'ticket') and (old.type is not new.type or old.assignee_id is not new.assignee_id
      or old.status_term_id is not new.status_term_id or old.client_spoke_last is not new.client_spoke_last or old.version is not new.version)
    begin
      ${addView('old', -1, `old.type = 'ticket' and not (${sameKey})`)}
      ${addView('new', 1, `new.type = 'ticket' and not (${sameKey})`)}
      ${addUnread('old.assignee_id', '-1', `${unread('old')} and not (old.assignee_id is new.assignee_id and ${unread('new')})`)}
      ${addUnread('new.assignee_id', '1', `${unread('new')} and not (old.assignee_id is new.assignee_id and ${unread('old')})`)}
    end`)
    .execute(db);
  // Before the row goes: the cascade then removes its ticket_reads rows, which the unread state needs.
  await sql
    .raw(`create trigger posts_view_counts_delete before delete on posts when old.type = 'ticket' begin
      ${addView('old', -1, '1')}
      ${addUnread('old.assignee_id', '-1', unread('old'))}
    end`)
    .execute(db);

  // A read row of the ticket's own agent moves its unread state; the delta is (after) − (before).
  const shift = (agent: string, ticket: string, before: string, after: string) => `
    insert into ticket_unread_counts (user_id, shard, n)
    select ${agent}, 0, (${after} < p.version) - (${before} < p.version) from posts p
    where p.id = ${ticket} and p.type = 'ticket' and p.assignee_id = ${agent} and (${after} < p.version) <> (${before} < p.version)
    on conflict (user_id, shard) do update set n = n + excluded.n;`;
  await sql
    .raw(`create trigger ticket_reads_unread_insert after insert on ticket_reads begin
      ${shift('new.user_id', 'new.ticket_id', '0', 'new.version')}
    end`)
    .execute(db);
  await sql
    .raw(`create trigger ticket_reads_unread_update after update on ticket_reads begin
      ${shift('old.user_id', 'old.ticket_id', 'old.version', '0')}
      ${shift('new.user_id', 'new.ticket_id', '0', 'new.version')}
    end`)
    .execute(db);
  await sql
    .raw(`create trigger ticket_reads_unread_delete after delete on ticket_reads begin
      ${shift('old.user_id', 'old.ticket_id', 'old.version', '0')}
    end`)
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (isPostgres) {
    await sql`drop trigger if exists ticket_reads_unread_sync on ticket_reads`.execute(db);
    await sql`drop trigger if exists ticket_reads_wait_for_ticket on ticket_reads`.execute(db);
    for (const op of ['insert', 'update', 'delete']) await sql.raw(`drop trigger if exists posts_view_counts_${op} on posts`).execute(db);
    for (const fn of [
      'ticket_reads_unread_sync()',
      'ticket_unread_shift(integer, integer, integer, integer)',
      'ticket_reads_wait_for_ticket()',
      'posts_view_counts_sync()',
      'ticket_unread_counts_add(integer, integer)',
      'ticket_view_counts_add(integer, integer, integer, integer)',
    ])
      await sql.raw(`drop function if exists ${fn}`).execute(db);
  } else {
    for (const op of ['insert', 'update', 'delete']) {
      await sql.raw(`drop trigger if exists ticket_reads_unread_${op}`).execute(db);
      await sql.raw(`drop trigger if exists posts_view_counts_${op}`).execute(db);
    }
  }
  await db.schema.dropTable('ticket_unread_counts').ifExists().execute();
  await db.schema.dropTable('ticket_view_counts').ifExists().execute();
}
