import type { Kysely, Selectable } from 'kysely';
import { message } from '../../../common/i18n/translator.js';
import type { Database, RulesTable } from '../../db/tables.js';
import { AppError, type FieldError, fieldError, fieldsDetail } from '../../errors.js';

/** The events a rule runs on; `time`: a status held unchanged for a while (the worker's sweep). */
export const RULE_TRIGGERS = ['ticket.created', 'ticket.updated', 'client.replied', 'sla.warning', 'sla.breached', 'time'] as const;
export type RuleTriggerName = (typeof RULE_TRIGGERS)[number];

export const RULE_CHANNELS = ['widget', 'mail', 'site', 'api'] as const;

/** One condition on a ticket. `is_not` / `has_none` / `not_contains` hold for a ticket without the value too. */
export type RuleCondition =
  | { field: 'status'; op: 'is' | 'is_not'; values: string[] }
  | { field: 'urgency' | 'reason' | 'product'; op: 'is' | 'is_not'; values: number[] }
  | { field: 'tag'; op: 'has_any' | 'has_all' | 'has_none'; values: string[] }
  | { field: 'channel'; op: 'is' | 'is_not'; values: Array<(typeof RULE_CHANNELS)[number]> }
  | { field: 'custom'; key: string; op: 'is' | 'is_not'; values: string[] }
  | { field: 'subject' | 'message'; op: 'contains' | 'not_contains'; values: string[] }
  | { field: 'business_hours'; op: 'inside' | 'outside'; business_hours_id?: number | null };

/** What a firing does, in the order listed. */
export type RuleAction =
  | { type: 'assign'; mode: 'agent'; agent_id: number }
  | { type: 'assign'; mode: 'fair' }
  | { type: 'unassign' }
  | { type: 'add_tags' | 'remove_tags'; tags: string[] }
  | { type: 'set_status'; status: string }
  | { type: 'set_urgency'; urgency: number | null }
  | { type: 'saved_reply'; saved_reply_id: number }
  | { type: 'note'; text: string }
  | { type: 'mail'; to: 'assignee' | 'client' | 'agent'; agent_id?: number; subject: string; text: string }
  | { type: 'webhook'; webhook_id: number };

/** A time rule's wait: the ticket in `status`, unchanged (by anyone but rules) for `amount` hours or days. */
export interface RuleWait {
  status: string;
  amount: number;
  unit: 'hours' | 'days';
  /** calendar: as the clock runs; business: on the business hours (the default schedule when none is named). */
  clock: 'calendar' | 'business';
  business_hours_id?: number | null;
}

export interface Rule {
  id: number;
  name: string;
  enabled: boolean;
  position: number;
  trigger: RuleTriggerName;
  match: 'all' | 'any';
  conditions: RuleCondition[];
  actions: RuleAction[];
  wait: RuleWait | null;
  createdAt: string;
  updatedAt: string;
}

export type RuleInput = Pick<Rule, 'name' | 'enabled' | 'trigger' | 'match' | 'conditions' | 'actions' | 'wait'>;

export function ruleOf(row: Selectable<RulesTable>): Rule {
  return {
    id: row.id,
    name: row.name,
    enabled: Number(row.enabled) === 1,
    position: row.position,
    trigger: row.trigger as RuleTriggerName,
    match: row.match === 'any' ? 'any' : 'all',
    conditions: JSON.parse(row.conditions) as RuleCondition[],
    actions: JSON.parse(row.actions) as RuleAction[],
    wait: row.wait === null ? null : (JSON.parse(row.wait) as RuleWait),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Every rule in order, or those of one trigger that are enabled. */
export async function readRules(db: Kysely<Database>, only?: { trigger: RuleTriggerName }): Promise<Rule[]> {
  let query = db.selectFrom('rules').selectAll().orderBy('position').orderBy('id');
  if (only) query = query.where('trigger', '=', only.trigger).where('enabled', '=', 1);
  return (await query.execute()).map(ruleOf);
}

export async function findRule(db: Kysely<Database>, id: number): Promise<Rule> {
  const row = await db.selectFrom('rules').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', message('problems.rules.not_found', { id: String(id) }));
  return ruleOf(row);
}

/**
 * Checks what the shape alone cannot: the name, a wait for time rules only, and that every status, agent,
 * urgency, reason, saved reply, webhook and schedule named exists. Throws one problem naming each field.
 */
export async function checkRule(db: Kysely<Database>, input: RuleInput): Promise<void> {
  const errors: FieldError[] = [];
  if (input.name.trim() === '') errors.push(fieldError('name', message('problems.rules.name_blank')));
  if (input.trigger === 'time' && !input.wait) errors.push(fieldError('wait', message('problems.rules.wait_needed')));
  if (input.trigger !== 'time' && input.wait) errors.push(fieldError('wait', message('problems.rules.wait_only_time')));
  const statuses = new Set(
    (await db.selectFrom('terms').select('slug').where('taxonomy', '=', 'ticket_status').execute()).map((row) => row.slug),
  );
  const terms = await db
    .selectFrom('terms')
    .select(['id', 'taxonomy'])
    .where('taxonomy', 'in', ['ticket_urgency', 'ticket_reason'])
    .execute();
  const termExists = (field: 'urgency' | 'reason', id: number) =>
    terms.some((term) => term.id === id && term.taxonomy === (field === 'urgency' ? 'ticket_urgency' : 'ticket_reason'));
  const exists = async (table: 'business_hours' | 'webhook_subscriptions', id: number) =>
    (await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  const isStaffId = async (id: number) =>
    (await db.selectFrom('users').select('id').where('id', '=', id).where('role', 'in', ['agent', 'admin']).executeTakeFirst()) !==
    undefined;

  if (input.wait) {
    if (!statuses.has(input.wait.status))
      errors.push(fieldError('wait.status', message('problems.rules.no_status', { status: input.wait.status })));
    const hours = input.wait.business_hours_id;
    if (hours != null && !(await exists('business_hours', hours)))
      errors.push(fieldError('wait.business_hours_id', message('problems.rules.no_business_hours', { id: String(hours) })));
  }
  for (const [index, condition] of input.conditions.entries()) {
    const at = `conditions.${index}`;
    if (condition.field === 'status')
      for (const status of condition.values)
        if (!statuses.has(status)) errors.push(fieldError(`${at}.values`, message('problems.rules.no_status', { status })));
    if (condition.field === 'urgency' || condition.field === 'reason')
      for (const id of condition.values)
        if (!termExists(condition.field, id))
          errors.push(fieldError(`${at}.values`, message('problems.rules.no_term', { field: condition.field, id: String(id) })));
    if (
      condition.field === 'business_hours' &&
      condition.business_hours_id != null &&
      !(await exists('business_hours', condition.business_hours_id))
    )
      errors.push(
        fieldError(`${at}.business_hours_id`, message('problems.rules.no_business_hours', { id: String(condition.business_hours_id) })),
      );
  }
  for (const [index, action] of input.actions.entries()) {
    const at = `actions.${index}`;
    if (action.type === 'set_status' && !statuses.has(action.status))
      errors.push(fieldError(`${at}.status`, message('problems.rules.no_status', { status: action.status })));
    if (action.type === 'set_urgency' && action.urgency !== null && !termExists('urgency', action.urgency))
      errors.push(fieldError(`${at}.urgency`, message('problems.rules.no_term', { field: 'urgency', id: String(action.urgency) })));
    if (action.type === 'assign' && action.mode === 'agent' && !(await isStaffId(action.agent_id)))
      errors.push(fieldError(`${at}.agent_id`, message('problems.rules.no_agent', { id: String(action.agent_id) })));
    if (action.type === 'mail' && action.to === 'agent' && (action.agent_id === undefined || !(await isStaffId(action.agent_id))))
      errors.push(fieldError(`${at}.agent_id`, message('problems.rules.no_agent', { id: String(action.agent_id ?? '') })));
    if (action.type === 'webhook' && !(await exists('webhook_subscriptions', action.webhook_id)))
      errors.push(fieldError(`${at}.webhook_id`, message('problems.rules.no_webhook', { id: String(action.webhook_id) })));
    if (action.type === 'saved_reply') {
      const reply = await db
        .selectFrom('saved_replies')
        .select('id')
        .where('id', '=', action.saved_reply_id)
        .where('owner_id', 'is', null)
        .executeTakeFirst();
      if (!reply)
        errors.push(fieldError(`${at}.saved_reply_id`, message('problems.rules.no_saved_reply', { id: String(action.saved_reply_id) })));
    }
  }
  if (errors.length > 0) throw new AppError('VALIDATION_FAILED', fieldsDetail(errors), errors);
}

/** The row's columns for an input. */
/** What the audit log compares of a rule: its settings, not its place or times. */
export const auditedRule = (rule: Rule) => ({
  name: rule.name,
  enabled: rule.enabled,
  trigger: rule.trigger,
  match: rule.match,
  conditions: rule.conditions,
  actions: rule.actions,
  wait: rule.wait,
});

export function ruleColumns(input: RuleInput) {
  return {
    name: input.name.trim(),
    enabled: input.enabled ? 1 : 0,
    trigger: input.trigger,
    match: input.match,
    conditions: JSON.stringify(input.conditions),
    actions: JSON.stringify(input.actions),
    wait: input.wait ? JSON.stringify(input.wait) : null,
  };
}
