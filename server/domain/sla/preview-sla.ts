import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import { addBusinessSeconds } from '../business-hours/business-time.js';
import { loadSchedule } from './load-schedule.js';
import { matchPolicy, type SlaTicketFacts } from './match-policy.js';
import { readSlaPolicies, type SlaMetric, type SlaPolicy, targetsFor } from './sla-policy.js';

export interface SlaPreview {
  policy: { id: number | null; name: string } | null;
  filedAt: string;
  targets: { metric: SlaMetric; minutes: number; dueAt: string | null }[];
}

/**
 * "A ticket filed now would be due at …": the policy that would apply to such a ticket (or the draft given)
 * and its due times from `at`. Next reply has none: it starts with a client's message.
 */
export async function previewSla(db: Kysely<Database>, ticket: SlaTicketFacts, at: Date, draft?: SlaPolicy): Promise<SlaPreview> {
  const policy = draft ?? matchPolicy(await readSlaPolicies(db), ticket);
  const filedAt = at.toISOString();
  if (!policy || (draft && !matchPolicy([draft], ticket))) return { policy: null, filedAt, targets: [] };
  const schedule = await loadSchedule(db, policy.businessHoursId);
  const minutes = targetsFor(policy, ticket.urgency);
  const targets = (Object.entries(minutes) as [SlaMetric, number][]).map(([metric, value]) => ({
    metric,
    minutes: value,
    dueAt: metric === 'next_reply' ? null : addBusinessSeconds(schedule, at, value * 60).toISOString(),
  }));
  return { policy: { id: draft ? null : policy.id, name: policy.name }, filedAt, targets };
}
