import { message } from '../../common/i18n/translator.js';
import type { DomainContext } from '../domain/context.js';
import { canRegisterUsers } from '../domain/people/find-or-create-client.js';
import { assertValidAccount, findUserByEmail, normalizeEmail } from '../domain/people/resolve-user.js';
import { enqueueMail } from '../email/mail-jobs.js';
import { AppError } from '../errors.js';
import { takeAddressMailRequest } from './mail-request-limits.js';

/**
 * The password sign-up (spec §5.5 `wp_signup()` with Login → method `password` or `both`): creates
 * nothing and signs no one in. It mails the address a one-time link that proves it (the account is
 * made, or a ticket-only account gets its password, when the link is used); an address whose account
 * has a password already is mailed that it exists, with a reset link. The caller answers "check your
 * mail" in every case, so the form tells nobody whether the address has an account.
 */
export async function requestAddressProof(
  ctx: DomainContext,
  // `language`: the page's the visitor signed up on; their proof mail is written in it (else the site's).
  input: { name: string; email: string; language?: string | null },
): Promise<void> {
  if (!(await canRegisterUsers(ctx))) throw new AppError('REGISTRATION_CLOSED', message('problems.auth.registration_closed'));
  assertValidAccount(input);
  const email = normalizeEmail(input.email);
  // Counted before the lookup, so hitting the limit says nothing about the address either.
  if (!(await takeAddressMailRequest(ctx.db, 'signup', email))) return;
  const user = await findUserByEmail(ctx.db, email);
  if (user?.password_hash) await enqueueMail(ctx.db, { template: 'client_account_exists', userId: user.id, ticketId: null });
  else {
    const language = input.language && { language: input.language };
    await enqueueMail(ctx.db, { template: 'client_confirm_address', email, name: input.name.trim(), ticketId: null, ...language });
  }
}
