import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Deflection (issue 38): what a widget session did before it filed, or instead of filing. A session is a random id
// the widget makes per page session; nothing in these tables names a person. The primary key is the idempotency
// rule: one row per (session, event, doc), so a retried or repeated event records nothing new.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('widget_events')
    .addColumn('session', 'text', (col) => col.notNull())
    // opened | typed | shown | doc_opened | helped | not_helped | submitted
    .addColumn('event', 'text', (col) => col.notNull())
    // The doc shown, opened or answered about; 0 for events about no doc (a key column cannot be null).
    .addColumn('doc_id', 'integer', (col) => col.notNull().defaultTo(0))
    // `submitted` only: the ticket the session filed (written by the filing route, never by the widget).
    .addColumn('ticket_id', 'integer', (col) => col.references('posts.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('widget_events_pk', ['session', 'event', 'doc_id'])
    .execute();
  await db.schema.createIndex('widget_events_ticket_idx').on('widget_events').column('ticket_id').execute();
  await db.schema.createIndex('widget_events_created_idx').on('widget_events').column('created_at').execute();
  // The searches that found no doc, for the docs' authors: the text (already stripped of addresses and numbers by
  // the route), once per session.
  await db.schema
    .createTable('widget_empty_searches')
    .addColumn('session', 'text', (col) => col.notNull())
    .addColumn('query', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('widget_empty_searches_pk', ['session', 'query'])
    .execute();
  await db.schema.createIndex('widget_empty_searches_created_idx').on('widget_empty_searches').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('widget_empty_searches').ifExists().execute();
  await db.schema.dropTable('widget_events').ifExists().execute();
}
