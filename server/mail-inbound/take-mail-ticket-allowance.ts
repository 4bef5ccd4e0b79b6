import type { DomainContext } from '../domain/context.js';
import { mailboxKey } from '../domain/mailbox-key.js';
import type { CounterStore } from '../intake/counter-store.js';
import { getCoreSettings } from '../settings/core-settings.js';

const HOUR_MS = 3_600_000;

/**
 * Counts one new ticket by mail from `email` (as its mailbox: +tags and Gmail dots are the same
 * sender) against Emails → "New tickets by mail per sender per hour"; returns why not when over it.
 */
export async function takeMailTicketAllowance(ctx: DomainContext, counters: CounterStore, email: string): Promise<string | null> {
  const max = (await getCoreSettings(ctx)).emails.new_tickets_per_sender_hour;
  const { count } = await counters.hit(`mail-in:tickets:h:${mailboxKey(email)}`, HOUR_MS);
  return count > max ? `This sender already opened ${max} ticket(s) by mail this hour (Emails → Incoming mail).` : null;
}
