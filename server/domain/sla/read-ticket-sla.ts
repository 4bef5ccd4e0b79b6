import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import { businessSecondsBetween, type Schedule } from '../business-hours/business-time.js';
import { loadSchedule } from './load-schedule.js';
import type { SlaMetric } from './sla-policy.js';

export interface TicketSlaTarget {
  metric: SlaMetric;
  due_at: string | null;
  status: 'active' | 'paused' | 'met' | 'breached';
  met_at: string | null;
  breached_at: string | null;
  /** Business seconds counted so far, the running stretch included. */
  business_seconds_used: number;
}

/** A ticket's service level as the API shows it: the policy that applies (null: none) and its targets. */
export interface TicketSla {
  policy: { id: number; name: string } | null;
  targets: TicketSlaTarget[];
}

const ORDER: Record<string, number> = { first_reply: 0, next_reply: 1, resolution: 2 };

/**
 * The service level of each ticket given, at `now`: a running target past its due time reads as breached from
 * then on (the breach events of issue 36 part 5 record it too). `business_seconds_used` of a running target adds
 * the business time since it last started, on its policy's schedule.
 */
export async function readTicketsSla(db: Kysely<Database>, ticketIds: readonly number[], now: Date): Promise<Map<number, TicketSla>> {
  const result = new Map<number, TicketSla>(ticketIds.map((id) => [id, { policy: null, targets: [] }]));
  if (ticketIds.length === 0) return result;
  // One statement: the agent's ticket reads its parts in one round (agent-read-round-trips.test.ts).
  const rows = await db
    .selectFrom('ticket_sla as s')
    .innerJoin('sla_policies as p', 'p.id', 's.policy_id')
    .leftJoin('ticket_sla_targets as t', 't.ticket_id', 's.ticket_id')
    .select(['s.ticket_id', 'p.id', 'p.name', 'p.business_hours_id'])
    .select(['t.metric', 't.due_at', 't.status', 't.met_at', 't.breached_at', 't.business_seconds_used', 't.running_since'])
    .where('s.ticket_id', 'in', ticketIds)
    .execute();
  const states = rows;
  const targets = rows.filter((row) => row.metric !== null);
  const schedules = new Map<number, Schedule | null>();
  for (const state of states) {
    const sla = result.get(state.ticket_id);
    if (sla) sla.policy = { id: state.id, name: state.name };
    if (state.business_hours_id !== null && !schedules.has(state.business_hours_id))
      schedules.set(state.business_hours_id, await loadSchedule(db, state.business_hours_id));
  }
  const scheduleOf = new Map(states.map((state) => [state.ticket_id, schedules.get(state.business_hours_id ?? -1) ?? null]));
  const at = now.toISOString();
  for (const row of targets.sort((a, b) => (ORDER[a.metric ?? ''] ?? 0) - (ORDER[b.metric ?? ''] ?? 0))) {
    const sla = result.get(row.ticket_id);
    if (!sla || sla.policy === null) continue;
    const running = row.status === 'active' || row.status === 'breached';
    const late = running && row.due_at !== null && row.due_at <= at;
    const runningFor =
      running && row.running_since !== null
        ? businessSecondsBetween(scheduleOf.get(row.ticket_id) ?? null, new Date(row.running_since), now)
        : 0;
    sla.targets.push({
      metric: row.metric as SlaMetric,
      due_at: row.due_at,
      status: late ? 'breached' : (row.status as TicketSlaTarget['status']),
      met_at: row.met_at,
      breached_at: row.breached_at ?? (late ? row.due_at : null),
      business_seconds_used: (row.business_seconds_used ?? 0) + Math.round(runningFor),
    });
  }
  return result;
}

export async function readTicketSla(db: Kysely<Database>, ticketId: number, now: Date): Promise<TicketSla> {
  return (await readTicketsSla(db, [ticketId], now)).get(ticketId) ?? { policy: null, targets: [] };
}
