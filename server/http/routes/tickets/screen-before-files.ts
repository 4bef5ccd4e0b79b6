import type { FastifyRequest } from 'fastify';
import type { DomainContext } from '../../../domain/context.js';
import type { CounterStore } from '../../../intake/counter-store.js';
import { screenIntake } from '../../../intake/guard-intake.js';
import { mayFileForOthers } from '../../../policies/ticket-policy.js';

/**
 * A new ticket's intake screen (the switch, the honeypot, the minimum fill time) run on the text parts
 * sent before the first file, so a refused submission is refused before its files are stored — not
 * uploaded and then thrown away. The filing screens again with the validated body and counts the limits;
 * a refusal here is counted once, as the filing's would be. Staff are never screened.
 */
export function screenBeforeFiles(ctx: DomainContext, counters: CounterStore) {
  return async (request: FastifyRequest, fields: Readonly<Record<string, string>>): Promise<void> => {
    if (mayFileForOthers(request.actor)) return;
    // Anything but a whole number is left to the route's schema, which refuses it by name.
    const fillMs = /^\d{1,15}$/.test(fields.fill_ms ?? '') ? Number(fields.fill_ms) : undefined;
    const screened = await screenIntake(ctx, counters, { ip: request.ip, email: fields.email ?? '', honeypot: fields.website, fillMs });
    if (screened.refusal) throw screened.refusal;
  };
}
