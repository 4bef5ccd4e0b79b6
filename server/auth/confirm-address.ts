import type { UserRow } from '../db/tables.js';
import type { DomainContext } from '../domain/context.js';
import { resolveUser } from '../domain/people/find-or-create-client.js';
import { consumeAddressProof } from './address-proofs.js';
import { assertPasswordRule } from './password-rule.js';
import { hashPassword } from './passwords.js';
import { replacePassword } from './replace-password.js';

/**
 * The POST behind a sign-up's mailed link: the address is proven now, so the account is made through
 * the gated path (`resolveUser`, `helpdesk_can_register_users`) or, when it exists (through tickets),
 * gets the password. Every other session of the account ends. Returns null when the link is unknown,
 * used or expired; a refused password leaves the link unused.
 */
export async function confirmAddress(ctx: DomainContext, token: string, password: string): Promise<UserRow | null> {
  assertPasswordRule(password);
  const passwordHash = await hashPassword(password);
  const account = await ctx.db.transaction().execute(async (trx) => {
    const proof = await consumeAddressProof(trx, token);
    if (!proof) return null;
    const user = await resolveUser({ ...ctx, db: trx }, proof);
    return replacePassword(trx, user.id, passwordHash);
  });
  // Every other session ended: their open event streams, on every instance, end before anything more.
  if (account) ctx.live.publish({ kind: 'access.revoked', userId: account.id });
  return account;
}
