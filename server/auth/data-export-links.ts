import type { Kysely } from 'kysely';
import { SECRET_TOKEN_MAX_LENGTH } from '../../common/limits.js';
import type { Database } from '../db/tables.js';
import { hashToken } from '../domain/people/api-tokens.js';
import { issuedLinkState, issueLinkToken, type OneTimeLinkState, useLinkOnce } from './link-state.js';

/** `login_tokens.purpose` of a client's "Download my data" link: good for that download only, never a sign-in. */
export const DATA_EXPORT_PURPOSE = 'data_export';
/** A day: the mail says so ("it works for 24 hours"); a mailbox read later by someone else finds it dead. */
export const DATA_EXPORT_LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** The help site's address a data-export link opens (the token is its `token` parameter). */
export const dataExportPath = (homeUrl: string) => `${homeUrl}/account/export/`;

/**
 * Makes a one-time data-export link for the client `userId`: 256 random bits, stored only as their SHA-256
 * (a database read leaks no usable link), bound to the account, for 24 hours.
 */
export async function issueDataExportLink(db: Kysely<Database>, homeUrl: string, userId: number): Promise<string> {
  const token = await issueLinkToken(db, { purpose: DATA_EXPORT_PURPOSE, userId, lifetimeMs: DATA_EXPORT_LINK_LIFETIME_MS });
  return `${dataExportPath(homeUrl)}?token=${token}`;
}

/**
 * Uses the link once for the signed-in client `userId`. The lookup is by the token's hash *and* the account, so
 * another client's token (or a token altered by one character) is `unknown` to this client: it never tells whether
 * the token exists for someone else. The UPDATE that marks it used is the check, so two downloads at once cannot
 * both run. 'valid' means this call used it and the export may be sent.
 */
export async function useDataExportLink(db: Kysely<Database>, token: string, userId: number): Promise<OneTimeLinkState> {
  if (!token || token.length > SECRET_TOKEN_MAX_LENGTH) return 'unknown';
  const used = await useLinkOnce(db, { purpose: DATA_EXPORT_PURPOSE, token, userId });
  if (used) return 'valid';
  const row = await db
    .selectFrom('login_tokens')
    .select(['used_at', 'expires_at'])
    .where('purpose', '=', DATA_EXPORT_PURPOSE)
    .where('token_hash', '=', hashToken(token))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? issuedLinkState(row) : 'unknown';
}
