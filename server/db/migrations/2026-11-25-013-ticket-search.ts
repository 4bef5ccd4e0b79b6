import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Full-text search over tickets (issue 16): the subject and description, every comment, every ticket meta value
// (order ID, custom fields) and the client's name and email, each indexed where it lives, so writing a ticket or a
// comment touches only its own row's index entry (no document rebuilt per comment).
// PostgreSQL: GIN indexes on expressions (`server/domain/ticket-search.ts` repeats each expression exactly, or the
// planner cannot use them). Words of prose stem as English; identifiers (order IDs, emails) are split into their letters-and-digits
// words, as searches are (`ORD-98765` → ord 98765: PostgreSQL's parser would read `-98765` as a signed number).
// SQLite: FTS5 tables over the same rows (external content, so the text is not stored twice), kept by triggers.

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create index posts_ticket_text on posts
      using gin (to_tsvector('english', title || ' ' || content)) where type = 'ticket'`.execute(db);
    await sql`create index comments_text on comments using gin (to_tsvector('english', content))`.execute(db);
    await sql`create index post_meta_text on post_meta using gin (to_tsvector('simple', regexp_replace(meta_value, '[^[:alnum:]]+', ' ', 'g')))`.execute(
      db,
    );
    await sql`create index users_text on users using gin (to_tsvector('simple', regexp_replace(name || ' ' || email, '[^[:alnum:]]+', ' ', 'g')))`.execute(
      db,
    );
    return;
  }
  const tables: Array<[fts: string, source: string, columns: string[], tokenize: string, when?: string]> = [
    ['tickets_fts', 'posts', ['title', 'content'], 'porter unicode61', "type = 'ticket'"],
    ['comments_fts', 'comments', ['content'], 'porter unicode61'],
    // Identifiers keep their punctuation-separated parts as words (ORD-1234 → ord, 1234): no stemming.
    ['post_meta_fts', 'post_meta', ['meta_value'], 'unicode61'],
    ['users_fts', 'users', ['name', 'email'], 'unicode61'],
  ];
  for (const [fts, source, columns, tokenize, when] of tables) {
    const list = columns.join(', ');
    const values = (row: 'new' | 'old') => columns.map((c) => `${row}.${c}`).join(', ');
    const onlyNew = when ? `when ${when.replace(/^/, 'new.')}` : '';
    const onlyOld = when ? `when ${when.replace(/^/, 'old.')}` : '';
    await sql
      .raw(`create virtual table ${fts} using fts5(${list}, content='${source}', content_rowid='id', tokenize='${tokenize}')`)
      .execute(db);
    await sql.raw(`insert into ${fts} (rowid, ${list}) select id, ${list} from ${source}${when ? ` where ${when}` : ''}`).execute(db);
    await sql
      .raw(`create trigger ${fts}_insert after insert on ${source} ${onlyNew} begin
        insert into ${fts} (rowid, ${list}) values (new.id, ${values('new')});
      end`)
      .execute(db);
    // An external-content index forgets a row by being told its old text.
    await sql
      .raw(`create trigger ${fts}_delete after delete on ${source} ${onlyOld} begin
        insert into ${fts} (${fts}, rowid, ${list}) values ('delete', old.id, ${values('old')});
      end`)
      .execute(db);
    await sql
      .raw(`create trigger ${fts}_update after update of ${list} on ${source} ${onlyOld} begin
        insert into ${fts} (${fts}, rowid, ${list}) values ('delete', old.id, ${values('old')});
        insert into ${fts} (rowid, ${list}) values (new.id, ${values('new')});
      end`)
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const index of ['posts_ticket_text', 'comments_text', 'post_meta_text', 'users_text'])
      await sql.raw(`drop index if exists ${index}`).execute(db);
    return;
  }
  for (const fts of ['tickets_fts', 'comments_fts', 'post_meta_fts', 'users_fts']) {
    for (const trigger of ['insert', 'delete', 'update']) await sql.raw(`drop trigger if exists ${fts}_${trigger}`).execute(db);
    await sql.raw(`drop table if exists ${fts}`).execute(db);
  }
}
