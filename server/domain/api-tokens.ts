import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { type Actor, now } from './context.js';

const TOKEN_PREFIX = 'hd_';
// last_used_at is a hint for admins; writing it on every request would double the writes.
const LAST_USED_RESOLUTION_MS = 10 * 60 * 1000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Creates a Bearer token for a user; the token is returned once and only its hash is stored. */
export async function createApiToken(db: Kysely<Database>, userId: number, label: string): Promise<string> {
  const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
  await db
    .insertInto('api_tokens')
    .values({ user_id: userId, token_hash: hashToken(token), label, created_at: now(), last_used_at: null })
    .execute();
  return token;
}

/** The user a Bearer token belongs to, or null when the token is unknown. */
export async function findActorByToken(db: Kysely<Database>, token: string): Promise<Actor | null> {
  const row = await db
    .selectFrom('api_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.id as tokenId', 't.last_used_at', 'u.id', 'u.role'])
    .where('t.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) return null;
  const time = now();
  if (!row.last_used_at || Date.parse(time) - Date.parse(row.last_used_at) > LAST_USED_RESOLUTION_MS) {
    await db.updateTable('api_tokens').set({ last_used_at: time }).where('id', '=', row.tokenId).execute();
  }
  return { id: row.id, role: row.role };
}
