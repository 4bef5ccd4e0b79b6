import type { UserRow } from '../db/tables.js';
import type { DomainContext } from '../domain/context.js';
import { consumePasswordResetLink, PASSWORD_RESET_PURPOSE, type PasswordLinkPurpose } from './password-reset-links.js';
import { assertPasswordRule } from './password-rule.js';
import { hashPassword } from './passwords.js';
import { replacePassword } from './replace-password.js';

/**
 * The POST behind a mailed reset link: sets the new password and ends every session of the account
 * (the caller starts a fresh one). Returns null when the link is unknown, used or expired; a refused
 * password leaves the link unused. `purpose` is the kind of link (an invitation sets a first password the same way).
 */
export async function resetPassword(
  ctx: DomainContext,
  token: string,
  password: string,
  purpose: PasswordLinkPurpose = PASSWORD_RESET_PURPOSE,
): Promise<UserRow | null> {
  assertPasswordRule(password);
  const passwordHash = await hashPassword(password);
  const user = await ctx.db.transaction().execute(async (trx) => {
    const user = await consumePasswordResetLink(trx, token, purpose);
    if (!user) return null;
    return replacePassword(trx, user.id, passwordHash);
  });
  // Every other session ended: their open event streams, on every instance, end before anything more.
  if (user) ctx.live.publish({ kind: 'access.revoked', userId: user.id });
  return user;
}
