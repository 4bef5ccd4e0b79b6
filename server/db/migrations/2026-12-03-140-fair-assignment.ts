import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Fair assignment (server/domain/assignment/): each staff member's part in it, a product's own mode, the one row every
// assigner takes first (its lock and the round robin's counter), and the tickets waiting for an agent with room.

export async function up(db: Kysely<any>): Promise<void> {
  // One row per staff member who set something; no row reads as available, the site's limit, no working hours.
  await db.schema
    .createTable('agent_assignment')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('available', 'integer', (c) => c.notNull().defaultTo(1))
    // Open tickets at most; null: the site's `tickets.open_ticket_limit`.
    .addColumn('open_ticket_limit', 'integer')
    // Working hours: takes part only while this business-hours schedule is open; null: whenever available.
    .addColumn('schedule_id', 'integer', (c) => c.references('business_hours.id').onDelete('set null'))
    // The assigner's counter when this person was last given a ticket: the round robin goes to the lowest.
    .addColumn('last_assigned_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  // A product's own mode, over the site's; no row: the site's.
  await db.schema
    .createTable('product_assignment_modes')
    .addColumn('product_id', 'integer', (c) => c.primaryKey().references('posts.id').onDelete('cascade'))
    .addColumn('mode', 'text', (c) => c.notNull())
    .execute();

  // One row. Every assignment raises `seq` first: the update holds the row (PostgreSQL) until its transaction ends, so
  // two instances assigning at once take turns, and the counts and limits each reads are the other's committed ones.
  await db.schema
    .createTable('assignment_state')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.insertInto('assignment_state').values({ id: 1, seq: 0 }).execute();

  // Tickets filed while fair assignment was on that found nobody with room, assigned oldest first as room frees up.
  await db.schema
    .createTable('assignment_queue')
    .addColumn('ticket_id', 'integer', (c) => c.primaryKey().references('posts.id').onDelete('cascade'))
    .addColumn('queued_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('assignment_queue').ifExists().execute();
  await db.schema.dropTable('assignment_state').ifExists().execute();
  await db.schema.dropTable('product_assignment_modes').ifExists().execute();
  await db.schema.dropTable('agent_assignment').ifExists().execute();
}
