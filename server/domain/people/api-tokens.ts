import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { SECRET_TOKEN_MAX_LENGTH } from '../../../common/limits.js';
import type { Database } from '../../db/tables.js';
import { type Actor, now } from '../context.js';

const TOKEN_PREFIX = 'hd_';
// last_used_at is a hint for admins: written at most once a minute per token, so the hot path is a
// read, not a write per request.
export const LAST_USED_RESOLUTION_MS = 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface NewTokenOptions {
  /** Refused after this many days; undefined: never expires. */
  expiresInDays?: number;
}

/** Creates a Bearer token for a user; the token is returned once and only its hash is stored. */
export async function createApiToken(db: Kysely<Database>, userId: number, label: string, options: NewTokenOptions = {}): Promise<string> {
  return (await insertApiToken(db, userId, label, options)).token;
}

/** As createApiToken, with the new row's id and times (the token list and the REST answer). */
export async function insertApiToken(db: Kysely<Database>, userId: number, label: string, options: NewTokenOptions = {}) {
  const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const time = now();
  const expiresAt = options.expiresInDays === undefined ? null : new Date(Date.parse(time) + options.expiresInDays * DAY_MS).toISOString();
  const row = await db
    .insertInto('api_tokens')
    .values({ user_id: userId, token_hash: hashToken(token), label, created_at: time, last_used_at: null, expires_at: expiresAt })
    .returning(['id', 'user_id', 'label', 'created_at', 'last_used_at', 'expires_at'])
    .executeTakeFirstOrThrow();
  return { token, row };
}

export type TokenLookup =
  | { kind: 'ok'; actor: Actor }
  | { kind: 'unknown' }
  | { kind: 'expired'; expiresAt: string }
  | { kind: 'disabled' };

/**
 * What a Bearer token stands for. Read from the database on every request (no cache), so a token
 * revoked or an account disabled through any instance is refused by every instance at once.
 */
export async function lookUpToken(db: Kysely<Database>, token: string): Promise<TokenLookup> {
  if (!token || token.length > SECRET_TOKEN_MAX_LENGTH) return { kind: 'unknown' };
  const row = await db
    .selectFrom('api_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.id as tokenId', 't.last_used_at', 't.expires_at', 'u.id', 'u.role', 'u.disabled_at'])
    .where('t.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) return { kind: 'unknown' };
  if (row.disabled_at) return { kind: 'disabled' };
  const time = now();
  if (row.expires_at && row.expires_at <= time) return { kind: 'expired', expiresAt: row.expires_at };
  if (!row.last_used_at || Date.parse(time) - Date.parse(row.last_used_at) >= LAST_USED_RESOLUTION_MS) {
    await db.updateTable('api_tokens').set({ last_used_at: time }).where('id', '=', row.tokenId).execute();
  }
  return { kind: 'ok', actor: { id: row.id, role: row.role } };
}

/** The user a Bearer token belongs to, or null when it is unknown, expired or its account disabled. */
export async function findActorByToken(db: Kysely<Database>, token: string): Promise<Actor | null> {
  const found = await lookUpToken(db, token);
  return found.kind === 'ok' ? found.actor : null;
}
