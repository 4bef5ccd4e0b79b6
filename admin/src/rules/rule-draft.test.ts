// @vitest-environment happy-dom
// The rule editor’s draft, read from a saved rule and sent back.
import { describe, expect, it } from 'vitest';
import type { ResponseOf } from '../api/api.js';
import { bodyOf, draftOf } from './rule-draft.js';

type Rule = ResponseOf<'listRules'>[number];

const rule: Rule = {
  id: 3,
  name: 'Refunds',
  enabled: true,
  position: 1,
  trigger: 'time',
  match: 'any',
  conditions: [
    { field: 'subject', op: 'contains', values: ['refund', 'money back'] },
    { field: 'urgency', op: 'is_not', values: [2] },
    { field: 'custom', key: 'plan', op: 'is', values: ['pro'] },
    { field: 'business_hours', op: 'outside' },
  ],
  actions: [
    { type: 'assign', mode: 'agent', agent_id: 7 },
    { type: 'assign', mode: 'fair' },
    { type: 'add_tags', tags: ['billing'] },
    { type: 'set_urgency', urgency: null },
    { type: 'mail', to: 'agent', agent_id: 7, subject: 'Look', text: 'At ##ticket_id##' },
    { type: 'webhook', webhook_id: 4 },
  ],
  wait: { status: 'waiting', amount: 3, unit: 'days', clock: 'business' },
  created: '2026-12-07T10:00:00.000Z',
  updated: '2026-12-07T10:00:00.000Z',
};

describe('the rule editor’s draft', () => {
  it('a saved rule opened and saved unchanged is sent back as it was', () => {
    const { id, position, created, updated, ...body } = rule;
    expect(bodyOf(draftOf(rule))).toEqual(body);
  });

  it('words typed with commas become the values, trimmed', () => {
    const draft = draftOf(null);
    draft.conditions = [{ field: 'tag', op: 'has_any', key: '', text: ' vip , , gold ', ids: [] }];
    expect(bodyOf(draft).conditions).toEqual([{ field: 'tag', op: 'has_any', values: ['vip', 'gold'] }]);
  });

  it('a rule that is not a time rule sends no wait', () => {
    const draft = draftOf(null);
    expect([draft.trigger, bodyOf(draft).wait]).toEqual(['ticket.created', null]);
  });
});
