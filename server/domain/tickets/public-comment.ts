import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/tables.js';

/** A query over `comments as c`. */
type CommentsAsC = Database & { c: Database['comments'] };

/** The comment `c` is no internal note: what a client reads, and what counts as an answer to them. */
export function isPublicComment({ not, exists, selectFrom }: ExpressionBuilder<CommentsAsC, 'c'>) {
  return not(
    exists(
      selectFrom('comment_meta as m')
        .select('m.id')
        .whereRef('m.comment_id', '=', 'c.id')
        .where('m.meta_key', '=', 'is_internal')
        .where('m.meta_value', '=', '1'),
    ),
  );
}
