import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import { findRule } from './rule.js';
import { loadConditionSchedules, ruleMatches } from './rule-conditions.js';
import { dueTickets, waitSchedule } from './sweep-time-rules.js';
import { readTicketFactsMany, type TicketFacts } from './ticket-facts.js';

/** The tickets listed at most; `count` counts them all. */
export const PREVIEW_LIST = 50;
/** Event rules: the newest tickets looked at (those a rule is likeliest to meet next). */
export const PREVIEW_SCAN = 5000;
const BATCH = 250;

export interface RulePreview {
  /** The tickets the rule would touch now (its conditions hold; a time rule's wait is also over), newest first. */
  tickets: Array<Pick<TicketFacts, 'id' | 'number' | 'subject' | 'status'>>;
  count: number;
  /** How many tickets were looked at; an event rule looks at the newest PREVIEW_SCAN only. */
  scanned: number;
}

/**
 * What a rule would touch now, changing nothing: a time rule, the tickets whose wait is over and on which it has not
 * fired since their last change; any other rule, the tickets whose conditions hold now (it acts on them at their next
 * such event), among the newest PREVIEW_SCAN.
 */
export async function previewRule(db: Kysely<Database>, id: number, at: Date): Promise<RulePreview> {
  const rule = await findRule(db, id);
  const schedules = await loadConditionSchedules(db, [rule]);
  let ids: number[];
  if (rule.wait) {
    const wait = rule.wait;
    const due = await dueTickets(db, rule, wait, await waitSchedule(db, wait), at);
    ids = due.map((row) => row.ticketId).reverse();
  } else {
    const rows = await db.selectFrom('posts').select('id').where('type', '=', 'ticket').orderBy('id', 'desc').limit(PREVIEW_SCAN).execute();
    ids = rows.map((row) => row.id);
  }
  const tickets: RulePreview['tickets'] = [];
  let count = 0;
  for (let start = 0; start < ids.length; start += BATCH) {
    for (const facts of await readTicketFactsMany(db, ids.slice(start, start + BATCH))) {
      if (rule.wait && facts.status !== rule.wait.status) continue;
      if (!ruleMatches(rule, facts, at, schedules)) continue;
      count += 1;
      if (tickets.length < PREVIEW_LIST) tickets.push({ id: facts.id, number: facts.number, subject: facts.subject, status: facts.status });
    }
  }
  return { tickets, count, scanned: ids.length };
}
