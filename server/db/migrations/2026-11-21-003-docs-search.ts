import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Full-text search over docs: an FTS5 table kept in step by triggers on SQLite, a generated tsvector
// column with a GIN index on PostgreSQL. Both stem English words; titles weigh more than bodies.

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table posts add column search_vector tsvector generated always as (
      case when type = 'doc' then setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', content), 'B') end
    ) stored`.execute(db);
    await sql`create index posts_search_vector on posts using gin (search_vector)`.execute(db);
    return;
  }
  await sql`create virtual table docs_fts using fts5(title, content, tokenize = 'porter unicode61')`.execute(db);
  await sql`insert into docs_fts (rowid, title, content) select id, title, content from posts where type = 'doc'`.execute(db);
  await sql`create trigger docs_fts_insert after insert on posts when new.type = 'doc' begin
    insert into docs_fts (rowid, title, content) values (new.id, new.title, new.content);
  end`.execute(db);
  await sql`create trigger docs_fts_update after update on posts begin
    delete from docs_fts where rowid = old.id;
    insert into docs_fts (rowid, title, content) select new.id, new.title, new.content where new.type = 'doc';
  end`.execute(db);
  await sql`create trigger docs_fts_delete after delete on posts begin
    delete from docs_fts where rowid = old.id;
  end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table posts drop column search_vector`.execute(db);
    return;
  }
  for (const trigger of ['docs_fts_insert', 'docs_fts_update', 'docs_fts_delete'])
    await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
  await sql`drop table if exists docs_fts`.execute(db);
}
