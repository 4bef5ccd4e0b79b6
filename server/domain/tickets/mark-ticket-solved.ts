import { AppError } from '../../errors.js';
import type { DomainContext } from '../context.js';
import { now } from '../context.js';
import { isPublicComment } from './public-comment.js';
import { recordTicketChanges } from './ticket-activity.js';
import { currentTicketTerm, setTicketTerm } from './ticket-term-row.js';

/**
 * The client marks their own ticket solved: its status becomes Resolved (slug `resolved`). Anyone
 * else's ticket, or a missing one, is the same NOT_FOUND, as on every client read; a ticket no agent
 * has answered in public yet is a CONFLICT.
 */
export async function markTicketSolved(ctx: DomainContext, userId: number, ticketId: number): Promise<void> {
  const ticket = Number.isSafeInteger(ticketId)
    ? await ctx.db
        .selectFrom('posts')
        .select((eb) => [
          'posts.id',
          // A public reply by an agent (the automatic reply does not count: it does not move the status either).
          eb
            .exists(
              eb
                .selectFrom('comments as c')
                .select('c.id')
                .whereRef('c.post_id', '=', 'posts.id')
                .where('c.author_role', '=', 'agent')
                .where(isPublicComment),
            )
            .as('answered'),
        ])
        .where('posts.id', '=', ticketId)
        .where('posts.type', '=', 'ticket')
        .where('posts.author_id', '=', userId)
        .executeTakeFirst()
    : undefined;
  if (!ticket) throw new AppError('NOT_FOUND', 'There is no such ticket.');
  // Solved answers a reply; before the first one there is nothing to call solved (the page offers no button then).
  if (!ticket.answered)
    throw new AppError('CONFLICT', 'Nobody has answered this ticket yet: it can be marked solved once an agent has replied.');
  const resolved = await ctx.db
    .selectFrom('terms')
    .select(['id', 'name'])
    .where('taxonomy', '=', 'ticket_status')
    .where('slug', '=', 'resolved')
    .executeTakeFirst();
  if (!resolved) throw new AppError('NOT_FOUND', 'This help desk has no Resolved status.');
  const version = await ctx.db.transaction().execute(async (trx) => {
    const before = await currentTicketTerm(trx, ticket.id, 'ticket_status');
    await setTicketTerm(trx, ticket.id, 'ticket_status', resolved.id);
    await trx.updateTable('posts').set({ updated_at: now() }).where('id', '=', ticket.id).execute();
    // The activity log says the client solved it, and the version moves so an agent's stale send is caught.
    if (before?.id === resolved.id) return undefined;
    const change = { kind: 'field', field: 'status', oldValue: before?.name ?? null, newValue: resolved.name } as const;
    return recordTicketChanges(trx, ticket.id, userId, [change]);
  });
  if (version !== undefined) ctx.live.publish({ kind: 'ticket.updated', ticketId: ticket.id, version, fields: ['status'], by: userId });
}
