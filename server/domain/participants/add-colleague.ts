import { mayCopyInColleagues } from '../../policies/ticket-policy.js';
import type { Actor, DomainContext } from '../context.js';
import { findTicket } from '../tickets/find-ticket.js';
import { type CopyInResult, copyClientIn } from './copy-client-in.js';

/**
 * A client copies a colleague in on their own ticket from the help site, under the rules staff have
 * (copyClientIn: a valid address, at most CC_MAX). The colleague then gets the public replies by mail and may
 * answer them. Undefined when the ticket is not one the client may do this on: the same as a missing ticket.
 */
export async function addColleague(ctx: DomainContext, actor: Actor, ticketId: number, email: string): Promise<CopyInResult | undefined> {
  const ticket = await findTicket(ctx, ticketId);
  if (!ticket || !mayCopyInColleagues(actor, ticket)) return undefined;
  return copyClientIn(ctx, ticket, { email, addedBy: actor.id });
}
