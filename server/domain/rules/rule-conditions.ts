import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import { businessSecondsBetween, type Schedule } from '../business-hours/business-time.js';
import { getBusinessSchedule } from '../business-hours/get-business-hours.js';
import type { Rule, RuleCondition } from './rule.js';
import type { TicketFacts } from './ticket-facts.js';

/** The schedules a rule's business-hours conditions name, by id (null key: the default schedule). */
export type ScheduleMap = Map<number | null, Schedule | null>;

/** Reads the schedules `rules` need for their business-hours conditions (once per run, before any transaction). */
export async function loadConditionSchedules(db: Kysely<Database>, rules: readonly Rule[]): Promise<ScheduleMap> {
  const schedules: ScheduleMap = new Map();
  for (const rule of rules)
    for (const condition of rule.conditions)
      if (condition.field === 'business_hours') {
        const id = condition.business_hours_id ?? null;
        if (!schedules.has(id)) schedules.set(id, await getBusinessSchedule(db, id ?? undefined));
      }
  return schedules;
}

/** Whether the rule's conditions hold for the ticket at `at`: all of them, or any one (`match`); none given holds. */
export function ruleMatches(rule: Pick<Rule, 'match' | 'conditions'>, ticket: TicketFacts, at: Date, schedules: ScheduleMap): boolean {
  if (rule.conditions.length === 0) return true;
  const holds = (condition: RuleCondition) => conditionHolds(condition, ticket, at, schedules);
  return rule.match === 'any' ? rule.conditions.some(holds) : rule.conditions.every(holds);
}

const folded = (text: string) => text.toLocaleLowerCase('en');

/** One condition on the ticket. Words match case-insensitively anywhere in the text; tags by name, in any case. */
export function conditionHolds(condition: RuleCondition, ticket: TicketFacts, at: Date, schedules: ScheduleMap): boolean {
  switch (condition.field) {
    case 'status':
      return isOrNot(condition.op, condition.values.includes(ticket.status));
    case 'urgency':
    case 'reason':
    case 'product': {
      const value = ticket[condition.field];
      return isOrNot(condition.op, value !== null && condition.values.includes(value));
    }
    case 'channel':
      return isOrNot(condition.op, ticket.channel !== null && (condition.values as string[]).includes(ticket.channel));
    case 'custom': {
      const value = ticket.fields[condition.key];
      return isOrNot(condition.op, value !== undefined && condition.values.includes(value));
    }
    case 'tag': {
      const has = new Set(ticket.tags.map(folded));
      const wanted = condition.values.map(folded);
      if (condition.op === 'has_all') return wanted.every((tag) => has.has(tag));
      const any = wanted.some((tag) => has.has(tag));
      return condition.op === 'has_any' ? any : !any;
    }
    case 'subject':
    case 'message': {
      const text = folded(condition.field === 'subject' ? ticket.subject : ticket.message);
      const found = condition.values.some((word) => word.trim() !== '' && text.includes(folded(word.trim())));
      return condition.op === 'contains' ? found : !found;
    }
    case 'business_hours': {
      const schedule = schedules.get(condition.business_hours_id ?? null) ?? null;
      // Inside: the minute that starts now is business time.
      const inside = businessSecondsBetween(schedule, at, new Date(at.getTime() + 60_000)) > 0;
      return condition.op === 'inside' ? inside : !inside;
    }
  }
}

function isOrNot(op: 'is' | 'is_not', found: boolean): boolean {
  return op === 'is' ? found : !found;
}
