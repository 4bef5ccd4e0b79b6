import { issueAddressProof } from '../auth/address-proofs.js';
import { issueDataExportLink } from '../auth/data-export-links.js';
import { issueInvitationLink } from '../auth/invitation-links.js';
import { issuePasswordResetLink } from '../auth/password-reset-links.js';
import type { DomainContext } from '../domain/context.js';
import type { MailJobPayload } from './mail-job-payload.js';

/**
 * The one-time link of a sign-up, password or data-export mail, minted when the mail is built (so a retry makes a
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
  // An invitation's link lasts days and opens a welcome; a reset's lasts an hour.
  if (payload.template === 'staff_invitation' && userId !== null)
    return ctx.transactions.write((db) => issueInvitationLink(db, homeUrl, userId));
  // A client's own data export: a day, for that download only.
  if (payload.template === 'client_data_export' && userId !== null)
    return ctx.transactions.write((db) => issueDataExportLink(db, homeUrl, userId));
  const choosesPassword = ['client_account_exists', 'password_reset'].includes(payload.template);
  if (choosesPassword && userId !== null) {
    return ctx.transactions.write((db) => issuePasswordResetLink(db, homeUrl, userId));
  }
  return null;
}
