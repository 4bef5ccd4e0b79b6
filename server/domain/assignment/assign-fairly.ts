import { type Kysely, sql } from 'kysely';
import type { AssignmentMode, Database } from '../../db/tables.js';
import type { CoreSettings } from '../../settings/core-settings.js';
import { readBusinessHours, scheduleOf } from '../business-hours/business-hours.js';
import { businessSecondsBetween } from '../business-hours/business-time.js';
import { type AppliedChanges, changeTicket } from '../tickets/change-ticket.js';
import { FINISHED_STATUS_SLUGS } from '../tickets/finished-statuses.js';

export interface AssignFairlyOptions {
  /** The settings, read before the transaction (`getCoreSettings(ctx)`): the site's mode and limit, the assignment mail. */
  settings: CoreSettings;
  /** When: working hours are asked at this instant (`ctx.now()`); the system clock when absent. */
  at?: Date;
  /** A mode to use instead of the product's or the site's (a rule that assigns fairly whatever the setting). */
  mode?: Exclude<AssignmentMode, 'off'>;
}

/**
 * What `assignFairly` did: `assigned` (to `agentId`; publish `applied` with `publishTicketChange` after the commit),
 * `waiting` (nobody eligible: the ticket is queued and assigned as room frees up), `off` (the ticket's mode is off), or
 * `not_waiting` (no such ticket, already assigned, or finished: nothing to do).
 */
export type AssignFairlyResult =
  | { kind: 'assigned'; agentId: number; applied: AppliedChanges }
  | { kind: 'waiting' }
  | { kind: 'off' }
  | { kind: 'not_waiting' };

/** One staff member who may take the ticket, with what the choice orders by. */
interface Candidate {
  id: number;
  open: number;
  lastAssignedSeq: number;
}

/**
 * Gives an unassigned open ticket to an eligible agent, inside the caller's transaction: staff who are available,
 * within their working hours when they have a schedule, and under their limit of open tickets (their own, else the
 * site's; "open" is any status but the finished ones). Round robin picks whoever was given a ticket longest ago;
 * fewest open picks whoever has the fewest open tickets (then longest ago). The assignment goes through
 * `changeTicket` as the helpdesk's own (no actor): one version, "Assigned by fair assignment to X" in the activity log,
 * the assignee's notification and mail. Nobody eligible: the ticket waits in the queue (`assignWaitingTickets`).
 *
 * Safe with several instances: the first write raises the one `assignment_state` row, which holds it (PostgreSQL) until
 * the caller's transaction ends, so assigners take turns and each counts the others' committed assignments; SQLite has
 * one writer. The ticket is then claimed only while it is still unassigned. Call it before the transaction holds the
 * ticket's row (or in a transaction of its own), so that two assigners always lock in the same order.
 */
export async function assignFairly(trx: Kysely<Database>, ticketId: number, options: AssignFairlyOptions): Promise<AssignFairlyResult> {
  const { settings } = options;
  const at = options.at ?? new Date();
  const ticket = await trx
    .selectFrom('posts as p')
    .leftJoin('product_assignment_modes as m', 'm.product_id', 'p.product_id')
    .leftJoin('terms as s', 's.id', 'p.status_term_id')
    .select(['p.id', 'p.assignee_id', 's.slug as status', 'm.mode'])
    .where('p.id', '=', ticketId)
    .where('p.type', '=', 'ticket')
    .executeTakeFirst();
  if (!ticket || ticket.assignee_id !== null || isFinished(ticket.status)) {
    await leaveQueue(trx, ticketId);
    return { kind: 'not_waiting' };
  }
  const mode = options.mode ?? ticket.mode ?? settings.tickets.assignment_mode;
  if (mode === 'off') {
    await leaveQueue(trx, ticketId);
    return { kind: 'off' };
  }
  const seq = await takeTurn(trx);
  const chosen = choose(await eligibleAgents(trx, settings.tickets.open_ticket_limit, at), mode);
  if (!chosen) {
    await trx
      .insertInto('assignment_queue')
      .values({ ticket_id: ticketId, queued_at: at.toISOString() })
      .onConflict((oc) => oc.column('ticket_id').doNothing())
      .execute();
    return { kind: 'waiting' };
  }
  // Claimed only while still nobody's: a person who assigned it meanwhile wins (on PostgreSQL this waits for their commit).
  const claim = await trx
    .updateTable('posts')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', ticketId)
    .where('assignee_id', 'is', null)
    .executeTakeFirst();
  if (Number(claim.numUpdatedRows) === 0) {
    await leaveQueue(trx, ticketId);
    return { kind: 'not_waiting' };
  }
  const applied = await changeTicket(trx, ticketId, { assignee: chosen.id }, { actorId: null, settings, automatic: true, at });
  await markGiven(trx, chosen.id, seq, at);
  await leaveQueue(trx, ticketId);
  return { kind: 'assigned', agentId: chosen.id, applied };
}

/**
 * For a rule's "assign fairly": the agent whose turn it is for the ticket now, by its product's or the site's mode
 * (round robin while that is off: the rule asks for fair assignment whatever the setting), counted as given a ticket;
 * null when nobody is eligible (the rule then leaves the assignee as it is, and the ticket does not wait). The caller
 * records the assignment in its own change. Takes the same turn as `assignFairly`, so call it before the caller's
 * transaction holds the ticket's row.
 */
export async function pickFairAgent(
  trx: Kysely<Database>,
  ticketId: number,
  { settings, at = new Date() }: Omit<AssignFairlyOptions, 'mode'>,
): Promise<number | null> {
  const ticket = await trx
    .selectFrom('posts as p')
    .leftJoin('product_assignment_modes as m', 'm.product_id', 'p.product_id')
    .select('m.mode')
    .where('p.id', '=', ticketId)
    .executeTakeFirst();
  const configured = ticket?.mode ?? settings.tickets.assignment_mode;
  const seq = await takeTurn(trx);
  const chosen = choose(
    await eligibleAgents(trx, settings.tickets.open_ticket_limit, at),
    configured === 'off' ? 'round_robin' : configured,
  );
  if (!chosen) return null;
  await markGiven(trx, chosen.id, seq, at);
  return chosen.id;
}

/**
 * The turn: the one `assignment_state` row raised, held until the caller's transaction ends, so no other assigner
 * reads the counts in between.
 */
async function takeTurn(trx: Kysely<Database>): Promise<number> {
  const { seq } = await trx
    .updateTable('assignment_state')
    .set((eb) => ({ seq: eb('seq', '+', 1) }))
    .where('id', '=', 1)
    .returning('seq')
    .executeTakeFirstOrThrow();
  return seq;
}

/** The round robin's order: this person was given a ticket at turn `seq`. */
async function markGiven(trx: Kysely<Database>, userId: number, seq: number, at: Date): Promise<void> {
  await trx
    .insertInto('agent_assignment')
    .values({ user_id: userId, last_assigned_seq: seq, updated_at: at.toISOString() })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ last_assigned_seq: seq }))
    .execute();
}

/**
 * The staff who may take a ticket now: enabled agents and admins, available, within their working hours when they
 * have a schedule, and under their limit (`siteLimit` when they have none of their own; 0 is no limit).
 */
export async function eligibleAgents(db: Kysely<Database>, siteLimit: number, at: Date): Promise<Candidate[]> {
  const staff = await db
    .selectFrom('users as u')
    .leftJoin('agent_assignment as a', 'a.user_id', 'u.id')
    .select(['u.id', 'a.open_ticket_limit', 'a.schedule_id', 'a.last_assigned_seq'])
    .where('u.role', 'in', ['agent', 'admin'])
    .where('u.disabled_at', 'is', null)
    .where((eb) => eb.or([eb('a.available', 'is', null), eb('a.available', '=', 1)]))
    .orderBy('u.id')
    .execute();
  if (staff.length === 0) return [];
  const scheduleIds = [...new Set(staff.map((s) => s.schedule_id).filter((id): id is number => id !== null))];
  const schedules = new Map((await readBusinessHours(db, scheduleIds)).map((hours) => [hours.id, scheduleOf(hours)]));
  const working = staff.filter((s) => {
    if (s.schedule_id === null) return true;
    const schedule = schedules.get(s.schedule_id);
    // The second after `at` is within the hours: someone whose day ends this second takes no more.
    return schedule === undefined || businessSecondsBetween(schedule, at, new Date(at.getTime() + 1000)) > 0;
  });
  if (working.length === 0) return [];
  const open = await openTicketCounts(
    db,
    working.map((s) => s.id),
  );
  return working
    .map((s) => ({
      id: s.id,
      open: open.get(s.id) ?? 0,
      lastAssignedSeq: s.last_assigned_seq ?? 0,
      limit: s.open_ticket_limit ?? siteLimit,
    }))
    .filter((s) => s.limit <= 0 || s.open < s.limit)
    .map(({ id, open, lastAssignedSeq }) => ({ id, open, lastAssignedSeq }));
}

/** Open tickets (any status but the finished ones) per assignee. */
export async function openTicketCounts(db: Kysely<Database>, userIds: number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('posts as p')
    .select(['p.assignee_id', sql<number>`count(*)`.as('n')])
    .where('p.type', '=', 'ticket')
    .where('p.assignee_id', 'in', userIds)
    .where((eb) =>
      eb.or([
        eb('p.status_term_id', 'is', null),
        eb(
          'p.status_term_id',
          'not in',
          eb
            .selectFrom('terms')
            .select('id')
            .where('taxonomy', '=', 'ticket_status')
            .where('slug', 'in', [...FINISHED_STATUS_SLUGS]),
        ),
      ]),
    )
    .groupBy('p.assignee_id')
    .execute();
  return new Map(rows.map((row) => [row.assignee_id as number, Number(row.n)]));
}

function choose(candidates: Candidate[], mode: Exclude<AssignmentMode, 'off'>): Candidate | undefined {
  const byTurn = (a: Candidate, b: Candidate) => a.lastAssignedSeq - b.lastAssignedSeq || a.id - b.id;
  const order = mode === 'fewest_open' ? (a: Candidate, b: Candidate) => a.open - b.open || byTurn(a, b) : byTurn;
  return [...candidates].sort(order)[0];
}

function isFinished(status: string | null): boolean {
  return status !== null && (FINISHED_STATUS_SLUGS as readonly string[]).includes(status);
}

async function leaveQueue(trx: Kysely<Database>, ticketId: number): Promise<void> {
  await trx.deleteFrom('assignment_queue').where('ticket_id', '=', ticketId).execute();
}
