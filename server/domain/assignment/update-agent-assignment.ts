import { message } from '../../../common/i18n/translator.js';
import { AppError, invalidField } from '../../errors.js';
import { enqueueJob } from '../../jobs/queue.js';
import type { DomainContext } from '../context.js';
import { type AgentAssignment, readAgentAssignments } from './read-agent-assignment.js';

/** The most open tickets one agent's own limit may name. */
export const MAX_OPEN_TICKET_LIMIT = 10_000;

/** The job that assigns the waiting tickets (`assignWaitingTickets`), queued when room may have freed up. */
export const ASSIGN_WAITING_JOB = 'assign_waiting';

/**
 * Changes a staff member's part in fair assignment: their Available/Away switch, their own limit of open tickets
 * (null: the site's), their working hours (a business-hours schedule, or null). When the change may make room (back,
 * a higher or no limit, other hours) the waiting tickets are looked at again, by a job queued with the change.
 * Refuses a limit out of range or a schedule that does not exist, naming the field, and NOT_FOUND for no such staff
 * member; who may change whose is the caller's.
 */
export async function updateAgentAssignment(ctx: DomainContext, userId: number, patch: Partial<AgentAssignment>): Promise<AgentAssignment> {
  const staff = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('role', 'in', ['agent', 'admin'])
    .executeTakeFirst();
  if (!staff) throw new AppError('NOT_FOUND', message('problems.assignment.no_staff', { id: String(userId) }));
  const limit = patch.openTicketLimit;
  if (limit !== undefined && limit !== null && (!Number.isInteger(limit) || limit < 1 || limit > MAX_OPEN_TICKET_LIMIT))
    throw invalidField('open_ticket_limit', message('problems.assignment.limit_range', { max: MAX_OPEN_TICKET_LIMIT }));
  if (patch.scheduleId !== undefined && patch.scheduleId !== null) {
    const schedule = await ctx.db.selectFrom('business_hours').select('id').where('id', '=', patch.scheduleId).executeTakeFirst();
    if (!schedule) throw invalidField('schedule_id', message('problems.assignment.no_schedule', { id: String(patch.scheduleId) }));
  }
  const before = (await readAgentAssignments(ctx.db, [userId])).get(userId) as AgentAssignment;
  const after: AgentAssignment = { ...before, ...definedOf(patch) };
  const at = ctx.now().toISOString();
  const row = {
    available: after.available ? 1 : 0,
    open_ticket_limit: after.openTicketLimit,
    schedule_id: after.scheduleId,
    updated_at: at,
  };
  const mayMakeRoom =
    (after.available && !before.available) || after.openTicketLimit !== before.openTicketLimit || after.scheduleId !== before.scheduleId;
  await ctx.transactions.run(async (trx) => {
    await trx
      .insertInto('agent_assignment')
      .values({ user_id: userId, ...row })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
      .execute();
    if (mayMakeRoom && after.available) await enqueueJob(trx, ASSIGN_WAITING_JOB, {});
  });
  return after;
}

function definedOf(patch: Partial<AgentAssignment>): Partial<AgentAssignment> {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
}
