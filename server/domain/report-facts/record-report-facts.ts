import type { Kysely, Updateable } from 'kysely';
import type { Database, TicketReportFactsTable } from '../../db/tables.js';
import { businessSecondsBetween, type Schedule } from '../business-hours/business-time.js';
import { getBusinessSchedule } from '../business-hours/get-business-hours.js';
import { isFinishedStatus, isHeldStatus } from './report-statuses.js';

/** What happened to the ticket in the change being recorded. */
export interface ReportFactsEvent {
  /** A comment added with the change (an internal note or a public message). */
  comment?: { id: number; internal: boolean };
  /** Whether the change moved the ticket's status. */
  statusChanged: boolean;
  /**
   * False when no service level is in force (no policy, no running target: `slaInForce`, cached): the ticket has no
   * policy to read, so its times count on the default schedule without asking.
   */
  slaInForce?: boolean;
}

/**
 * Keeps what the reports measure on the ticket, inside the transaction that changed it, at `at`: the first
 * public reply by a person on the staff (a bot's reply is `bot`, a note is internal, automatic mail is no comment),
 * each next reply to a client's message after one, the latest resolution with the time the client waited for it
 * (report-statuses.ts: not in a pause status of the ticket's policy, nor resolved before a reopening), and
 * reopenings, and every stay in Resolved or Closed (`ticket_report_resolutions`). Business seconds count
 * on the ticket's service-level schedule (around the clock when its policy has none), else the default schedule.
 * A change with neither a public comment nor a new status costs nothing.
 */
export async function recordReportFacts(trx: Kysely<Database>, ticketId: number, event: ReportFactsEvent, at: Date): Promise<void> {
  const isPublic = event.comment !== undefined && !event.comment.internal;
  if (!isPublic && !event.statusChanged) return;
  // One after the other: a transaction is one connection.
  const ticket = await trx
    .selectFrom('posts as p')
    .leftJoin('terms as s', 's.id', 'p.status_term_id')
    .leftJoin('ticket_report_facts as f', 'f.ticket_id', 'p.id')
    .select([
      'p.created_at as posted_at',
      's.slug as current_status',
      'f.ticket_id as facts_of',
      'f.created_at',
      'f.status',
      'f.first_reply_at',
      'f.held_s',
      'f.held_bs',
      'f.held_since',
      'f.awaiting_since',
      'f.reopen_count',
    ])
    .where('p.id', '=', ticketId)
    .executeTakeFirst();
  if (!ticket) return;
  if (ticket.facts_of === null)
    // A ticket without its row (made by code that wrote posts alone): known from here on.
    await trx.insertInto('ticket_report_facts').values({ ticket_id: ticketId, created_at: ticket.posted_at }).execute();
  const createdAt = new Date(ticket.created_at ?? ticket.posted_at);
  const now = at.toISOString();
  const set: Updateable<TicketReportFactsTable> = {};
  let policy: TicketPolicy | undefined;
  const policyOf = async () => {
    policy ??= event.slaInForce === false ? await noPolicy(trx) : await policyOfTicket(trx, ticketId);
    return policy;
  };
  const business = async (from: Date) => Math.round(businessSecondsBetween((await policyOf()).schedule, from, at));
  const calendar = (from: Date) => Math.max(0, Math.round((at.getTime() - from.getTime()) / 1000));

  const role = isPublic ? await authorRole(trx, event.comment?.id as number) : undefined;
  if (role === 'agent') {
    if (ticket.first_reply_at === null) {
      set.first_reply_at = now;
      set.first_reply_s = calendar(createdAt);
      set.first_reply_bs = await business(createdAt);
    } else if (ticket.awaiting_since !== null) {
      const since = new Date(ticket.awaiting_since);
      await trx
        .insertInto('ticket_report_replies')
        .values({ ticket_id: ticketId, replied_at: now, seconds: calendar(since), business_seconds: await business(since) })
        .execute();
    }
    set.awaiting_since = null;
  } else if (role === 'client' && ticket.first_reply_at !== null && ticket.awaiting_since === null) {
    // The client wrote after a staff reply: the next reply's clock starts here (later messages do not move it).
    set.awaiting_since = now;
  }

  const before = ticket.facts_of === null ? null : ticket.status;
  const after = ticket.current_status;
  if (after !== before) {
    set.status = after;
    if (before !== null && isFinishedStatus(before) && !isFinishedStatus(after)) {
      set.reopen_count = (ticket.reopen_count ?? 0) + 1;
      set.resolved_at = null;
      set.resolution_s = null;
      set.resolution_bs = null;
      set.client_wait_s = null;
      set.client_wait_bs = null;
      await trx
        .updateTable('ticket_report_resolutions')
        .set({ reopened_at: now })
        .where('ticket_id', '=', ticketId)
        .where('reopened_at', 'is', null)
        .execute();
    }
    const heldSince = ticket.held_since === null ? null : new Date(ticket.held_since);
    // The current stay waiting on the client (or finished) so far; added to the total when the ticket comes back.
    const heldNow = heldSince ? { s: calendar(heldSince), bs: await business(heldSince) } : { s: 0, bs: 0 };
    const held = isHeldStatus(after, (await policyOf()).pauseStatuses);
    if (heldSince && !held) {
      set.held_s = (ticket.held_s ?? 0) + heldNow.s;
      set.held_bs = (ticket.held_bs ?? 0) + heldNow.bs;
      set.held_since = null;
    } else if (!heldSince && held) set.held_since = now;
    if (isFinishedStatus(after) && !isFinishedStatus(before)) {
      const resolution = { s: calendar(createdAt), bs: await business(createdAt) };
      set.resolved_at = now;
      set.resolution_s = resolution.s;
      set.resolution_bs = resolution.bs;
      set.client_wait_s = Math.max(0, resolution.s - (ticket.held_s ?? 0) - heldNow.s);
      set.client_wait_bs = Math.max(0, resolution.bs - (ticket.held_bs ?? 0) - heldNow.bs);
      // Every stay in Resolved or Closed, for the backlog of past days (report-rows.ts).
      await trx.insertInto('ticket_report_resolutions').values({ ticket_id: ticketId, resolved_at: now }).execute();
    }
  }
  if (Object.keys(set).length > 0) await trx.updateTable('ticket_report_facts').set(set).where('ticket_id', '=', ticketId).execute();
}

interface TicketPolicy {
  /** The schedule the ticket's service level counts on; the default schedule when no policy applies to it. */
  schedule: Schedule | null;
  /** The statuses its policy pauses on: those the owner named as waiting on the client. */
  pauseStatuses: string[];
}

async function policyOfTicket(trx: Kysely<Database>, ticketId: number): Promise<TicketPolicy> {
  const row = await trx
    .selectFrom('ticket_sla as t')
    .innerJoin('sla_policies as p', 'p.id', 't.policy_id')
    .select(['p.business_hours_id', 'p.pause_statuses'])
    .where('t.ticket_id', '=', ticketId)
    .executeTakeFirst();
  const schedule = await getBusinessSchedule(trx, row ? row.business_hours_id : undefined);
  return { schedule, pauseStatuses: row ? (JSON.parse(row.pause_statuses) as string[]) : [] };
}

async function noPolicy(trx: Kysely<Database>): Promise<TicketPolicy> {
  return { schedule: await getBusinessSchedule(trx, undefined), pauseStatuses: [] };
}

async function authorRole(trx: Kysely<Database>, commentId: number): Promise<string | undefined> {
  const row = await trx.selectFrom('comments').select('author_role').where('id', '=', commentId).executeTakeFirst();
  return row?.author_role;
}
