import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { SECRET_TOKEN_MAX_LENGTH } from '../../common/limits.js';
import type { Database } from '../db/tables.js';
import { now } from '../domain/context.js';
import { hashToken } from '../domain/people/api-tokens.js';

/** What a mailed one-time link is: usable, used already, past its time, or never issued. */
export type OneTimeLinkState = 'valid' | 'used' | 'expired' | 'unknown';

/** The state of an issued link's row (sign-in links, sign-up confirmations, password resets alike). */
export function issuedLinkState(row: { used_at: string | null; expires_at: string }): Exclude<OneTimeLinkState, 'unknown'> {
  return row.used_at ? 'used' : row.expires_at <= now() ? 'expired' : 'valid';
}

/**
 * Stores a new one-time link of `purpose` for the account (and the ticket it opens, if any) and returns its token:
 * 256 random bits, stored only as their SHA-256 (a database read leaks no usable link), good for `lifetimeMs`.
 */
export async function issueLinkToken(
  db: Kysely<Database>,
  link: { purpose: string; userId: number; ticketId?: number | null; lifetimeMs: number },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const time = now();
  await db
    .insertInto('login_tokens')
    .values({
      user_id: link.userId,
      ticket_id: link.ticketId ?? null,
      purpose: link.purpose,
      token_hash: hashToken(token),
      expires_at: new Date(Date.parse(time) + link.lifetimeMs).toISOString(),
      used_at: null,
      created_at: time,
    })
    .execute();
  return token;
}

/**
 * Uses a mailed link once: marks the unused, unexpired link of `purpose` with this token (and, given `userId`, of
 * that account only) used, and returns its row's account and ticket; undefined when there is none. The UPDATE is the
 * check, so two requests at once cannot both use it. An empty or over-long token is never looked up.
 */
export async function useLinkOnce(
  db: Kysely<Database>,
  link: { purpose: string; token: string; userId?: number },
): Promise<{ user_id: number | null; ticket_id: number | null } | undefined> {
  if (!link.token || link.token.length > SECRET_TOKEN_MAX_LENGTH) return undefined;
  const time = now();
  return await db
    .updateTable('login_tokens')
    .set({ used_at: time })
    .where('purpose', '=', link.purpose)
    .where('token_hash', '=', hashToken(link.token))
    .$if(link.userId !== undefined, (q) => q.where('user_id', '=', link.userId ?? 0))
    .where('used_at', 'is', null)
    .where('expires_at', '>', time)
    .returning(['user_id', 'ticket_id'])
    .executeTakeFirst();
}
