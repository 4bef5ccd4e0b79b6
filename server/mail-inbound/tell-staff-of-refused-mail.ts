import type { DomainContext } from '../domain/context.js';
import { enqueueMail } from '../email/mail-jobs.js';
import type { CounterStore } from '../intake/counter-store.js';

const HOUR_MS = 3_600_000;

/**
 * Mails a staff member that a mail bearing their address was not posted as their reply on a ticket. A
 * mail rather than a line in the notification list: a real agent who answered from their mail program
 * learns where they wrote that it did not land, and how to reply instead; and it goes to the account's
 * own address, never to whoever sent the mail. Once an hour per staff member and ticket, so mail with a
 * forged From cannot flood them; every refused mail is kept under failed mail all the same.
 */
export async function tellStaffOfRefusedMail(ctx: DomainContext, counters: CounterStore, staffId: number, ticketId: number): Promise<void> {
  const told = await counters.hit(`mail:staff-refused:told:${staffId}:${ticketId}`, HOUR_MS);
  if (told.count === 1) await enqueueMail(ctx.db, { template: 'agent_mail_reply_refused', userId: staffId, ticketId });
}
