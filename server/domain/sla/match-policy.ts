import type { SlaChannel, SlaConditions, SlaPolicy } from './sla-policy.js';

/** What a policy's conditions look at on a ticket. */
export interface SlaTicketFacts {
  urgency: number | null;
  reason: number | null;
  product: number | null;
  tags: number[];
  channel: SlaChannel | null;
  /** Custom form field values by field key (meta `custom_<key>`). */
  fields: Record<string, string>;
}

/** The first policy, in order, whose conditions all hold for the ticket; null when none does. */
export function matchPolicy(policies: readonly SlaPolicy[], ticket: SlaTicketFacts): SlaPolicy | null {
  return policies.find((policy) => conditionsHold(policy.conditions, ticket)) ?? null;
}

export function conditionsHold(conditions: SlaConditions, ticket: SlaTicketFacts): boolean {
  const oneOf = <T>(list: readonly T[] | undefined, value: T | null) => !list?.length || (value !== null && list.includes(value));
  return (
    oneOf(conditions.urgency, ticket.urgency) &&
    oneOf(conditions.reason, ticket.reason) &&
    oneOf(conditions.product, ticket.product) &&
    oneOf(conditions.channel, ticket.channel) &&
    (!conditions.tag?.length || ticket.tags.some((tag) => conditions.tag?.includes(tag))) &&
    (conditions.fields ?? []).every((field) => {
      const value = ticket.fields[field.key];
      return !field.values.length || (value !== undefined && field.values.includes(value));
    })
  );
}
