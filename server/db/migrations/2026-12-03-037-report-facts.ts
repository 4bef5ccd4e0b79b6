import { type Kysely, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Reports (server/domain/reports/): what they measure is written on the ticket when it happens, so a report over
// 100,000 tickets reads one narrow row per ticket instead of replaying comments and activity.
//
// A table of its own keyed by ticket, not columns on `posts`: `posts` also holds docs, products and pages, its
// ticket rows are the inbox's hot rows (kept counts and triggers read them), and a report scans only these few
// columns by their own indexes (created_at, resolved_at). ON DELETE CASCADE: a deleted ticket leaves the reports.
//
// Seconds come twice: `_s` on the calendar, `_bs` in business hours on the schedule of the ticket's service-level
// policy when one applies (around the clock when that policy has none), else the default schedule.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ticket_report_facts')
    .addColumn('ticket_id', 'integer', (c) => c.primaryKey().references('posts.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    // widget | mail | site | api; null for tickets filed before this migration or by code with no channel.
    .addColumn('channel', 'text')
    // The status slug last recorded, to tell a reopening or the end of a stay in Waiting at the next change.
    .addColumn('status', 'text')
    // The first public reply by a person on the staff (no bot, no internal note; automatic mail is no comment).
    .addColumn('first_reply_at', 'text')
    .addColumn('first_reply_s', 'integer')
    .addColumn('first_reply_bs', 'integer')
    // The latest move to Resolved or Closed (null while the ticket is open), and filing → that move.
    .addColumn('resolved_at', 'text')
    .addColumn('resolution_s', 'integer')
    .addColumn('resolution_bs', 'integer')
    // Filing → latest resolution minus the time waiting on the client before it (see held_s).
    .addColumn('client_wait_s', 'integer')
    .addColumn('client_wait_bs', 'integer')
    .addColumn('reopen_count', 'integer', (c) => c.notNull().defaultTo(0))
    // Time waiting on the client: in a pause status of the ticket's service-level policy (the statuses its owner
    // named so; "Waiting" here means the client awaits our reply) or resolved before a reopening. Closed stretches
    // only; `held_since`: when the current one began (null while the client waits on the team).
    .addColumn('held_s', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('held_bs', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('held_since', 'text')
    // A client's message after a staff reply, not answered yet: a next-reply sample starts there.
    .addColumn('awaiting_since', 'text')
    .execute();
  await db.schema.createIndex('ticket_report_facts_created').on('ticket_report_facts').columns(['created_at', 'ticket_id']).execute();
  await db.schema
    .createIndex('ticket_report_facts_resolved')
    .on('ticket_report_facts')
    .columns(['resolved_at'])
    .where(sql.ref('resolved_at'), 'is not', null)
    .execute();

  // One row per next reply: a staff reply to a client's message that came after an earlier staff reply.
  await db.schema
    .createTable('ticket_report_replies')
    .addColumn('ticket_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('replied_at', 'text', (c) => c.notNull())
    .addColumn('seconds', 'integer', (c) => c.notNull())
    .addColumn('business_seconds', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ticket_report_replies_at').on('ticket_report_replies').columns(['replied_at', 'ticket_id']).execute();

  // Tickets filed before: their filing time, the channel where the service levels kept it, and when the staff
  // first replied (so a client's next message starts a next reply). Their past reply and resolution times are
  // left null: those tickets are left out of the time metrics rather than counted wrong, and their resolutions
  // and reopenings before now are not known.
  await sql`insert into ticket_report_facts (ticket_id, created_at, channel, first_reply_at)
    select p.id, p.created_at, s.channel,
      (select min(c.created_at) from comments c
        join comment_meta m on m.comment_id = c.id and m.meta_key = 'is_internal' and m.meta_value = '0'
        where c.post_id = p.id and c.author_role = 'agent')
    from posts p left join ticket_sla s on s.ticket_id = p.id
    where p.type = 'ticket'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ticket_report_replies').ifExists().execute();
  await db.schema.dropTable('ticket_report_facts').ifExists().execute();
}
