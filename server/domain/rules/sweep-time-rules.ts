import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { Schedule } from '../business-hours/business-time.js';
import { getBusinessSchedule } from '../business-hours/get-business-hours.js';
import type { DomainContext } from '../context.js';
import { fireRuleAlone } from './fire-rule.js';
import { readFiringEnv } from './firing-env.js';
import { type Rule, type RuleWait, readRules } from './rule.js';
import { shortestWaitMs, waitEnds } from './rule-wait.js';

/** A ticket whose wait is over: the version of its last change not made by a rule (0: none since filing). */
export interface DueTicket {
  ticketId: number;
  marker: number;
}

const CHUNK = 500;

/**
 * Fires every enabled time rule on the tickets whose wait is over at `ctx.now()`: in the rule's status, and
 * unchanged since for the rule's time (changes made by rules and service-level events do not count). Each rule fires
 * once per ticket and change: its claim is the `rule_firings` row of (rule, ticket, the last change's version), so a
 * restart, a second sweep or a second instance finds it taken. Answers how many fired.
 */
export async function sweepTimeRules(ctx: DomainContext): Promise<number> {
  let fired = 0;
  const at = ctx.now();
  for (const rule of await readRules(ctx.db, { trigger: 'time' })) {
    const wait = rule.wait;
    if (!wait) continue;
    const schedule = await waitSchedule(ctx.db, wait);
    for (const due of await dueTickets(ctx.db, rule, wait, schedule, at)) {
      const env = await readFiringEnv(ctx, [rule], due.ticketId);
      const done = await fireRuleAlone(ctx, rule, due.ticketId, env, {
        marker: due.marker,
        chain: [],
        at,
        // Still in the status and unchanged since the sweep read it: a change in between starts the wait again.
        check: async (db, facts) => facts.status === wait.status && (await lastChange(db, due.ticketId)).marker === due.marker,
      });
      if (done) fired += 1;
    }
  }
  return fired;
}

/** The schedule a wait counts on: none for calendar time, the named business hours or the default. */
export function waitSchedule(db: Kysely<Database>, wait: RuleWait): Promise<Schedule | null> {
  return wait.clock === 'calendar' ? Promise.resolve(null) : getBusinessSchedule(db, wait.business_hours_id ?? undefined);
}

/** The tickets in the wait's status whose wait is over at `at` and on which the rule has not fired since their last change. */
export async function dueTickets(
  db: Kysely<Database>,
  rule: Rule,
  wait: RuleWait,
  schedule: Schedule | null,
  at: Date,
): Promise<DueTicket[]> {
  const status = await db
    .selectFrom('terms')
    .select('id')
    .where('taxonomy', '=', 'ticket_status')
    .where('slug', '=', wait.status)
    .executeTakeFirst();
  if (!status) return [];
  const cutoff = new Date(at.getTime() - shortestWaitMs(wait, schedule)).toISOString();
  const rows = await db
    .selectFrom('posts as p')
    .select(['p.id', 'p.created_at'])
    // The last change that counts: not a rule's (rule_id) and not a service-level event. Read per ticket in the
    // status (ticket_events is indexed by ticket and version); the wait is then checked here, on the schedule.
    .select([
      sql<
        number | null
      >`(select max(e.version) from ticket_events e where e.ticket_id = p.id and e.rule_id is null and e.kind <> 'sla')`.as('marker'),
      sql<
        string | null
      >`(select max(e.created_at) from ticket_events e where e.ticket_id = p.id and e.rule_id is null and e.kind <> 'sla')`.as(
        'changed_at',
      ),
    ])
    .where('p.type', '=', 'ticket')
    .where('p.status_term_id', '=', status.id)
    .where('p.created_at', '<=', cutoff)
    .orderBy('p.id')
    .execute();
  const due = rows
    .map((row) => ({ ticketId: row.id, marker: Number(row.marker ?? 0), since: String(row.changed_at ?? row.created_at) }))
    .filter((row) => waitEnds(wait, new Date(row.since), schedule).getTime() <= at.getTime());
  const fired = new Set<string>();
  for (let start = 0; start < due.length; start += CHUNK) {
    const ids = due.slice(start, start + CHUNK).map((row) => row.ticketId);
    const rows = await db
      .selectFrom('rule_firings')
      .select(['ticket_id', 'marker'])
      .where('rule_id', '=', rule.id)
      .where('ticket_id', 'in', ids)
      .execute();
    for (const row of rows) fired.add(`${row.ticket_id}:${row.marker}`);
  }
  return due.filter((row) => !fired.has(`${row.ticketId}:${row.marker}`)).map(({ ticketId, marker }) => ({ ticketId, marker }));
}

/** The ticket's last change not made by a rule (nor a service-level event): its version, 0 when none since filing. */
export async function lastChange(db: Kysely<Database>, ticketId: number): Promise<{ marker: number }> {
  const row = await db
    .selectFrom('ticket_events')
    .select((eb) => eb.fn.max('version').as('marker'))
    .where('ticket_id', '=', ticketId)
    .where('rule_id', 'is', null)
    .where('kind', '<>', 'sla')
    .executeTakeFirst();
  return { marker: Number(row?.marker ?? 0) };
}
