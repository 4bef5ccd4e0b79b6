import type { Kysely, Selectable } from 'kysely';
import { message } from '../../../common/i18n/translator.js';
import type { Database, SlaPoliciesTable } from '../../db/tables.js';
import { AppError, invalidField } from '../../errors.js';

/** How a ticket came: the widget, a mail, the help site's form, or the API. */
export type SlaChannel = 'widget' | 'mail' | 'site' | 'api';
export const SLA_CHANNELS: readonly SlaChannel[] = ['widget', 'mail', 'site', 'api'];

export type SlaMetric = 'first_reply' | 'next_reply' | 'resolution';
export const SLA_METRICS: readonly SlaMetric[] = ['first_reply', 'next_reply', 'resolution'];

/** What a ticket must have for the policy to apply; an absent or empty list asks nothing. Ids are term or post ids. */
export interface SlaConditions {
  urgency?: number[];
  reason?: number[];
  product?: number[];
  /** Any one of these tags. */
  tag?: number[];
  channel?: SlaChannel[];
  /** Custom form fields (`custom_<key>` meta): the value is one of `values`. */
  fields?: { key: string; values: string[] }[];
}

/** The targets for one urgency (null: every urgency without its own row, and tickets without one), in minutes. */
export interface SlaTargets {
  urgency: number | null;
  first_reply?: number | null;
  next_reply?: number | null;
  resolution?: number | null;
}

export interface SlaPolicy {
  id: number;
  name: string;
  position: number;
  conditions: SlaConditions;
  businessHoursId: number | null;
  targets: SlaTargets[];
  pauseStatuses: string[];
  warnBeforeMinutes: number;
  createdAt: string;
  updatedAt: string;
}

/** What a caller gives to create or replace a policy; absent fields take their defaults. */
export interface SlaPolicyInput {
  name: string;
  conditions?: SlaConditions;
  businessHoursId?: number | null;
  targets: SlaTargets[];
  pauseStatuses?: string[];
  warnBeforeMinutes?: number;
}

// None by default: here Waiting means the client waits on the team (a client's reply sets it, spec §3), so
// pausing on it would stop the clock exactly when an answer is owed. An owner with a status for "waiting on the
// client" names it (DECISIONS.md, Service levels).
export const DEFAULT_PAUSE_STATUSES: string[] = [];
export const DEFAULT_WARN_BEFORE_MINUTES = 15;
/** Resolved and Closed stop the resolution clock by themselves (server/domain/tickets/finished-statuses.ts). */
export const FINISHED_STATUSES = ['resolved', 'closed'];

export function policyOf(row: Selectable<SlaPoliciesTable>): SlaPolicy {
  return {
    id: row.id,
    name: row.name,
    position: row.position,
    conditions: JSON.parse(row.conditions) as SlaConditions,
    businessHoursId: row.business_hours_id,
    targets: JSON.parse(row.targets) as SlaTargets[],
    pauseStatuses: JSON.parse(row.pause_statuses) as string[],
    warnBeforeMinutes: row.warn_before_minutes,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Every policy, in the order they are tried. */
export async function readSlaPolicies(db: Kysely<Database>): Promise<SlaPolicy[]> {
  const rows = await db.selectFrom('sla_policies').selectAll().orderBy('position').orderBy('id').execute();
  return rows.map(policyOf);
}

export async function findSlaPolicy(db: Kysely<Database>, id: number): Promise<SlaPolicy> {
  const row = await db.selectFrom('sla_policies').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', message('problems.sla.not_found', { id: String(id) }));
  return policyOf(row);
}

/** The targets a ticket of that urgency gets: its urgency's row, else the row for every other urgency. */
export function targetsFor(policy: SlaPolicy, urgency: number | null): Partial<Record<SlaMetric, number>> {
  const row = policy.targets.find((t) => t.urgency !== null && t.urgency === urgency) ?? policy.targets.find((t) => t.urgency === null);
  const minutes: Partial<Record<SlaMetric, number>> = {};
  for (const metric of SLA_METRICS) {
    const value = row?.[metric];
    if (typeof value === 'number' && value > 0) minutes[metric] = value;
  }
  return minutes;
}

/** Checks what the schema cannot (names, duplicates, existing statuses) and gives the row's columns. */
export async function policyColumns(db: Kysely<Database>, input: SlaPolicyInput) {
  const name = input.name.trim();
  if (!name) throw invalidField('name', message('problems.sla.name_blank'));
  const seen = new Set<number | null>();
  input.targets.forEach((row, index) => {
    if (seen.has(row.urgency))
      throw invalidField(`targets.${index}.urgency`, message('problems.sla.urgency_twice', { urgency: String(row.urgency) }));
    seen.add(row.urgency);
    if (!SLA_METRICS.some((metric) => typeof row[metric] === 'number'))
      throw invalidField(`targets.${index}`, message('problems.sla.no_target'));
  });
  const hoursId = input.businessHoursId ?? null;
  if (hoursId !== null && !(await db.selectFrom('business_hours').select('id').where('id', '=', hoursId).executeTakeFirst()))
    throw invalidField('business_hours_id', message('problems.sla.no_business_hours', { id: String(hoursId) }));
  const pauseStatuses = input.pauseStatuses ?? DEFAULT_PAUSE_STATUSES;
  const statuses = new Set(
    (await db.selectFrom('terms').select('slug').where('taxonomy', '=', 'ticket_status').execute()).map((row) => row.slug),
  );
  pauseStatuses.forEach((status, index) => {
    if (FINISHED_STATUSES.includes(status))
      throw invalidField(`pause_statuses.${index}`, message('problems.sla.finished_pauses', { status }));
    if (!statuses.has(status)) throw invalidField(`pause_statuses.${index}`, message('problems.sla.no_status', { status }));
  });
  return {
    name,
    conditions: JSON.stringify(input.conditions ?? {}),
    business_hours_id: input.businessHoursId ?? null,
    targets: JSON.stringify(input.targets),
    pause_statuses: JSON.stringify([...new Set(pauseStatuses)]),
    warn_before_minutes: input.warnBeforeMinutes ?? DEFAULT_WARN_BEFORE_MINUTES,
  };
}

/** A policy being edited, unsaved, for a preview. */
export function draftPolicy(input: SlaPolicyInput): SlaPolicy {
  return {
    id: 0,
    name: input.name.trim(),
    position: 0,
    conditions: input.conditions ?? {},
    businessHoursId: input.businessHoursId ?? null,
    targets: input.targets,
    pauseStatuses: input.pauseStatuses ?? DEFAULT_PAUSE_STATUSES,
    warnBeforeMinutes: input.warnBeforeMinutes ?? DEFAULT_WARN_BEFORE_MINUTES,
    createdAt: '',
    updatedAt: '',
  };
}
