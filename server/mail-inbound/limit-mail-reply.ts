import { type Message, message } from '../../common/i18n/translator.js';
import type { DomainContext } from '../domain/context.js';
import { enqueueMail } from '../email/mail-jobs.js';
import type { CounterStore } from '../intake/counter-store.js';
import { checkClientWrite } from '../intake/guard-client-writes.js';
import { getCoreSettings } from '../settings/core-settings.js';

const HOUR_MS = 3_600_000;

/**
 * Counts a client's reply by mail against "Replies per signed-in client per hour", on the same counter
 * as their replies on the help site and through the API (a client stopped there with a 429 must not go
 * on by mail). Over the limit it answers the refusal to record (the mail is kept under failed mail, for
 * a retry) and, the first time in the hour, mails the client a notice in plain words; the notice counts
 * against the per-address mail limit as well, since a forged From can cause it. Null: it may be added.
 */
export async function limitMailReply(
  ctx: DomainContext,
  counters: CounterStore,
  reply: { clientId: number; ticketId: number },
): Promise<Message | null> {
  const refusal = await checkClientWrite(ctx, counters, { kind: 'reply', userId: reply.clientId, ip: null, via: 'mail' });
  if (!refusal) return null;
  // Its own counter in the limit's window: one notice an hour, however many mails come over it.
  const told = await counters.hit(`mail:replies-limited:told:${reply.clientId}`, HOUR_MS);
  if (told.count === 1)
    await enqueueMail(ctx.db, { template: 'client_mail_replies_limited', userId: reply.clientId, ticketId: reply.ticketId });
  const max = (await getCoreSettings(ctx)).tickets.limit_client_replies_hour;
  const wait = Number(refusal.headers['retry-after'] ?? 3600);
  // The wait as problems.wait says it, in whichever language the reason is read.
  const unit = wait < 90 ? 'second' : wait < 90 * 60 ? 'minute' : 'hour';
  const n = unit === 'second' ? Math.max(1, wait) : Math.round(wait / (unit === 'minute' ? 60 : 3600));
  return message('problems.inbound.reply_limit', { max, unit, n, told: told.count === 1 ? 'now' : 'before' });
}
