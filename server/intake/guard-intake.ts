import { type Message, message } from '../../common/i18n/translator.js';
import type { DomainContext } from '../domain/context.js';
import { describeWait } from '../domain/describe-wait.js';
import { mailboxKey } from '../domain/people/mailbox-key.js';
import { AppError } from '../errors.js';
import { addressKey } from '../security/client-address.js';
import { type CoreSettings, getCoreSettings } from '../settings/core-settings.js';
import type { CountedLimit, Exceeded } from './counted-limits.js';
import type { CounterStore } from './counter-store.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Why an anonymous submission was refused; counted per day for the admin. */
// `limit_mail_address` counts mails not sent because their address had its share, `limit_mail_confirmation`
// new-ticket confirmations not sent because the address had one this hour (server/email/mail-throttle.ts).
// The `limit_client_*` reasons count refused tickets and replies of signed-in clients (guard-client-writes.ts).
// `mail_off` and the other `limit_mail_*` reasons count mails that opened no ticket (Emails → Incoming mail).
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
  | 'limit_client_ip_hour'
  | 'mail_off'
  | 'limit_mail_sender_hour'
  | 'limit_mail_server_hour'
  | 'limit_mail_all_hour'
  | 'limit_mail_confirmation';
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
  'mail_off',
  'limit_mail_sender_hour',
  'limit_mail_server_hour',
  'limit_mail_all_hour',
  'limit_mail_confirmation',
];

/** A new ticket to screen: from the widget or the public API (`form`), or from a mail to the support address. */
export type IntakeAttempt =
  | {
      via?: 'form';
      ip: string;
      email: string;
      /** The widget's hidden field: people never fill it, form-filling bots do. */
      honeypot?: string;
      /** Milliseconds between the widget's form opening and its submission, when the widget sent it. */
      fillMs?: number;
    }
  | {
      via: 'mail';
      /** The From address: anyone can write any, so it only ever adds limits. */
      email: string;
      /** The server that handed the mail over (server/mail-inbound/sending-server.ts). */
      server: { key: string; kind: 'server' | 'domain'; name: string };
    };

/** One of the counted intake limits; `refusal` words its refusal for the channel, when not the form's. */
export type IntakeLimit = CountedLimit<Extract<RefusalReason, `limit_${string}`>> & { refusal?: Message };

/** The too-fast refusal in plain words; the widget's attachment code says the same before uploading. */
export const TOO_FAST_DETAIL = message('problems.intake.too_fast');

/**
 * Checks a new ticket of anyone but staff against Tickets → Intake protection before anything is
 * stored, whichever way it came: the switch, the honeypot and the minimum fill time give their refusal
 * (counted for the stats); otherwise the per-IP, per-email and site-wide limits to count. A mail has no
 * form and no client address: it passes the same switch (and Emails → "Open tickets from mail"), then
 * counts per sender, per sending server, per hour in all, and the shared per-email and daily limits.
 * The filing counts them before it writes (on PostgreSQL in its own statement, limits-to-count.ts) and
 * answers an exceeded one with refuseOverLimit.
 */
export async function screenIntake(
  ctx: DomainContext,
  counters: CounterStore,
  attempt: IntakeAttempt,
): Promise<{ refusal: AppError; limits?: undefined } | { refusal?: undefined; limits: IntakeLimit[] }> {
  const core = await getCoreSettings(ctx);
  const settings = core.tickets;
  const refuse = async (reason: RefusalReason, error: AppError) => {
    await recordRefusal(counters, reason);
    return { refusal: error };
  };

  if (attempt.via === 'mail') {
    if (!settings.intake_enabled) {
      return refuse('offline', new AppError('INTAKE_OFFLINE', message('problems.intake.mail_offline')));
    }
    if (!core.emails.open_tickets_from_mail) {
      return refuse('mail_off', new AppError('INTAKE_OFFLINE', message('problems.intake.mail_off')));
    }
    return { limits: mailLimits(settings, core.emails, attempt) };
  }

  if (!settings.intake_enabled) {
    return refuse('offline', new AppError('INTAKE_OFFLINE', message('problems.intake.form_offline')));
  }
  if (attempt.honeypot) {
    return refuse('honeypot', new AppError('SUBMISSION_REFUSED', message('problems.intake.honeypot')));
  }
  const minFillMs = settings.min_fill_seconds * 1000;
  if (attempt.fillMs !== undefined && attempt.fillMs < minFillMs) {
    // Said to a person (a fast one is still a person): what to do, never "automated".
    return refuse('too_fast', new AppError('SUBMISSION_REFUSED', TOO_FAST_DETAIL));
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

// Per sender and sending server as counted by mail alone; per email (one mailbox) and per day in all
// under the form's own keys, so that neither channel adds to what the other allows.
function mailLimits(
  settings: CoreSettings['tickets'],
  emails: CoreSettings['emails'],
  attempt: Extract<IntakeAttempt, { via: 'mail' }>,
): IntakeLimit[] {
  const box = mailboxKey(attempt.email);
  return [
    {
      name: 'limit_mail_sender_hour',
      key: `mail-in:tickets:h:${box}`,
      windowMs: HOUR_MS,
      max: emails.new_tickets_per_sender_hour,
      refusal: message('problems.intake.mail_sender_hour', { max: emails.new_tickets_per_sender_hour }),
    },
    {
      name: 'limit_email_hour',
      key: `intake:email:h:${box}`,
      windowMs: HOUR_MS,
      max: settings.limit_email_hour,
      refusal: message('problems.intake.mail_email_hour', { max: settings.limit_email_hour }),
    },
    {
      name: 'limit_mail_server_hour',
      key: `mail-in:server:h:${attempt.server.key}`,
      windowMs: HOUR_MS,
      max: emails.new_tickets_per_server_hour,
      refusal: message('problems.intake.mail_server_hour', {
        kind: attempt.server.kind,
        server: attempt.server.name,
        max: emails.new_tickets_per_server_hour,
      }),
    },
    {
      name: 'limit_mail_all_hour',
      key: 'mail-in:all:h',
      windowMs: HOUR_MS,
      max: emails.new_tickets_by_mail_hour,
      spread: true,
      refusal: message('problems.intake.mail_all_hour', { max: emails.new_tickets_by_mail_hour }),
    },
    {
      name: 'limit_global_day',
      key: 'intake:global:d',
      windowMs: DAY_MS,
      max: settings.limit_global_day,
      spread: true,
      refusal: message('problems.intake.global_day', { max: settings.limit_global_day }),
    },
  ];
}

/**
 * The 429 for an exceeded intake limit (Retry-After and RateLimit headers), counted as a refusal. Its
 * words are the limit's own `refusal` when the screening gave one (mail), else the form's.
 */
export async function refuseOverLimit(
  counters: CounterStore,
  exceeded: Exceeded<IntakeLimit['name']>,
  limits: readonly IntakeLimit[] = [],
): Promise<AppError> {
  await recordRefusal(counters, exceeded.name);
  const words = limits.find((limit) => limit.name === exceeded.name)?.refusal;
  return new AppError(
    'RATE_LIMITED',
    words ?? ((t) => t.t('problems.intake.too_many_tickets', { wait: describeWait(exceeded.retryAfterS, t) })),
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
