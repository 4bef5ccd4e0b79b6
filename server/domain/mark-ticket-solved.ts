import { AppError } from '../errors.js';
import type { DomainContext } from './context.js';
import { now } from './context.js';
import { recordTicketChanges } from './ticket-activity.js';
import { currentTicketTerm, setTicketTerm } from './ticket-term-row.js';

/** The statuses a client can no longer mark solved: it is already done. */
export const FINISHED_STATUS_SLUGS = ['resolved', 'closed'] as const;

/**
 * The client marks their own ticket solved: its status becomes Resolved (slug `resolved`). Anyone
 * else's ticket, or a missing one, is the same NOT_FOUND, as on every client read.
 */
export async function markTicketSolved(ctx: DomainContext, userId: number, ticketId: number): Promise<void> {
  const ticket = Number.isSafeInteger(ticketId)
    ? await ctx.db
        .selectFrom('posts')
        .select('id')
        .where('id', '=', ticketId)
        .where('type', '=', 'ticket')
        .where('author_id', '=', userId)
        .executeTakeFirst()
    : undefined;
  if (!ticket) throw new AppError('NOT_FOUND', 'There is no such ticket.');
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
