import type { Kysely } from 'kysely';
import { SECRET_TOKEN_MAX_LENGTH } from '../../common/limits.js';
import type { Database, UserRow } from '../db/tables.js';
import { hashToken } from '../domain/people/api-tokens.js';
import { issuedLinkState, issueLinkToken, type OneTimeLinkState, useLinkOnce } from './link-state.js';

/** The links that let an account's owner choose a password: "Forgot password?" and an admin's invitation. */
export type PasswordLinkPurpose = 'password_reset' | 'staff_invitation';

export const PASSWORD_RESET_PURPOSE = 'password_reset';
/** An hour: a reset link is used right away, and a mailbox read later by someone else should find it dead. */
export const PASSWORD_RESET_LIFETIME_MS = 60 * 60 * 1000;

/** Makes a one-time link that lets the owner of the account's address choose a new password (hash stored only). */
export async function issuePasswordResetLink(db: Kysely<Database>, homeUrl: string, userId: number): Promise<string> {
  return issuePasswordLink(
    db,
    userId,
    { purpose: PASSWORD_RESET_PURPOSE, lifetimeMs: PASSWORD_RESET_LIFETIME_MS },
    `${homeUrl}/login/reset/`,
  );
}

/** Stores a new link of `purpose` for the account (its hash only) and returns `pageUrl` with the token. */
export async function issuePasswordLink(
  db: Kysely<Database>,
  userId: number,
  link: { purpose: PasswordLinkPurpose; lifetimeMs: number },
  pageUrl: string,
): Promise<string> {
  const token = await issueLinkToken(db, { purpose: link.purpose, userId, lifetimeMs: link.lifetimeMs });
  return `${pageUrl}?token=${token}`;
}

/** What a reset (or invitation) link's token stands for, without using it (the GET of the page shows this). */
export async function inspectPasswordResetLink(
  db: Kysely<Database>,
  token: string,
  purpose: PasswordLinkPurpose = PASSWORD_RESET_PURPOSE,
): Promise<OneTimeLinkState> {
  if (!token || token.length > SECRET_TOKEN_MAX_LENGTH) return 'unknown';
  const row = await db
    .selectFrom('login_tokens')
    .select(['used_at', 'expires_at'])
    .where('purpose', '=', purpose)
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) return 'unknown';
  return issuedLinkState(row);
}

/** Uses the link once (the UPDATE is the check); returns its account, or null when unknown, used or expired. */
export async function consumePasswordResetLink(
  db: Kysely<Database>,
  token: string,
  purpose: PasswordLinkPurpose = PASSWORD_RESET_PURPOSE,
): Promise<UserRow | null> {
  const row = await useLinkOnce(db, { purpose, token });
  if (!row?.user_id) return null;
  return (await db.selectFrom('users').selectAll().where('id', '=', row.user_id).executeTakeFirst()) ?? null;
}
