import { message } from '../../../common/i18n/translator.js';
import { AppError } from '../../errors.js';
import { getCoreSettings } from '../../settings/core-settings.js';
import type { DomainContext } from '../context.js';
import { changeTicketAlone } from './change-ticket.js';
import { isPublicComment } from './public-comment.js';
import { RESOLVED_SLUG } from './request-rating.js';

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
  if (!ticket) throw new AppError('NOT_FOUND', message('problems.ticket.not_found'));
  // Solved answers a reply; before the first one there is nothing to call solved (the page offers no button then).
  if (!ticket.answered) throw new AppError('CONFLICT', message('problems.solved.unanswered'));
  const resolved = await ctx.db
    .selectFrom('terms')
    .select('id')
    .where('taxonomy', '=', 'ticket_status')
    .where('slug', '=', RESOLVED_SLUG)
    .executeTakeFirst();
  if (!resolved) throw new AppError('NOT_FOUND', message('problems.solved.no_status'));
  // The activity log says the client solved it, and the version moves so an agent's stale send is caught. The
  // client is not asked for a rating: they said so already (requestRating).
  await changeTicketAlone(ctx, ticket.id, { status: RESOLVED_SLUG }, { actorId: userId, settings: await getCoreSettings(ctx) });
}
