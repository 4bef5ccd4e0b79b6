import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import { enqueueJob } from '../../jobs/queue.js';
import { businessSecondsBetween, type Schedule } from '../business-hours/business-time.js';
import type { DomainContext } from '../context.js';
import { FINISHED_STATUSES } from './sla-policy.js';
import { updateTicketSla } from './update-ticket-sla.js';

/** The job that brings running tickets' service levels in line with an edited policy or schedule. */
export const SLA_RECOMPUTE_JOB = 'sla_recompute';

/** Tickets per batch: one transaction each, short enough not to hold SQLite's writer for long. */
export const SLA_RECOMPUTE_BATCH = 100;

/** What an edit asks to recompute (the job's payload, job-payloads.ts). */
export interface SlaRecompute {
  /** When the edit was made: the time used until then is counted on the schedule as it was (`before`). */
  at: string;
  /** The tickets after this id are still to do (0 at first). */
  after: number;
  /** Only tickets under these policies; absent: every ticket with a running target (a new match is possible). */
  policyIds?: number[];
  /** The schedule each of these policies counted on before the edit (null: around the clock). */
  before?: Array<{ policyId: number; schedule: Schedule | null }>;
}

/**
 * Queues the recompute of an edit, inside the edit's own transaction (the outbox): the edit and the promise to
 * carry it to the tickets commit together. Due times then move within moments, one batch after the other.
 */
export async function enqueueSlaRecompute(trx: Kysely<Database>, recompute: Omit<SlaRecompute, 'after'>): Promise<void> {
  if (recompute.policyIds?.length === 0) return;
  await enqueueJob(trx, SLA_RECOMPUTE_JOB, { ...recompute, after: 0 });
}

/**
 * Recomputes one batch of the tickets an edit touched, each as its next change would (its policy matched anew,
 * the targets due anew with the time used kept), and answers where the next batch starts; undefined when done.
 * Idempotent: a target whose clock already runs from the edit on (this batch ran before, or the ticket changed
 * since) is not counted again. A ticket changed between the edit and its batch has that stretch counted on the
 * new schedule: moments, once.
 */
export async function recomputeTicketSlas(
  trx: Kysely<Database>,
  ctx: Pick<DomainContext, 'storage'>,
  recompute: SlaRecompute,
  now: Date,
  batch = SLA_RECOMPUTE_BATCH,
): Promise<number | undefined> {
  let query = trx
    .selectFrom('ticket_sla as s')
    .innerJoin('posts as p', 'p.id', 's.ticket_id')
    .leftJoin('terms as status', 'status.id', 'p.status_term_id')
    .select(['s.ticket_id', 's.policy_id'])
    .where('s.ticket_id', '>', recompute.after)
    // A resolved or closed ticket's clocks stand still; one whose targets are all met (or that has none) keeps
    // them until its next change.
    .where((eb) => eb.or([eb('status.slug', 'is', null), eb('status.slug', 'not in', FINISHED_STATUSES)]))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('ticket_sla_targets as t')
          .select('t.ticket_id')
          .whereRef('t.ticket_id', '=', 's.ticket_id')
          .where('t.status', '<>', 'met'),
      ),
    )
    .orderBy('s.ticket_id')
    .limit(batch);
  if (recompute.policyIds) query = query.where('s.policy_id', 'in', recompute.policyIds);
  const tickets = await query.execute();
  const edits = await scheduleEdits(trx);
  for (const { ticket_id: ticketId, policy_id: policyId } of tickets) {
    // Queued behind a change of the same ticket in progress (PostgreSQL), as two changes of one ticket are.
    await ctx.storage.locks.forUpdate(trx.selectFrom('posts').select('id').where('id', '=', ticketId)).execute();
    const changes = policyId === null ? undefined : edits.get(policyId);
    if (changes) await countUntilEdits(trx, ticketId, changes);
    await updateTicketSla(trx, ticketId, { rescheduled: true }, now);
  }
  const last = tickets[tickets.length - 1];
  return tickets.length === batch && last ? last.ticket_id : undefined;
}

type ScheduleEdit = { at: string; schedule: Schedule | null };

/**
 * The schedule changes not yet carried to every ticket, per policy and in time order: each says on which schedule
 * the policy counted until that edit. Read from every recompute job still to finish (this one included), so a
 * batch of an older job that runs after a newer edit counts each stretch on the schedule it ran on.
 */
async function scheduleEdits(trx: Kysely<Database>): Promise<Map<number, ScheduleEdit[]>> {
  const jobs = await trx
    .selectFrom('jobs')
    .select('payload')
    .where('kind', '=', SLA_RECOMPUTE_JOB)
    .where('state', 'in', ['queued', 'running'])
    .execute();
  const edits = new Map<number, Map<string, Schedule | null>>();
  for (const job of jobs) {
    const payload = JSON.parse(job.payload) as SlaRecompute;
    for (const { policyId, schedule } of payload.before ?? []) {
      const byTime = edits.get(policyId) ?? new Map<string, Schedule | null>();
      byTime.set(payload.at, schedule);
      edits.set(policyId, byTime);
    }
  }
  return new Map(
    [...edits].map(([policyId, byTime]) => [
      policyId,
      [...byTime].map(([at, schedule]) => ({ at, schedule })).sort((a, b) => a.at.localeCompare(b.at)),
    ]),
  );
}

/** Adds each running target's stretches until the edits, each on the schedule it ran on then, to its time used. */
async function countUntilEdits(trx: Kysely<Database>, ticketId: number, edits: ScheduleEdit[]): Promise<void> {
  const running = await trx
    .selectFrom('ticket_sla_targets')
    .select(['metric', 'running_since', 'business_seconds_used'])
    .where('ticket_id', '=', ticketId)
    .where('status', 'in', ['active', 'breached'])
    .execute();
  for (const row of running) {
    if (row.running_since === null) continue;
    let since = row.running_since;
    let used = row.business_seconds_used;
    // An edit before the clock's stretch began is counted already (a batch run before, or a change since).
    for (const edit of edits)
      if (edit.at > since) {
        used += Math.round(businessSecondsBetween(edit.schedule, new Date(since), new Date(edit.at)));
        since = edit.at;
      }
    if (since === row.running_since) continue;
    await trx
      .updateTable('ticket_sla_targets')
      .set({ business_seconds_used: used, running_since: since })
      .where('ticket_id', '=', ticketId)
      .where('metric', '=', row.metric)
      .execute();
  }
}

/** A schedule as a job's payload keeps it: only what the clock counts on. */
export function scheduleSnapshot(schedule: Schedule | null): Schedule | null {
  if (schedule === null) return null;
  return {
    timeZone: schedule.timeZone,
    week: schedule.week.map((day) => day.map(({ start, end }) => ({ start, end }))),
    overrides: schedule.overrides.map(({ date, intervals }) => ({ date, intervals: intervals.map(({ start, end }) => ({ start, end })) })),
  };
}
