import { recordAudit } from '../audit/record-audit.js';
import type { DomainContext } from '../domain/context.js';

/**
 * Records a refused password sign-in in the audit log: the email typed (never the password), the client's
 * address and why (`wrong_password`, which also covers an unknown address, or `account_disabled`). Only
 * guesses the rate limits let through are checked, so only those are recorded: a flood fills no log.
 */
export async function recordSignInFailure(
  ctx: DomainContext,
  email: string,
  ip: string,
  reason: 'wrong_password' | 'account_disabled',
): Promise<void> {
  await recordAudit(
    ctx.db,
    { actorId: null, address: ip },
    {
      action: 'auth.sign_in_failed',
      targetType: 'account',
      targetLabel: email.slice(0, 320),
      details: { email: email.slice(0, 320), reason },
    },
  );
}
