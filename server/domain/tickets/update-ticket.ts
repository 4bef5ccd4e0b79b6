import { message } from '../../../common/i18n/translator.js';
import { AppError } from '../../errors.js';
import { mayChangeTicket } from '../../policies/ticket-policy.js';
import { getCoreSettings } from '../../settings/core-settings.js';
import type { Actor, DomainContext } from '../context.js';
import { changeTicketAlone, type TicketChanges } from './change-ticket.js';
import type { ExpectedVersion } from './ticket-activity.js';

/**
 * Changes a ticket's status, reason, urgency, product, assignee or tags (agents and admins) through
 * `changeTicket`: one transaction, one version, one event. With `expectedVersion`, a ticket changed by
 * someone else since is refused (TICKET_CHANGED) and nothing is saved.
 */
export async function updateTicket(
  ctx: DomainContext,
  id: number,
  changes: TicketChanges,
  actor: Actor | null,
  expectedVersion?: ExpectedVersion,
): Promise<void> {
  if (!mayChangeTicket(actor)) throw new AppError('FORBIDDEN', message('problems.tickets.staff_change'));
  const settings = await getCoreSettings(ctx);
  await changeTicketAlone(ctx, id, changes, { actorId: actor.id, settings, expectedVersion });
}
