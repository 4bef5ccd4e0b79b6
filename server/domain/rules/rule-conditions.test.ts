import { describe, expect, it } from 'vitest';
import type { Schedule } from '../business-hours/business-time.js';
import type { RuleCondition } from './rule.js';
import { conditionHolds, ruleMatches, type ScheduleMap } from './rule-conditions.js';
import type { TicketFacts } from './ticket-facts.js';

const ticket: TicketFacts = {
  id: 7,
  number: 7,
  version: 3,
  subject: 'Invoice is WRONG',
  message: 'Please send a refund soon.',
  status: 'waiting',
  urgency: 11,
  reason: 21,
  product: 31,
  assignee: null,
  client: 41,
  tags: ['VIP', 'billing'],
  channel: 'mail',
  fields: { plan: 'pro' },
};
// Monday to Friday 09:00–17:00 in Berlin; 2026-12-07 is a Monday.
const week = [[], ...Array.from({ length: 5 }, () => [{ start: '09:00', end: '17:00' }]), []];
const berlin: Schedule = { timeZone: 'Europe/Berlin', week, overrides: [] };
const schedules: ScheduleMap = new Map([[null, berlin]]);
const monday10 = new Date('2026-12-07T09:00:00Z');
const sunday = new Date('2026-12-06T12:00:00Z');
const holds = (condition: RuleCondition, at = monday10) => conditionHolds(condition, ticket, at, schedules);

describe('a rule condition on a ticket', () => {
  it('status is one of the slugs given, or is not', () => {
    expect(holds({ field: 'status', op: 'is', values: ['open', 'waiting'] })).toBe(true);
    expect(holds({ field: 'status', op: 'is_not', values: ['waiting'] })).toBe(false);
  });

  it('urgency, reason and product compare ids', () => {
    expect(holds({ field: 'urgency', op: 'is', values: [11] })).toBe(true);
    expect(holds({ field: 'reason', op: 'is', values: [22] })).toBe(false);
    expect(holds({ field: 'product', op: 'is_not', values: [32] })).toBe(true);
  });

  it('a ticket without the value is not it, and is_not holds for it', () => {
    const none = { ...ticket, urgency: null };
    expect(conditionHolds({ field: 'urgency', op: 'is', values: [11] }, none, monday10, schedules)).toBe(false);
    expect(conditionHolds({ field: 'urgency', op: 'is_not', values: [11] }, none, monday10, schedules)).toBe(true);
  });

  it('tags match by name in any case: any, all or none of them', () => {
    expect(holds({ field: 'tag', op: 'has_any', values: ['vip', 'other'] })).toBe(true);
    expect(holds({ field: 'tag', op: 'has_all', values: ['vip', 'other'] })).toBe(false);
    expect(holds({ field: 'tag', op: 'has_none', values: ['Billing'] })).toBe(false);
  });

  it('channel is how the ticket came', () => {
    expect(holds({ field: 'channel', op: 'is', values: ['mail'] })).toBe(true);
    expect(holds({ field: 'channel', op: 'is', values: ['widget'] })).toBe(false);
  });

  it('a custom field has one of the values', () => {
    expect(holds({ field: 'custom', key: 'plan', op: 'is', values: ['pro'] })).toBe(true);
    expect(holds({ field: 'custom', key: 'seats', op: 'is', values: ['10'] })).toBe(false);
  });

  it('words in the subject or the message match case-insensitively', () => {
    expect(holds({ field: 'subject', op: 'contains', values: ['wrong'] })).toBe(true);
    expect(holds({ field: 'message', op: 'contains', values: ['Refund'] })).toBe(true);
    expect(holds({ field: 'message', op: 'not_contains', values: ['refund'] })).toBe(false);
    expect(holds({ field: 'subject', op: 'contains', values: ['refund'] })).toBe(false);
  });

  it('inside business hours holds on a working morning, outside on a Sunday', () => {
    expect(holds({ field: 'business_hours', op: 'inside' })).toBe(true);
    expect(holds({ field: 'business_hours', op: 'inside' }, sunday)).toBe(false);
    expect(holds({ field: 'business_hours', op: 'outside' }, sunday)).toBe(true);
  });
});

describe('a rule’s conditions together', () => {
  const yes: RuleCondition = { field: 'status', op: 'is', values: ['waiting'] };
  const no: RuleCondition = { field: 'channel', op: 'is', values: ['widget'] };

  it('all: every condition must hold', () => {
    expect(ruleMatches({ match: 'all', conditions: [yes, no] }, ticket, monday10, schedules)).toBe(false);
  });

  it('any: one condition is enough', () => {
    expect(ruleMatches({ match: 'any', conditions: [yes, no] }, ticket, monday10, schedules)).toBe(true);
  });

  it('no condition at all holds for every ticket', () => {
    expect(ruleMatches({ match: 'all', conditions: [] }, ticket, monday10, schedules)).toBe(true);
  });
});
