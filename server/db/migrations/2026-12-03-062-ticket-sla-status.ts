import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// The inbox's service-level views (Overdue, Due within 1 hour) at 100,000 open tickets: time moves tickets into
// them with no write, so their counts cannot be kept; they are counted over the index of next due times. For that
// count to read one index alone, `ticket_sla` holds a copy of the ticket's status (the views' status tabs group by
// it) and loses its rows with the ticket. Triggers keep both whichever code writes: a row made takes the ticket's
// status, a status changed on posts (itself kept by migration 070's triggers) is copied, a deleted ticket's rows go.

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('ticket_sla').addColumn('status_term_id', 'integer').execute();
  // Rows of tickets deleted before this migration.
  await sql`delete from ticket_sla_targets where ticket_id not in (select id from posts)`.execute(db);
  await sql`delete from ticket_sla where ticket_id not in (select id from posts)`.execute(db);
  await sql`update ticket_sla set status_term_id = (select p.status_term_id from posts p where p.id = ticket_sla.ticket_id)`.execute(db);
  // 14,600 overdue of 100,000 counted per status: one range of this index per status, no ticket read (1.4 ms a
  // status against 11 ms grouping one range of next due times by status, SQLite, on a loaded machine).
  await db.schema
    .createIndex('ticket_sla_status_next_due')
    .on('ticket_sla')
    .columns(['status_term_id', 'next_due_at'])
    .where(sql.ref('next_due_at'), 'is not', null)
    .execute();

  if (isPostgres) {
    await sql`
      create function ticket_sla_take_status() returns trigger language plpgsql as $$
      begin
        new.status_term_id := (select p.status_term_id from posts p where p.id = new.ticket_id);
        return new;
      end $$`.execute(db);
    await sql`create trigger ticket_sla_take_status before insert on ticket_sla for each row execute function ticket_sla_take_status()`.execute(
      db,
    );
    await sql`
      create function ticket_sla_follow_status() returns trigger language plpgsql as $$
      begin
        update ticket_sla set status_term_id = new.status_term_id
          where ticket_id = new.id and status_term_id is distinct from new.status_term_id;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger ticket_sla_follow_status after update of status_term_id on posts for each row
      when (new.type = 'ticket' and old.status_term_id is distinct from new.status_term_id)
      execute function ticket_sla_follow_status()`.execute(db);
    await sql`
      create function ticket_sla_forget_ticket() returns trigger language plpgsql as $$
      begin
        delete from ticket_sla_targets where ticket_id = old.id;
        delete from ticket_sla where ticket_id = old.id;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger ticket_sla_forget_ticket after delete on posts for each row when (old.type = 'ticket')
      execute function ticket_sla_forget_ticket()`.execute(db);
    return;
  }
  await sql`
    create trigger ticket_sla_take_status after insert on ticket_sla begin
      update ticket_sla set status_term_id = (select p.status_term_id from posts p where p.id = new.ticket_id)
        where ticket_id = new.ticket_id;
    end`.execute(db);
  await sql`
    create trigger ticket_sla_follow_status after update of status_term_id on posts
    when new.type = 'ticket' and old.status_term_id is not new.status_term_id begin
      update ticket_sla set status_term_id = new.status_term_id where ticket_id = new.id;
    end`.execute(db);
  await sql`
    create trigger ticket_sla_forget_ticket after delete on posts when old.type = 'ticket' begin
      delete from ticket_sla_targets where ticket_id = old.id;
      delete from ticket_sla where ticket_id = old.id;
    end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (isPostgres) {
    await sql`drop trigger if exists ticket_sla_forget_ticket on posts`.execute(db);
    await sql`drop trigger if exists ticket_sla_follow_status on posts`.execute(db);
    await sql`drop trigger if exists ticket_sla_take_status on ticket_sla`.execute(db);
    await sql`drop function if exists ticket_sla_forget_ticket()`.execute(db);
    await sql`drop function if exists ticket_sla_follow_status()`.execute(db);
    await sql`drop function if exists ticket_sla_take_status()`.execute(db);
  } else {
    for (const name of ['ticket_sla_forget_ticket', 'ticket_sla_follow_status', 'ticket_sla_take_status'])
      await sql.raw(`drop trigger if exists ${name}`).execute(db);
  }
  await db.schema.dropIndex('ticket_sla_status_next_due').ifExists().execute();
  await db.schema.alterTable('ticket_sla').dropColumn('status_term_id').execute();
}
