import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/tables.js';
import { fanOutSlaEvent, type SlaEventFacts } from '../../email/mail-jobs.js';
import { queueRuleRun } from '../../jobs/queue-rule-run.js';
import { getCoreSettings } from '../../settings/core-settings.js';
import { queueWebhookEvent } from '../../webhooks/queue-webhook-event.js';
import type { DomainContext } from '../context.js';
import { type AddedNotification, announceNotifications } from '../notifications/add-notifications.js';
import { defaultMailPreferences, type MailPreferences } from '../notifications/notification-preferences.js';
import { recordTicketChanges } from './ticket-activity.js';

/** What one sweep did: the events it sent, and the warnings it let the breach stand for. */
export interface SlaSweep {
  warnings: number;
  breaches: number;
  folded: number;
}

export interface SweepOptions {
  /** Runs inside each event's transaction once its claim is made, before the commit: tests hold it open there. */
  claimed?: (target: SlaEventFacts) => Promise<void>;
}

/** Targets claimed per query; a sweep goes on until fewer are due. */
const BATCH = 100;

type Candidate = Omit<SlaEventFacts, 'event'> & { startedAt: string };

/** Another instance (or a ticket change) got there first: the transaction is rolled back, nothing was sent. */
class ClaimLost extends Error {}

/**
 * Sends every service-level warning and breach due at `ctx.now()`, each exactly once: to the assignee (or the
 * agents who get new-ticket mail) in the bell and by mail as they chose, into the ticket's activity, and on the
 * live stream. Any number of instances may sweep at once, and a restart sweeps what came due while it was down.
 *
 * Each event is its own transaction, which raises the ticket's version first (that holds the ticket's row, as a
 * ticket change does before it rewrites its targets) and then claims the target with an UPDATE that matches only
 * while the event is still unsent (`warned_at` / `breached_at` null, the same due time); a claim that matches
 * nothing rolls it all back. So two sweepers, or a sweep and a change, queue on the ticket's row, and the second
 * finds the event sent, or the target changed under it (a later sweep reads it afresh).
 *
 * A warning whose due time has passed before it was sent (the service was down, or the target is shorter than the
 * warning minutes and a sweep came late) is marked sent without a word: the breach says it.
 */
export async function fireSlaEvents(ctx: DomainContext, options: SweepOptions = {}): Promise<SlaSweep> {
  const at = ctx.now().toISOString();
  const sweep: SlaSweep = { warnings: 0, breaches: 0, folded: 0 };
  const folded = await ctx.db
    .updateTable('ticket_sla_targets')
    .set({ warned_at: at })
    .where('status', '=', 'active')
    .where('warned_at', 'is', null)
    .where('warn_at', '<=', at)
    .where('due_at', '<=', at)
    .executeTakeFirst();
  sweep.folded = Number(folded.numUpdatedRows);
  const routing = { mailDefaults: defaultMailPreferences(await getCoreSettings(ctx)) };
  for (const event of ['warning', 'breached'] as const) {
    for (;;) {
      const due = await dueCandidates(ctx.db, event, at);
      for (const candidate of due)
        if (await fire(ctx, { ...candidate, event }, at, routing, options)) sweep[event === 'warning' ? 'warnings' : 'breaches'] += 1;
      if (due.length < BATCH) break;
    }
  }
  return sweep;
}

/** The targets whose warning (or breach) is due and unsent, of tickets that still exist; oldest first. */
async function dueCandidates(db: Kysely<Database>, event: 'warning' | 'breached', at: string): Promise<Candidate[]> {
  const unsent = db
    .selectFrom('ticket_sla_targets as t')
    .innerJoin('posts as p', 'p.id', 't.ticket_id')
    .select(['t.ticket_id', 't.metric', 't.due_at', 't.started_at'])
    .where('t.status', '=', 'active');
  const rows =
    event === 'warning'
      ? await unsent.where('t.warned_at', 'is', null).where('t.warn_at', '<=', at).orderBy('t.warn_at').limit(BATCH).execute()
      : await unsent.where('t.breached_at', 'is', null).where('t.due_at', '<=', at).orderBy('t.due_at').limit(BATCH).execute();
  return rows.map((row) => ({
    ticketId: row.ticket_id,
    metric: row.metric as Candidate['metric'],
    dueAt: row.due_at as string,
    startedAt: row.started_at,
  }));
}

/** Sends one event if this sweep wins its claim; whether it did. */
async function fire(
  ctx: DomainContext,
  target: Candidate & { event: SlaEventFacts['event'] },
  at: string,
  routing: { mailDefaults: MailPreferences },
  options: SweepOptions,
): Promise<boolean> {
  let sent: { version: number; notified: AddedNotification[] };
  try {
    sent = await ctx.db.transaction().execute(async (trx) => {
      const version = await recordTicketChanges(trx, target.ticketId, null, [
        { kind: 'sla', field: target.metric, oldValue: target.dueAt, newValue: target.event, automatic: true },
      ]);
      if (!(await claim(trx, target, at))) throw new ClaimLost();
      const notified = await fanOutSlaEvent(trx, target, routing);
      await queueWebhookEvent(
        trx,
        target.event === 'breached' ? 'ticket.sla_breached' : 'ticket.sla_warning',
        { ticket: { id: target.ticketId, version }, metric: target.metric, due_at: target.dueAt },
        new Date(at),
      );
      const trigger = target.event === 'breached' ? 'sla.breached' : 'sla.warning';
      await queueRuleRun(trx, { ticketId: target.ticketId, trigger, marker: version, chain: [] });
      await options.claimed?.(target);
      return { version, notified };
    });
  } catch (error) {
    if (error instanceof ClaimLost) return false;
    throw error;
  }
  const { ticketId, metric, event } = target;
  ctx.live.publish({ kind: 'ticket.sla', ticketId, version: sent.version, metric, event });
  announceNotifications(ctx.live, sent.notified);
  return true;
}

/** Marks the event sent, if it still is unsent and the target is the one read (same start, same due time). */
async function claim(trx: Kysely<Database>, target: Candidate & { event: SlaEventFacts['event'] }, at: string): Promise<boolean> {
  const same = trx
    .updateTable('ticket_sla_targets')
    .where('ticket_id', '=', target.ticketId)
    .where('metric', '=', target.metric)
    .where('started_at', '=', target.startedAt)
    .where('due_at', '=', target.dueAt)
    .where('status', '=', 'active');
  const result =
    target.event === 'warning'
      ? await same.set({ warned_at: at }).where('warned_at', 'is', null).where('warn_at', '<=', at).executeTakeFirst()
      : await same
          // Breached at its due time (as a target met late records it); a breach also ends any warning still to come.
          .set({ status: 'breached', breached_at: target.dueAt, warned_at: sql<string>`coalesce(warned_at, ${at})` })
          .where('breached_at', 'is', null)
          .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
