import type { Kysely, Selectable } from 'kysely';
import type { Database, TicketSlaTargetsTable } from '../../db/tables.js';
import { addBusinessSeconds, businessSecondsBetween, type Schedule } from '../business-hours/business-time.js';
import { loadSchedule } from './load-schedule.js';
import { matchPolicy, type SlaTicketFacts } from './match-policy.js';
import { FINISHED_STATUSES, readSlaPolicies, type SlaChannel, type SlaMetric, targetsFor } from './sla-policy.js';

/** What happened to the ticket, besides the fields it now has (read afresh). */
export interface SlaEvent {
  /** The ticket was just filed (by that channel): its targets start now. */
  filed?: { channel: SlaChannel | null };
  /** A comment was added with the change (an internal note or a public message). */
  comment?: { id: number; internal: boolean };
  /**
   * Its policy or the policy's business hours were edited (recompute-ticket-slas.ts): running targets are due
   * anew on the schedule as it is now, with the business time used so far kept.
   */
  rescheduled?: boolean;
}

type TargetRow = Selectable<TicketSlaTargetsTable> & { metric: SlaMetric };
type Row = TargetRow & { fresh?: boolean; rerun?: boolean };

const RUNNING = ['active', 'breached'];

/**
 * Brings a ticket's service level up to date inside the transaction that changed it, at `at`: matches its
 * policy anew (a changed policy or urgency re-applies with the business time used kept), meets first and next
 * reply on a public reply by staff, starts next reply on a client's message after one, pauses on a pause status
 * (once, whichever pause statuses follow), meets resolution on Resolved or Closed and runs it again on a reopen.
 * Costs one read and nothing more for a ticket filed while no policy existed, until one does. The caller holds the
 * ticket's row (a filing inserted it, a change raised its version) so that the warnings' sweep, which takes that row
 * first too, never interleaves with this read-and-rewrite; `warned_at` and `breached_at` are carried through it.
 */
export async function updateTicketSla(trx: Kysely<Database>, ticketId: number, event: SlaEvent, at: Date): Promise<void> {
  const state = await trx.selectFrom('ticket_sla').selectAll().where('ticket_id', '=', ticketId).executeTakeFirst();
  const policies = await readSlaPolicies(trx);
  if (!state && policies.length === 0) return;
  const channel = (state?.channel ?? event.filed?.channel ?? null) as SlaChannel | null;
  const facts = await readTicketFacts(trx, ticketId, channel);
  if (!facts) return;
  const policy = matchPolicy(policies, facts);
  const oldPolicy = state ? (policies.find((p) => p.id === state.policy_id) ?? null) : null;
  const targets = policy ? targetsFor(policy, facts.urgency) : {};
  const rows: Row[] = state
    ? ((await trx.selectFrom('ticket_sla_targets').selectAll().where('ticket_id', '=', ticketId).execute()) as TargetRow[])
    : [];
  const oldSchedule = await loadSchedule(trx, oldPolicy?.businessHoursId ?? null);
  const schedule = await loadSchedule(trx, policy?.businessHoursId ?? null);
  const now = at.toISOString();
  const warnBefore = (policy?.warnBeforeMinutes ?? 0) * 60_000;
  const setDue = (row: Row, on: Schedule | null) => setDueAndWarning(row, on, at, warnBefore);

  const policyChanged =
    !state ||
    (state.policy_id ?? null) !== (policy?.id ?? null) ||
    (oldPolicy?.businessHoursId ?? null) !== (policy?.businessHoursId ?? null) ||
    rows.some((row) => targets[row.metric] === undefined || (targets[row.metric] as number) * 60 !== row.target_seconds);
  let kept = rows;
  if (policyChanged) {
    // Re-applied: the time used so far is counted on the schedule it ran on, then the new targets run from here.
    for (const row of rows)
      if (RUNNING.includes(row.status)) {
        fold(row, oldSchedule, at);
        row.rerun = true;
      }
    kept = rows.filter((row) => targets[row.metric] !== undefined);
    for (const row of kept) row.target_seconds = (targets[row.metric] as number) * 60;
    const missing = (['first_reply', 'resolution'] as const).filter(
      (metric) => targets[metric] !== undefined && !kept.some((row) => row.metric === metric),
    );
    if (missing.length > 0) {
      // A target that starts mid-ticket (no policy applied before) counts from the filing, as a new one would.
      const repliedBefore = missing.includes('first_reply') && !event.filed && (await staffReplied(trx, ticketId));
      const from = event.filed || facts.createdAt > now ? now : facts.createdAt;
      for (const metric of missing) {
        if (metric === 'first_reply' && repliedBefore) continue;
        kept.push(newRow(ticketId, metric, targets[metric] as number, from, businessSecondsBetween(schedule, new Date(from), at)));
      }
    }
  }

  // A person on the staff wrote to the client (a bot's reply is `bot`, a note is internal).
  const role = event.comment && !event.comment.internal ? await authorRole(trx, event.comment.id) : undefined;
  if (role === 'agent') {
    for (const row of kept)
      if (row.metric !== 'resolution' && row.status !== 'met') {
        fold(row, schedule, at);
        meet(row, now);
      }
  } else if (role === 'client' && targets.next_reply !== undefined) {
    const next = kept.find((row) => row.metric === 'next_reply');
    if ((!next || next.status === 'met') && (await staffReplied(trx, ticketId))) {
      kept = kept.filter((row) => row !== next);
      kept.push(newRow(ticketId, 'next_reply', targets.next_reply, now, 0));
    }
  }

  const finished = FINISHED_STATUSES.includes(facts.status);
  const runs = !finished && !(policy?.pauseStatuses ?? []).includes(facts.status);
  for (const row of kept) {
    // A reply target once met is done until a client's message starts the next one.
    if (row.status === 'met' && row.metric !== 'resolution') continue;
    const running = RUNNING.includes(row.status) && !row.rerun;
    // New or re-applied: due as if it ran from now (a paused one shows when it would be due).
    if (row.fresh || row.rerun) setDue(row, schedule);
    if (runs) {
      if (running) {
        if (event.rescheduled) {
          // The schedule changed under a running clock: its time so far kept, due anew on the new hours.
          fold(row, schedule, at);
          row.running_since = now;
          setDue(row, schedule);
        }
        continue;
      }
      // Started, resumed, re-applied, or a resolution reopened: the clock runs from here with the time used kept.
      // One whose breach was announced (or that was met late) stays breached: a target breaches once.
      row.status = row.breached_at !== null ? 'breached' : 'active';
      row.met_at = null;
      row.paused_at = null;
      row.running_since = now;
      setDue(row, schedule);
      continue;
    }
    if (running) fold(row, schedule, at);
    if (finished && row.metric === 'resolution') {
      if (row.status !== 'met') meet(row, now);
      continue;
    }
    // Already paused (Waiting → another pause status): the pause began then, and is counted once.
    if (row.status === 'paused' && !row.fresh && !row.rerun) continue;
    row.status = 'paused';
    row.met_at = null;
    row.paused_at = now;
    row.running_since = null;
  }

  await trx.deleteFrom('ticket_sla_targets').where('ticket_id', '=', ticketId).execute();
  if (kept.length > 0)
    await trx
      .insertInto('ticket_sla_targets')
      .values(kept.map(({ fresh: _f, rerun: _r, ...row }) => row))
      .execute();
  const dues = kept.filter((row) => RUNNING.includes(row.status) && row.due_at !== null).map((row) => row.due_at as string);
  const next_due_at = dues.length > 0 ? dues.sort()[0] : null;
  const values = { policy_id: policy?.id ?? null, channel, next_due_at };
  if (state) await trx.updateTable('ticket_sla').set(values).where('ticket_id', '=', ticketId).execute();
  else
    await trx
      .insertInto('ticket_sla')
      .values({ ticket_id: ticketId, ...values })
      .execute();
}

function newRow(ticketId: number, metric: SlaMetric, minutes: number, startedAt: string, used: number): Row {
  return {
    ticket_id: ticketId,
    metric,
    target_seconds: minutes * 60,
    started_at: startedAt,
    status: 'paused',
    due_at: null,
    met_at: null,
    breached_at: null,
    business_seconds_used: Math.round(used),
    running_since: null,
    paused_at: null,
    warn_at: null,
    warned_at: null,
    fresh: true,
  };
}

/** Adds the running stretch to the time used and stops it. */
function fold(row: Row, schedule: Schedule | null, at: Date): void {
  if (row.running_since !== null)
    row.business_seconds_used += Math.round(businessSecondsBetween(schedule, new Date(row.running_since), at));
  row.running_since = null;
}

/**
 * When the target is due if its clock runs from `at` on: the time left added in business time (already late: kept);
 * and when to warn of it, `warnBefore` ms of the clock on the wall earlier ("due in 15 minutes" means 15 minutes).
 * `warned_at` and `breached_at` are left as they are: a re-applied or resumed target is warned of and breached once.
 */
function setDueAndWarning(row: Row, schedule: Schedule | null, at: Date, warnBefore: number): void {
  const left = row.target_seconds - row.business_seconds_used;
  if (left > 0) row.due_at = addBusinessSeconds(schedule, at, left).toISOString();
  else row.due_at ??= at.toISOString();
  // No warning minutes: no warning (one at the due time would only repeat the breach).
  row.warn_at = warnBefore > 0 ? new Date(Date.parse(row.due_at) - warnBefore).toISOString() : null;
}

function meet(row: Row, now: string): void {
  // Met after its due time: the breach stays on record.
  if (row.due_at !== null && row.due_at <= now) row.breached_at ??= row.due_at;
  row.status = 'met';
  row.met_at = now;
  row.running_since = null;
}

interface Facts extends SlaTicketFacts {
  status: string;
  createdAt: string;
}

async function readTicketFacts(trx: Kysely<Database>, ticketId: number, channel: SlaChannel | null): Promise<Facts | undefined> {
  // One after the other: a transaction is one connection.
  const ticket = await trx
    .selectFrom('posts as p')
    .leftJoin('terms as s', 's.id', 'p.status_term_id')
    .select(['p.product_id', 'p.urgency_term_id', 'p.reason_term_id', 'p.created_at', 's.slug as status'])
    .where('p.id', '=', ticketId)
    .executeTakeFirst();
  if (!ticket) return undefined;
  const tags = await trx.selectFrom('ticket_tags').select('term_id').where('ticket_id', '=', ticketId).execute();
  const meta = (
    await trx
      .selectFrom('post_meta')
      .select(['meta_key', 'meta_value'])
      .where('post_id', '=', ticketId)
      .where('meta_key', 'like', 'custom_%')
      .execute()
  ).filter((row) => row.meta_key.startsWith('custom_'));
  return {
    urgency: ticket.urgency_term_id,
    reason: ticket.reason_term_id,
    product: ticket.product_id,
    tags: tags.map((row) => row.term_id),
    channel,
    fields: Object.fromEntries(meta.map((row) => [row.meta_key.slice('custom_'.length), row.meta_value])),
    status: ticket.status ?? '',
    createdAt: ticket.created_at,
  };
}

/** Whether a person on the staff has written to the client on this ticket (a public reply; no bot, no note). */
async function staffReplied(trx: Kysely<Database>, ticketId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('comments as c')
    .innerJoin('comment_meta as m', (join) => join.onRef('m.comment_id', '=', 'c.id').on('m.meta_key', '=', 'is_internal'))
    .select('c.id')
    .where('c.post_id', '=', ticketId)
    .where('c.author_role', '=', 'agent')
    .where('m.meta_value', '=', '0')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

async function authorRole(trx: Kysely<Database>, commentId: number): Promise<string | undefined> {
  const row = await trx.selectFrom('comments').select('author_role').where('id', '=', commentId).executeTakeFirst();
  return row?.author_role;
}
