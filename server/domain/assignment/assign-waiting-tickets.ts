import { getCoreSettings } from '../../settings/core-settings.js';
import type { DomainContext } from '../context.js';
import { publishTicketChange } from '../tickets/change-ticket.js';
import { type AssignFairlyResult, assignFairly } from './assign-fairly.js';
import { productAssignmentInForce } from './assignment-in-force.js';

/**
 * A new ticket (the filing's `ticket_created` job): assigned fairly when its mode is on, else left alone; nobody
 * eligible, it waits in the queue. Costs no statement while the site's mode is off and no product has one.
 */
export async function assignNewTicket(ctx: DomainContext, ticketId: number): Promise<AssignFairlyResult> {
  const settings = await getCoreSettings(ctx);
  if (settings.tickets.assignment_mode === 'off' && !(await productAssignmentInForce(ctx.db))) return { kind: 'off' };
  return assignAlone(ctx, ticketId);
}

/**
 * The waiting tickets, oldest first, each assigned in a transaction of its own, until one finds nobody with room (all
 * are full: the rest wait too) or `max` were looked at. Run as room frees up (a ticket finished or given to someone
 * else, an agent back or given more room) and by the worker's sweep. Answers how many were assigned.
 */
export async function assignWaitingTickets(ctx: DomainContext, max = 200): Promise<number> {
  let assigned = 0;
  let looked = 0;
  let after = 0;
  while (looked < max) {
    const batch = await ctx.db
      .selectFrom('assignment_queue')
      .select('ticket_id')
      .where('ticket_id', '>', after)
      .orderBy('ticket_id')
      .limit(Math.min(50, max - looked))
      .execute();
    if (batch.length === 0) return assigned;
    for (const { ticket_id: ticketId } of batch) {
      looked += 1;
      after = ticketId;
      const result = await assignAlone(ctx, ticketId);
      if (result.kind === 'waiting') return assigned;
      if (result.kind === 'assigned') assigned += 1;
    }
  }
  return assigned;
}

/** `assignFairly` in a transaction of its own, published once committed. */
async function assignAlone(ctx: DomainContext, ticketId: number): Promise<AssignFairlyResult> {
  const settings = await getCoreSettings(ctx);
  const at = ctx.now();
  const result = await ctx.transactions.run((trx) => assignFairly(trx, ticketId, { settings, at }));
  if (result.kind === 'assigned') publishTicketChange(ctx, ticketId, result.applied, null);
  return result;
}
