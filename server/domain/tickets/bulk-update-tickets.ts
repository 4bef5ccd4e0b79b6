import { message } from '../../../common/i18n/translator.js';
import { BULK_TICKETS_MAX } from '../../../common/limits.js';
import { enqueueMail } from '../../email/mail-jobs.js';
import { AppError, invalidField } from '../../errors.js';
import { mayChangeTicket } from '../../policies/ticket-policy.js';
import { getCoreSettings } from '../../settings/core-settings.js';
import type { Actor, DomainContext } from '../context.js';
import { slaInForce } from '../sla/sla-policies-exist.js';
import { type AppliedChanges, changeTicket, publishTicketChange, type TicketChanges } from './change-ticket.js';

/** The changes for many tickets, any of them together: status, assignee, product, reason, urgency, tags to add or remove. */
export type BulkChange = Omit<TicketChanges, 'tags'>;

export interface BulkOutcome {
  /** Tickets the change took effect on, each with its new version. */
  changed: Array<{ id: number; version: number }>;
  /** Tickets that already had it (nothing recorded, version unchanged). */
  unchanged: number[];
}

/**
 * Applies a set of changes to many tickets, all or nothing, in one transaction: every ticket gets one version
 * for the whole set (`changeTicket`), and after the commit one live event each. An id that is not a ticket
 * refuses the whole request (naming the ids), as does an unknown status, agent or tag name: nothing is half
 * done. Bulk changes carry no expected version (an agent acting on fifty tickets has not opened them).
 */
export async function bulkUpdateTickets(ctx: DomainContext, ids: number[], change: BulkChange, actor: Actor | null): Promise<BulkOutcome> {
  if (!mayChangeTicket(actor)) throw new AppError('FORBIDDEN', message('problems.tickets.staff_change'));
  const unique = [...new Set(ids)];
  if (unique.length === 0) throw invalidField('ids', message('problems.bulk.no_ids'));
  if (unique.length > BULK_TICKETS_MAX) throw invalidField('ids', message('problems.bulk.too_many', { max: BULK_TICKETS_MAX }));
  const given = Object.entries(change).filter(([, value]) => value !== undefined);
  if (given.length === 0) throw invalidField('changes', message('problems.bulk.no_change'));

  // Tickets given to someone other than the actor, by new assignee: mailed once per assignee after the loop.
  const assigned = new Map<number, number[]>();
  const collectAssignment = (assigneeId: number, ticketId: number) => {
    assigned.set(assigneeId, [...(assigned.get(assigneeId) ?? []), ticketId]);
    return false;
  };

  const [settings, withSla] = await Promise.all([getCoreSettings(ctx), slaInForce(ctx.db)]);
  const results = await ctx.db.transaction().execute(async (trx) => {
    const found = await trx.selectFrom('posts').select('id').where('type', '=', 'ticket').where('id', 'in', unique).execute();
    if (found.length !== unique.length) {
      const known = new Set(found.map((r) => r.id));
      const missing = unique.filter((id) => !known.has(id));
      throw invalidField(
        'ids',
        message('problems.bulk.missing', { ids: `${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ', …' : ''}` }),
      );
    }
    const applied: Array<[number, AppliedChanges]> = [];
    for (const id of unique) {
      applied.push([
        id,
        await changeTicket(trx, id, change, {
          actorId: actor.id,
          settings,
          mayMailAssignee: collectAssignment,
          at: ctx.now(),
          slaInForce: withSla,
        }),
      ]);
    }
    // One mail per new assignee, not one per ticket: the usual one for a single ticket, else one listing them
    // (only to those whose choices ask for assignment mail; changeTicket left the rest out already).
    for (const [userId, ticketIds] of assigned) {
      if (ticketIds.length === 1) await enqueueMail(trx, { template: 'agent_ticket_assigned', userId, ticketId: ticketIds[0] as number });
      else await enqueueMail(trx, { template: 'agent_tickets_assigned', userId, ticketId: null, ticketIds });
    }
    return applied;
  });

  const outcome: BulkOutcome = { changed: [], unchanged: [] };
  for (const [id, applied] of results) {
    publishTicketChange(ctx, id, applied, actor.id);
    if (applied.fields.length > 0) outcome.changed.push({ id, version: applied.version });
    else outcome.unchanged.push(id);
  }
  return outcome;
}
