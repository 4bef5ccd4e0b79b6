import type { DomainContext } from '../domain/context.js';
import { describeWait } from '../domain/describe-wait.js';
import { mailboxKey } from '../domain/mailbox-key.js';
import { AppError } from '../errors.js';
import { addressKey } from '../http/client-address.js';
import { getCoreSettings } from '../settings/core-settings.js';
import type { CountedLimit, Exceeded } from './counted-limits.js';
import type { CounterStore } from './counter-store.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Why an anonymous submission was refused; counted per day for the admin. */
// `limit_mail_address` counts mails not sent because their address had its share (server/email/mail-throttle.ts).
// The `limit_client_*` reasons count refused tickets and replies of signed-in clients (guard-client-writes.ts).
export type RefusalReason =
  | 'offline'
  | 'honeypot'
  | 'too_fast'
  | 'limit_ip_hour'
  | 'limit_ip_day'
  | 'limit_email_hour'
  | 'limit_global_day'
  | 'limit_mail_address'
  | 'limit_client_tickets_hour'
  | 'limit_client_replies_hour'
  | 'limit_client_ip_hour';
export const REFUSAL_REASONS: RefusalReason[] = [
  'offline',
  'honeypot',
  'too_fast',
  'limit_ip_hour',
  'limit_ip_day',
  'limit_email_hour',
  'limit_global_day',
  'limit_mail_address',
  'limit_client_tickets_hour',
  'limit_client_replies_hour',
  'limit_client_ip_hour',
];

export interface IntakeAttempt {
  ip: string;
  email: string;
  /** The widget's hidden field: people never fill it, form-filling bots do. */
  honeypot?: string;
  /** Milliseconds between the widget's form opening and its submission, when the widget sent it. */
  fillMs?: number;
}

/** One of the counted intake limits (per address, per email, site-wide). */
export type IntakeLimit = CountedLimit<Extract<RefusalReason, `limit_${string}`>>;

/**
 * Checks an anonymous submission against Tickets → Intake protection before anything is stored: the
 * switch, the honeypot and the minimum fill time give their refusal (counted for the stats); otherwise
 * the per-IP, per-email and site-wide limits to count. The filing counts them before it writes (on
 * PostgreSQL in its own statement, limits-to-count.ts) and answers an exceeded one with refuseOverLimit.
 */
export async function screenIntake(
  ctx: DomainContext,
  counters: CounterStore,
  attempt: IntakeAttempt,
): Promise<{ refusal: AppError; limits?: undefined } | { refusal?: undefined; limits: IntakeLimit[] }> {
  const settings = (await getCoreSettings(ctx)).tickets;
  const refuse = async (reason: RefusalReason, error: AppError) => {
    await recordRefusal(counters, reason);
    return { refusal: error };
  };

  if (!settings.intake_enabled) {
    return refuse(
      'offline',
      new AppError('INTAKE_OFFLINE', 'This help desk is not taking tickets through the form right now. Please try again later.'),
    );
  }
  if (attempt.honeypot) {
    return refuse('honeypot', new AppError('SUBMISSION_REFUSED', 'This submission was refused as automated.'));
  }
  const minFillMs = settings.min_fill_seconds * 1000;
  if (attempt.fillMs !== undefined && attempt.fillMs < minFillMs) {
    return refuse('too_fast', new AppError('SUBMISSION_REFUSED', 'The form was sent too quickly. Wait a moment, then send it again.'));
  }

  // Per address by addressKey (an IPv6 /64 is one address), per email by mailbox (+tags and Gmail
  // spellings are one), so neither can be rotated past the limits.
  const address = addressKey(attempt.ip);
  return {
    limits: [
      { name: 'limit_ip_hour', key: `intake:ip:h:${address}`, windowMs: HOUR_MS, max: settings.limit_ip_hour },
      { name: 'limit_ip_day', key: `intake:ip:d:${address}`, windowMs: DAY_MS, max: settings.limit_ip_day },
      { name: 'limit_email_hour', key: `intake:email:h:${mailboxKey(attempt.email)}`, windowMs: HOUR_MS, max: settings.limit_email_hour },
      { name: 'limit_global_day', key: 'intake:global:d', windowMs: DAY_MS, max: settings.limit_global_day, spread: true },
    ],
  };
}

/** The 429 for an exceeded intake limit (Retry-After and RateLimit headers), counted as a refusal. */
export async function refuseOverLimit(counters: CounterStore, exceeded: Exceeded<IntakeLimit['name']>): Promise<AppError> {
  await recordRefusal(counters, exceeded.name);
  return new AppError(
    'RATE_LIMITED',
    `Too many tickets were sent from here. Please try again in ${describeWait(exceeded.retryAfterS)}.`,
  ).withHeaders(exceeded.headers);
}

/** Counts one refusal for today's stats. */
export async function recordRefusal(counters: CounterStore, reason: RefusalReason): Promise<void> {
  await counters.hit(refusalKey(reason), 2 * DAY_MS);
}

/** Today's refusals by reason (UTC day), for the admin. */
export async function countRefusals(counters: CounterStore): Promise<Record<RefusalReason, number>> {
  const counts = await Promise.all(REFUSAL_REASONS.map((reason) => counters.peek(refusalKey(reason))));
  return Object.fromEntries(REFUSAL_REASONS.map((reason, i) => [reason, counts[i] ?? 0])) as Record<RefusalReason, number>;
}

function refusalKey(reason: RefusalReason): string {
  return `intake:refused:${new Date().toISOString().slice(0, 10)}:${reason}`;
}
