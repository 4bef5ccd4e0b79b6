import { toPost } from '../content/post.js';
import type { DomainContext } from '../context.js';
import type { Ticket } from './ticket.js';

/** One ticket with its status slug, or undefined. Integrity reads like this one skip the post filter. */
export async function findTicket(ctx: DomainContext, id: number): Promise<Ticket | undefined> {
  if (!Number.isSafeInteger(id) || id < 1) return undefined;
  const row = await ctx.db
    .selectFrom('posts as p')
    .leftJoin('term_relationships as tr', (join) => join.onRef('tr.post_id', '=', 'p.id').on('tr.taxonomy', '=', 'ticket_status'))
    .leftJoin('terms as t', 't.id', 'tr.term_id')
    .selectAll('p')
    .select('t.slug as ticket_status')
    .where('p.id', '=', id)
    .where('p.type', '=', 'ticket')
    .executeTakeFirst();
  if (!row) return undefined;
  const { ticket_status, ...post } = row;
  return { ...toPost(post), ticketStatus: ticket_status ?? '' };
}
