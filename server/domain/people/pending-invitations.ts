import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import { INVITATION_SENT_META } from './invite-staff.js';

/**
 * When each invited agent or admin who has not chosen a password yet was last invited, by account id.
 * Only `userIds` when given. An account with a password has joined (by the invitation, "Forgot password?" or an admin setting one).
 */
export async function pendingInvitations(db: Kysely<Database>, userIds?: number[]): Promise<Map<number, string>> {
  let query = db
    .selectFrom('user_meta')
    .innerJoin('users', 'users.id', 'user_meta.user_id')
    .select(['users.id', 'user_meta.meta_value'])
    .where('user_meta.meta_key', '=', INVITATION_SENT_META)
    .where('users.password_hash', 'is', null)
    .where('users.role', 'in', ['agent', 'admin'])
    // Disabling the account is how an invitation is cancelled (its links end with it).
    .where('users.disabled_at', 'is', null);
  if (userIds) query = query.where('users.id', 'in', userIds);
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.id, row.meta_value]));
}
