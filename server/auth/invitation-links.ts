import type { Kysely } from 'kysely';
import { INVITATION_LINK_DAYS } from '../../common/limits.js';
import type { Database } from '../db/tables.js';
import { now } from '../domain/context.js';
import { issuePasswordLink } from './password-reset-links.js';

export const INVITATION_PURPOSE = 'staff_invitation';
/** See INVITATION_LINK_DAYS: a week, where a password reset gets an hour. */
export const INVITATION_LIFETIME_MS = INVITATION_LINK_DAYS * 24 * 60 * 60 * 1000;

/** Ends the account's unused invitation links (marked used: whoever opens one is told it was used). */
export async function voidInvitationLinks(db: Kysely<Database>, userId: number): Promise<void> {
  await db
    .updateTable('login_tokens')
    .set({ used_at: now() })
    .where('purpose', '=', INVITATION_PURPOSE)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/**
 * The link of an invitation mail: opens the welcome page, where the invitee chooses a first password.
 * Only the newest link works, so a resent invitation (or a retried mail) leaves no older one usable.
 */
export async function issueInvitationLink(db: Kysely<Database>, homeUrl: string, userId: number): Promise<string> {
  await voidInvitationLinks(db, userId);
  return issuePasswordLink(db, userId, { purpose: INVITATION_PURPOSE, lifetimeMs: INVITATION_LIFETIME_MS }, `${homeUrl}/login/welcome/`);
}
