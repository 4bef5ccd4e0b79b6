import { type Kysely, sql } from 'kysely';
import type { KeptCountStorage } from '../storage.js';
import type { Database } from '../tables.js';

/** Above this many rows, the reader folds every connection's rows back into shard 0. */
export const FOLD_ABOVE_ROWS = 256;

// One statement each: at worst it waits for a writer's open transaction on its row.
/** PostgreSQL writers add to one row per connection (migrations 070 and 090); a reader folds them past FOLD_ABOVE_ROWS. */
export const postgresKeptCounts: KeptCountStorage = {
  async foldStatusCounts(db, rowsRead) {
    if (rowsRead > FOLD_ABOVE_ROWS) await foldStatusShards(db);
  },
  async foldViewCounts(db, rowsRead) {
    if (rowsRead > FOLD_ABOVE_ROWS) await foldViewShards(db);
  },
  async foldUnreadCounts(db, userId, rowsRead) {
    if (rowsRead > FOLD_ABOVE_ROWS / 16) await foldUnreadShards(db, userId);
  },
};

async function foldStatusShards(db: Kysely<Database>): Promise<void> {
  await sql`
    with gone as (delete from ticket_status_counts where shard <> 0 returning term_id, n)
    insert into ticket_status_counts (term_id, shard, n)
    select term_id, 0, sum(n) from gone group by term_id
    on conflict (term_id, shard) do update set n = ticket_status_counts.n + excluded.n`.execute(db);
}

async function foldViewShards(db: Kysely<Database>): Promise<void> {
  await sql`
    with gone as (delete from ticket_view_counts where shard <> 0 returning assignee_id, status_term_id, client_spoke_last, n)
    insert into ticket_view_counts (assignee_id, status_term_id, client_spoke_last, shard, n)
    select assignee_id, status_term_id, client_spoke_last, 0, sum(n) from gone
    group by assignee_id, status_term_id, client_spoke_last
    on conflict (assignee_id, status_term_id, client_spoke_last, shard) do update set n = ticket_view_counts.n + excluded.n`.execute(db);
}

async function foldUnreadShards(db: Kysely<Database>, userId: number): Promise<void> {
  await sql`
    with gone as (delete from ticket_unread_counts where user_id = ${userId} and shard <> 0 returning n)
    insert into ticket_unread_counts (user_id, shard, n)
    select ${userId}, 0, sum(n) from gone having count(*) > 0
    on conflict (user_id, shard) do update set n = ticket_unread_counts.n + excluded.n`.execute(db);
}
