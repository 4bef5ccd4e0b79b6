import { type RawBuilder, sql } from 'kysely';
import type { DialectName } from '../db/create-db.js';

/** At most this many words of a search are used: enough for a sentence someone remembers, bounded work. */
const MAX_WORDS = 8;

/**
 * The words of a search as the indexes hold them: letters and digits, lower-cased (an order ID `ORD-1234` is the
 * words `ord` and `1234`, an email its local part and domain labels). Nothing else reaches a query: no index
 * syntax can be injected. Empty when there is nothing to search for.
 */
export function searchWords(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.map((w) => w.slice(0, 50)))].slice(0, MAX_WORDS);
}

/**
 * The tickets whose subject and description, one comment, one meta value (order ID, custom fields) or client
 * holds every word (each as a word or the start of one), with a rank: lower is better, a subject match best.
 * `includeNotes` false leaves internal notes out (a client's search). The expressions repeat the migration's
 * index expressions exactly (2026-11-25-013-ticket-search), or PostgreSQL cannot use the indexes.
 */
export function matchingTickets(
  dialect: DialectName,
  words: string[],
  includeNotes: boolean,
): RawBuilder<{ ticket_id: number; rank: number }> {
  const notNote = (comment: string) =>
    includeNotes
      ? sql``
      : sql`and not exists (select 1 from comment_meta n where n.comment_id = ${sql.ref(comment)}
          and n.meta_key = 'is_internal' and n.meta_value = '1')`;
  if (dialect === 'postgres') {
    const prose = sql`to_tsquery('english', ${words.map((w) => `${w}:*`).join(' & ')})`;
    const exact = sql`to_tsquery('simple', ${words.map((w) => `${w}:*`).join(' & ')})`;
    return sql`(select ticket_id, min(rank) as rank from (
      select p.id as ticket_id,
        -ts_rank(to_tsvector('english', p.title || ' ' || p.content), ${prose})
          - case when to_tsvector('english', p.title) @@ ${prose} then 1 else 0 end as rank
        from posts p where p.type = 'ticket' and to_tsvector('english', p.title || ' ' || p.content) @@ ${prose}
      union all
      select c.post_id, -ts_rank(to_tsvector('english', c.content), ${prose})
        from comments c where to_tsvector('english', c.content) @@ ${prose} ${notNote('c.id')}
      union all
      select m.post_id, -ts_rank(to_tsvector('simple', regexp_replace(m.meta_value, '[^[:alnum:]]+', ' ', 'g')), ${exact})
        from post_meta m where to_tsvector('simple', regexp_replace(m.meta_value, '[^[:alnum:]]+', ' ', 'g')) @@ ${exact}
      union all
      select p.id, -0.1 from users u join posts p on p.author_id = u.id and p.type = 'ticket'
        where to_tsvector('simple', regexp_replace(u.name || ' ' || u.email, '[^[:alnum:]]+', ' ', 'g')) @@ ${exact}
    ) found group by ticket_id)`;
  }
  // FTS5: each word quoted (no operators), as a prefix; all of them must match.
  const query = words.map((w) => `"${w}"*`).join(' ');
  return sql`(select ticket_id, min(rank) as rank from (
    select tickets_fts.rowid as ticket_id, bm25(tickets_fts, 10.0, 1.0) - 1 as rank from tickets_fts where tickets_fts match ${query}
    union all
    select c.post_id, bm25(comments_fts) from comments_fts join comments c on c.id = comments_fts.rowid
      where comments_fts match ${query} ${notNote('c.id')}
    union all
    select m.post_id, bm25(post_meta_fts) from post_meta_fts join post_meta m on m.id = post_meta_fts.rowid
      where post_meta_fts match ${query}
    union all
    select p.id, -0.1 from users_fts join posts p on p.author_id = users_fts.rowid and p.type = 'ticket' where users_fts match ${query}
  ) group by ticket_id)`;
}
