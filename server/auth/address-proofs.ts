import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { SECRET_TOKEN_MAX_LENGTH } from '../../common/limits.js';
import type { Database } from '../db/tables.js';
import { now } from '../domain/context.js';
import { hashToken } from '../domain/people/api-tokens.js';
import { normalizeEmail } from '../domain/people/resolve-user.js';
import { issuedLinkState, type OneTimeLinkState } from './link-state.js';

/** How long a sign-up's confirmation link works. A day: long enough for a slow mail, short for a leaked one. */
export const ADDRESS_PROOF_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * Makes the one-time link that proves a sign-up's address: 256 random bits, stored only as a hash,
 * with the address and the name typed at sign-up. No account is made until the link is used.
 */
export async function issueAddressProof(db: Kysely<Database>, homeUrl: string, input: { email: string; name: string }): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const time = now();
  await db
    .insertInto('address_proofs')
    .values({
      email: normalizeEmail(input.email),
      name: input.name.trim(),
      token_hash: hashToken(token),
      expires_at: new Date(Date.parse(time) + ADDRESS_PROOF_LIFETIME_MS).toISOString(),
      used_at: null,
      created_at: time,
    })
    .execute();
  return `${homeUrl}/login/confirm/?token=${token}`;
}

/** What a confirmation link's token stands for, without using it (the GET of the page shows this). */
export async function inspectAddressProof(db: Kysely<Database>, token: string): Promise<OneTimeLinkState> {
  if (!token || token.length > SECRET_TOKEN_MAX_LENGTH) return 'unknown';
  const row = await db
    .selectFrom('address_proofs')
    .select(['used_at', 'expires_at'])
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) return 'unknown';
  return issuedLinkState(row);
}

/**
 * Uses the link once: the UPDATE that marks it used is the check, so two concurrent confirmations
 * cannot both succeed. Returns the proven address and the pending name, or null.
 */
export async function consumeAddressProof(db: Kysely<Database>, token: string): Promise<{ email: string; name: string } | null> {
  if (!token || token.length > SECRET_TOKEN_MAX_LENGTH) return null;
  const time = now();
  const row = await db
    .updateTable('address_proofs')
    .set({ used_at: time })
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', time)
    .returning(['email', 'name'])
    .executeTakeFirst();
  return row ?? null;
}
