import { issueAddressProof } from '../auth/address-proofs.js';
import { issuePasswordResetLink } from '../auth/password-reset-links.js';
import type { DomainContext } from '../domain/context.js';
import type { MailJobPayload } from './mail-job-payload.js';

/**
 * The one-time link of a sign-up or password mail, minted when the mail is built (so a retry makes a
 * fresh one and no usable token ever sits in the job queue); null for every other mail.
 */
export async function issueAccountLink(
  ctx: DomainContext,
  homeUrl: string,
  payload: MailJobPayload,
  userId: number | null,
): Promise<string | null> {
  // The link's row joins the group commit on SQLite (no fsync of its own per mail).
  if (payload.template === 'client_confirm_address')
    return ctx.transactions.write((db) => issueAddressProof(db, homeUrl, { email: payload.email, name: payload.name }));
  const choosesPassword = ['client_account_exists', 'password_reset', 'staff_invitation'].includes(payload.template);
  if (choosesPassword && userId !== null) {
    return ctx.transactions.write((db) => issuePasswordResetLink(db, homeUrl, userId));
  }
  return null;
}
