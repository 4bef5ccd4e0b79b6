import type { UserRow } from '../db/tables.js';
import type { DomainContext } from '../domain/context.js';
import { INVITATION_PURPOSE } from './invitation-links.js';
import { resetPassword } from './reset-password.js';

/**
 * The POST behind an invitation's link: the invitee's first password, set as a reset sets one (the link is
 * used once, a refused password leaves it unused). Null when the link is unknown, used, replaced or expired.
 */
export async function acceptInvitation(ctx: DomainContext, token: string, password: string): Promise<UserRow | null> {
  return resetPassword(ctx, token, password, INVITATION_PURPOSE);
}
