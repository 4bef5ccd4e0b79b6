import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../db/tables.js';
import { now } from '../domain/context.js';
import { endOtherSessions } from './end-sessions.js';

/**
 * Gives an account its new password (already hashed) and ends every session it has, inside the
 * caller's transaction: whoever knew the old password or held a session is out from now on.
 */
export async function replacePassword(trx: Kysely<Database>, userId: number, passwordHash: string): Promise<UserRow> {
  await endOtherSessions(trx, userId);
  return trx
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: now() })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
