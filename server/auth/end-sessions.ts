import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { hashToken } from '../domain/people/api-tokens.js';

/**
 * Ends every session of the account except `keepToken` (the browser that made the change, if it is
 * one of the account's own). Called whenever a password changes: whoever held the old one, or a
 * session opened with it, is signed out everywhere.
 */
export async function endOtherSessions(db: Kysely<Database>, userId: number, keepToken: string | null = null): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepToken) query = query.where('token_hash', '!=', hashToken(keepToken));
  await query.execute();
}
