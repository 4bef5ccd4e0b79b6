import { message } from '../../common/i18n/translator.js';
import type { UserRow } from '../db/tables.js';
import type { DomainContext } from '../domain/context.js';
import { assertAccountEnabled } from '../domain/people/account-disabled.js';
import { canRegisterUsers, findOrCreateClient } from '../domain/people/find-or-create-client.js';
import { mailboxKey } from '../domain/people/mailbox-key.js';
import { findUserByEmail, normalizeEmail } from '../domain/people/resolve-user.js';
import { enqueueMail } from '../email/mail-jobs.js';
import { AppError } from '../errors.js';
import { addressKey } from '../security/client-address.js';
import { type CoreSettings, getCoreSettings } from '../settings/core-settings.js';
import { takePasswordGuess } from './password-guesses.js';
import { verifyPassword } from './passwords.js';
import { takeRateLimit } from './rate-limit.js';
import { requestAddressProof } from './request-address-proof.js';
import { recordSignInFailure } from './sign-in-failure.js';

/** The Login tab's methods (the options of its select). */
export type LoginMethod = CoreSettings['login']['method'];

const HOUR_MS = 60 * 60 * 1000;
/** Sign-in and fresh-link mails per mailbox (mailboxKey) per hour. */
export const LINK_MAILS_PER_HOUR = 3;
/** Sign-in and fresh-link requests per client address (addressKey) per hour, whatever the mailbox. */
export const LINK_REQUESTS_PER_ADDRESS_HOUR = 20;

export async function getLoginMethod(ctx: DomainContext): Promise<LoginMethod> {
  return (await getCoreSettings(ctx)).login.method;
}

export const allowsLink = (method: LoginMethod) => method !== 'password';
export const allowsPassword = (method: LoginMethod) => method !== 'email_link';

/**
 * Mails a sign-in link (to `ticketId` when given), at most LINK_MAILS_PER_HOUR per mailbox and, when
 * the requester's `ip` is given, LINK_REQUESTS_PER_ADDRESS_HOUR per address. Returns false when a
 * limit was reached.
 */
export async function sendSignInLink(ctx: DomainContext, user: UserRow, ticketId: number | null, ip?: string): Promise<boolean> {
  if (!(await takeLinkRequest(ctx, user.email, ip))) return false;
  if (user.disabled_at) return true;
  await enqueueMail(ctx.db, { template: 'client_ticket_link', userId: user.id, ticketId });
  return true;
}

/**
 * Counts one sign-in link request against the requester's address (when known) and the mailbox.
 * `+tag` and Gmail spellings of one mailbox share its count, so they cannot multiply the mails.
 */
async function takeLinkRequest(ctx: DomainContext, email: string, ip: string | undefined): Promise<boolean> {
  if (ip !== undefined && !(await takeRateLimit(ctx.db, `link-address:${addressKey(ip)}`, LINK_REQUESTS_PER_ADDRESS_HOUR, HOUR_MS)))
    return false;
  return takeRateLimit(ctx.db, `link:${mailboxKey(email)}`, LINK_MAILS_PER_HOUR, HOUR_MS);
}

export type LoginResult =
  | { kind: 'signed_in'; user: UserRow }
  | { kind: 'wrong_password' }
  | { kind: 'link_sent' }
  | { kind: 'rate_limited'; retryAfterS?: number };

/**
 * The login function (spec §5.5 `login()`). With a password, checks it: a wrong one (or an unknown
 * address, said the same way) is the `wrong_password` result, counted as a wrong guess. Without one (email-link
 * method), mails a sign-in link; an unknown address gets an account only when registration is allowed
 * (`helpdesk_can_register_users`), and the answer is the same either way so it reveals no account.
 */
export async function login(
  ctx: DomainContext,
  input: { email: string; password?: string; name?: string; ip: string },
): Promise<LoginResult> {
  const method = await getLoginMethod(ctx);
  const email = normalizeEmail(input.email);
  if (input.password !== undefined) {
    if (!allowsPassword(method)) throw new AppError('FORBIDDEN', message('problems.auth.link_only'));
    const guess = await takePasswordGuess(ctx.db, email, input.ip);
    if (!guess.allowed) return { kind: 'rate_limited', retryAfterS: guess.retryAfterS };
    let right = true; // a check that fails on our side is no wrong guess
    try {
      const user = await findUserByEmail(ctx.db, email);
      // Scrypt runs for an unknown account too, so timing tells no account apart.
      const ok = await verifyPassword(input.password, user?.password_hash ?? null);
      right = !!user && ok;
      if (!user || !right) {
        await recordSignInFailure(ctx, email, input.ip, 'wrong_password');
        return { kind: 'wrong_password' };
      }
      // Said only after the right password, so it reveals nothing to a guesser.
      if (user.disabled_at) await recordSignInFailure(ctx, email, input.ip, 'account_disabled');
      assertAccountEnabled(user);
      return { kind: 'signed_in', user };
    } finally {
      await guess.settle(right);
    }
  }
  if (!allowsLink(method)) throw new AppError('FORBIDDEN', message('problems.auth.password_only'));
  // Counted before the lookup, so the limit says nothing about whether the address has an account.
  if (!(await takeLinkRequest(ctx, email, input.ip))) return { kind: 'rate_limited' };
  const user = await findOrCreateClient(ctx, { email, name: input.name?.trim() || email.split('@')[0] || email });
  // A disabled account gets no link, and the same answer (it would otherwise reveal the account).
  if (user && !user.disabled_at) await enqueueMail(ctx.db, { template: 'client_ticket_link', userId: user.id, ticketId: null });
  return { kind: 'link_sent' };
}

/**
 * The sign-up function (spec §5.5 `wp_signup()`), when `helpdesk_can_register_users` allows it. With
 * Login → method `password` or `both` it creates nothing and signs no one in: the address must be
 * proven by a mailed link first (requestAddressProof). With `email_link` the account is made and a
 * sign-in link mailed; only that link signs it in.
 */
export async function signUp(
  ctx: DomainContext,
  input: { name: string; email: string; ip?: string; language?: string | null },
): Promise<LoginResult> {
  if (!(await canRegisterUsers(ctx))) throw new AppError('REGISTRATION_CLOSED', message('problems.auth.registration_closed'));
  if (allowsPassword(await getLoginMethod(ctx))) {
    await requestAddressProof(ctx, input);
    return { kind: 'link_sent' };
  }
  const user = await findOrCreateClient(ctx, input);
  // Only when a plugin's filter changed its answer since the check above: the same refusal.
  if (!user) throw new AppError('REGISTRATION_CLOSED', message('problems.auth.registration_closed'));
  return (await sendSignInLink(ctx, user, null, input.ip)) ? { kind: 'link_sent' } : { kind: 'rate_limited' };
}
