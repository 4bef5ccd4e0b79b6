// The rule editor's draft: a saved rule as the editor's fields hold it, and back to what the API takes.

import type { RequestOf, ResponseOf } from '../api/api.js';

export type Rule = ResponseOf<'listRules'>[number];
export type RuleBody = RequestOf<'createRule'>;
type Condition = Rule['conditions'][number];
type Action = Rule['actions'][number];
export type Wait = NonNullable<Rule['wait']>;
export type Trigger = Rule['trigger'];

export const TRIGGERS: Trigger[] = ['ticket.created', 'ticket.updated', 'client.replied', 'sla.warning', 'sla.breached', 'time'];
export const FIELDS = [
  'status',
  'urgency',
  'reason',
  'product',
  'tag',
  'channel',
  'custom',
  'subject',
  'message',
  'business_hours',
] as const;
export type Field = (typeof FIELDS)[number];
export const OPS: Record<Field, string[]> = {
  status: ['is', 'is_not'],
  urgency: ['is', 'is_not'],
  reason: ['is', 'is_not'],
  product: ['is', 'is_not'],
  channel: ['is', 'is_not'],
  custom: ['is', 'is_not'],
  tag: ['has_any', 'has_all', 'has_none'],
  subject: ['contains', 'not_contains'],
  message: ['contains', 'not_contains'],
  business_hours: ['inside', 'outside'],
};
export const ACTION_TYPES = [
  'assign',
  'fair',
  'unassign',
  'add_tags',
  'remove_tags',
  'set_status',
  'set_urgency',
  'saved_reply',
  'note',
  'mail',
  'webhook',
];
export const CHANNELS = ['widget', 'mail', 'site', 'api'] as const;

/** A condition as edited: its values as typed (comma-separated) or picked. */
export interface ConditionDraft {
  field: Field;
  op: string;
  key: string;
  text: string;
  ids: number[];
}
/** An action as edited: every field any type needs, the type's own read when it is sent. */
export interface ActionDraft {
  type: string;
  agent: string;
  tags: string;
  status: string;
  urgency: string;
  reply: string;
  text: string;
  to: 'assignee' | 'client' | 'agent';
  subject: string;
  webhook: string;
}
export interface Draft {
  name: string;
  enabled: boolean;
  trigger: Trigger;
  match: 'all' | 'any';
  wait: Wait;
  conditions: ConditionDraft[];
  actions: ActionDraft[];
}

const split = (text: string) =>
  text
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
export const blankAction = (): ActionDraft => ({
  type: 'add_tags',
  agent: '',
  tags: '',
  status: '',
  urgency: '',
  reply: '',
  text: '',
  to: 'assignee',
  subject: '',
  webhook: '',
});

function conditionDraft(c: Condition): ConditionDraft {
  const draft: ConditionDraft = { field: c.field, op: c.op, key: '', text: '', ids: [] };
  if (c.field === 'urgency' || c.field === 'reason' || c.field === 'product') return { ...draft, ids: c.values };
  if (c.field === 'custom') return { ...draft, key: c.key, text: c.values.join(', ') };
  if ('values' in c) return { ...draft, text: (c.values as string[]).join(', ') };
  return draft;
}

function actionDraft(a: Action): ActionDraft {
  const d = blankAction();
  switch (a.type) {
    case 'assign':
      return a.mode === 'agent' ? { ...d, type: 'assign', agent: String(a.agent_id) } : { ...d, type: 'fair' };
    case 'add_tags':
    case 'remove_tags':
      return { ...d, type: a.type, tags: a.tags.join(', ') };
    case 'set_status':
      return { ...d, type: a.type, status: a.status };
    case 'set_urgency':
      return { ...d, type: a.type, urgency: a.urgency === null ? '' : String(a.urgency) };
    case 'saved_reply':
      return { ...d, type: a.type, reply: String(a.saved_reply_id) };
    case 'note':
      return { ...d, type: a.type, text: a.text };
    case 'mail':
      return { ...d, type: a.type, to: a.to, agent: a.agent_id ? String(a.agent_id) : '', subject: a.subject, text: a.text };
    case 'webhook':
      return { ...d, type: a.type, webhook: String(a.webhook_id) };
    default:
      return { ...d, type: a.type };
  }
}

/** The editor's draft of a saved rule (or of a new one). */
export function draftOf(rule: Rule | null): Draft {
  return {
    name: rule?.name ?? '',
    enabled: rule?.enabled ?? true,
    trigger: rule?.trigger ?? 'ticket.created',
    match: rule?.match ?? 'all',
    wait: rule?.wait ?? { status: 'waiting', amount: 3, unit: 'days', clock: 'business' },
    conditions: (rule?.conditions ?? []).map(conditionDraft),
    actions: rule ? rule.actions.map(actionDraft) : [blankAction()],
  };
}

function conditionOf(c: ConditionDraft): Condition {
  const op = c.op as never;
  if (c.field === 'urgency' || c.field === 'reason' || c.field === 'product') return { field: c.field, op, values: c.ids };
  if (c.field === 'business_hours') return { field: c.field, op };
  if (c.field === 'custom') return { field: c.field, key: c.key.trim(), op, values: split(c.text) };
  return { field: c.field, op, values: split(c.text) as never };
}

function actionOf(a: ActionDraft): Action {
  switch (a.type) {
    case 'assign':
      return { type: 'assign', mode: 'agent', agent_id: Number(a.agent) };
    case 'fair':
      return { type: 'assign', mode: 'fair' };
    case 'add_tags':
    case 'remove_tags':
      return { type: a.type, tags: split(a.tags) };
    case 'set_status':
      return { type: 'set_status', status: a.status };
    case 'set_urgency':
      return { type: 'set_urgency', urgency: a.urgency ? Number(a.urgency) : null };
    case 'saved_reply':
      return { type: 'saved_reply', saved_reply_id: Number(a.reply) };
    case 'note':
      return { type: 'note', text: a.text };
    case 'mail':
      return { type: 'mail', to: a.to, ...(a.to === 'agent' && { agent_id: Number(a.agent) }), subject: a.subject, text: a.text };
    case 'webhook':
      return { type: 'webhook', webhook_id: Number(a.webhook) };
    default:
      return { type: 'unassign' };
  }
}

/** What the API takes for a draft: the values typed split at commas, the wait only for a time rule. */
export function bodyOf(draft: Draft): RuleBody {
  return {
    name: draft.name.trim(),
    enabled: draft.enabled,
    trigger: draft.trigger,
    match: draft.match,
    conditions: draft.conditions.map(conditionOf),
    actions: draft.actions.map(actionOf),
    wait: draft.trigger === 'time' ? draft.wait : null,
  };
}
