import { message } from '../../common/i18n/translator.js';
import type { DomainContext } from '../domain/context.js';
import { describeWait } from '../domain/describe-wait.js';
import { AppError } from '../errors.js';
import { addressKey } from '../security/client-address.js';
import { getCoreSettings } from '../settings/core-settings.js';
import type { CountedLimit } from './counted-limits.js';
import { hitLimits } from './counted-limits.js';
import type { CounterStore } from './counter-store.js';
import { type RefusalReason, recordRefusal } from './guard-intake.js';

const HOUR_MS = 3_600_000;

export interface ClientWrite {
  kind: 'ticket' | 'reply';
  /** The signed-in client's account. */
  userId: number;
  /**
   * The client's network address; null for a reply by mail, which has none of its own: the connecting
   * server is the client's mail provider, shared by all its users, so the per-address limit is skipped
   * and the per-account one alone counts.
   */
  ip: string | null;
  /** Where the write comes from: the help site's forms, the API, or a reply by mail. */
  via: 'site' | 'api' | 'mail';
}

/**
 * Checks a ticket or reply of a signed-in client against Tickets → Intake protection before anything
 * is stored: per account (tickets and replies apart) and per address (addressKey, so an IPv6 /64 is
 * one address) across accounts; a reply by mail counts on the account alone (see `ip`). With the
 * intake switched off and "Also stop the help site's new-ticket form" on, new tickets from the help
 * site are refused too. Agents and admins never come here.
 * Returns the problem to answer (429 with Retry-After, or 503 when stopped), counted as a refusal, or
 * undefined when the write may go ahead.
 */
export async function checkClientWrite(ctx: DomainContext, counters: CounterStore, write: ClientWrite): Promise<AppError | undefined> {
  const settings = (await getCoreSettings(ctx)).tickets;
  if (write.kind === 'ticket' && write.via === 'site' && !settings.intake_enabled && settings.intake_stops_site_form) {
    await recordRefusal(counters, 'offline');
    return new AppError('INTAKE_OFFLINE', message('problems.intake.offline'));
  }
  const accountLimit: CountedLimit<RefusalReason> =
    write.kind === 'ticket'
      ? {
          name: 'limit_client_tickets_hour',
          key: `client:tickets:h:${write.userId}`,
          windowMs: HOUR_MS,
          max: settings.limit_client_tickets_hour,
        }
      : {
          name: 'limit_client_replies_hour',
          key: `client:replies:h:${write.userId}`,
          windowMs: HOUR_MS,
          max: settings.limit_client_replies_hour,
        };
  const limits = [accountLimit];
  if (write.ip !== null) {
    limits.push({
      name: 'limit_client_ip_hour',
      key: `client:ip:h:${addressKey(write.ip)}`,
      windowMs: HOUR_MS,
      max: settings.limit_client_ip_hour,
    });
  }
  const exceeded = await hitLimits(counters, limits);
  if (!exceeded) return undefined;
  await recordRefusal(counters, exceeded.name);
  const what = write.kind === 'ticket' ? 'tickets' : 'replies';
  return new AppError('RATE_LIMITED', (t) =>
    t.t('problems.intake.too_many_writes', { what, wait: describeWait(exceeded.retryAfterS, t) }),
  ).withHeaders(exceeded.headers);
}

/** checkClientWrite for the paths that answer a refusal by throwing it (replies). */
export async function guardClientWrite(ctx: DomainContext, counters: CounterStore, write: ClientWrite): Promise<void> {
  const refusal = await checkClientWrite(ctx, counters, write);
  if (refusal) throw refusal;
}
