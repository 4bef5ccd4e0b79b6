import type { DomainContext } from '../domain/context.js';
import { findUserByEmail, normalizeEmail } from '../domain/people/resolve-user.js';
import { enqueueMail } from '../email/mail-jobs.js';
import { takeAddressMailRequest } from './mail-request-limits.js';

/**
 * "Forgot password?" for clients and staff: mails the account's address a one-time reset link. The
 * caller answers the same whether or not an account exists, and over the per-mailbox limit too.
 */
export async function requestPasswordReset(ctx: DomainContext, input: { email: string }): Promise<void> {
  const email = normalizeEmail(input.email);
  // Counted before the lookup, so the limit says nothing about whether the address has an account.
  if (!(await takeAddressMailRequest(ctx.db, 'reset', email))) return;
  const user = await findUserByEmail(ctx.db, email);
  if (user) await enqueueMail(ctx.db, { template: 'password_reset', userId: user.id, ticketId: null });
}
