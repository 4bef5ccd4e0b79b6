import { mayCopyInColleagues } from '../../policies/ticket-policy.js';
import type { Actor, DomainContext } from '../context.js';
import { findTicket } from '../tickets/find-ticket.js';
import { takeParticipantOff } from './take-participant-off.js';

/**
 * A client takes a person copied in off their own ticket (whoever copied them in: the client, an agent or
 * the mail's Cc), recorded in the ticket's activity. False when the ticket is not one the client may do this on
 * (the same as a missing ticket); someone not copied in is no error.
 */
export async function removeColleague(ctx: DomainContext, actor: Actor, ticketId: number, userId: number): Promise<boolean> {
  const ticket = await findTicket(ctx, ticketId);
  if (!ticket || !mayCopyInColleagues(actor, ticket)) return false;
  await takeParticipantOff(ctx, ticket.id, actor.id, { kind: 'cc', userId });
  return true;
}
