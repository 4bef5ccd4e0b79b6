import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { SECRET_TOKEN_MAX_LENGTH } from '../../common/limits.js';
import type { Database, UserRow } from '../db/tables.js';
import { now } from '../domain/context.js';
import { hashToken } from '../domain/people/api-tokens.js';

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/** Starts a session for the user; returns the cookie's token (only its hash is stored). */
export async function createSession(db: Kysely<Database>, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const time = now();
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      created_at: time,
      expires_at: new Date(Date.parse(time) + SESSION_LIFETIME_MS).toISOString(),
    })
    .execute();
  return token;
}

/** The signed-in user of a session cookie, or null (unknown, expired, or the account is disabled). */
export async function findSessionUser(db: Kysely<Database>, token: string): Promise<UserRow | null> {
  if (!token || token.length > SECRET_TOKEN_MAX_LENGTH) return null;
  const user = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .selectAll('u')
    .where('s.token_hash', '=', hashToken(token))
    .where('s.expires_at', '>', now())
    // Read on every request (no cache): an account disabled through any instance is out at once.
    .where('u.disabled_at', 'is', null)
    .executeTakeFirst();
  return (user as UserRow | undefined) ?? null;
}

export async function deleteSession(db: Kysely<Database>, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
}
