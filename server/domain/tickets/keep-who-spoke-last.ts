import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';

/**
 * "Needs reply" after messages moved (a merge, a split): whoever wrote the ticket's latest public message now (a
 * later client message moved in makes it need a reply; with none, its description is).
 */
export async function keepWhoSpokeLast(trx: Kysely<Database>, ticketId: number): Promise<void> {
  const last = await trx
    .selectFrom('comments as c')
    .innerJoin('comment_meta as m', (join) => join.onRef('m.comment_id', '=', 'c.id').on('m.meta_key', '=', 'is_internal'))
    .select('c.author_role')
    .where('c.post_id', '=', ticketId)
    .where('m.meta_value', '=', '0')
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  // With no public reply, the description speaks: the client's first word, when the ticket has one.
  const description = last ? undefined : await trx.selectFrom('posts').select('content').where('id', '=', ticketId).executeTakeFirst();
  const clientSpokeLast = last ? last.author_role === 'client' : (description?.content ?? '') !== '';
  await trx
    .updateTable('posts')
    .set({ client_spoke_last: clientSpokeLast ? 1 : 0 })
    .where('id', '=', ticketId)
    .execute();
}
