import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { addressKey } from '../security/client-address.js';
import { takeRateLimit } from './rate-limit.js';

// Per-address caps on wrong guesses. Link tokens have 256 random bits, so guessing one is hopeless
// anyway; the cap keeps a scanner from hammering the database and the page that tells an unknown
// token from a used one. Passwords have their own per-(account, address) backoff on top
// (password-guesses.ts); this cap stops one address trying many accounts. Only wrong guesses count.
// An address is counted by `addressKey()`: IPv6 by its /64, so rotating within a /64 gains nothing.

export type GuessKind = 'token' | 'password';

/** The window of the per-address guess caps. */
export const GUESS_WINDOW_MS = 15 * 60 * 1000;
/** Wrong guesses an address (addressKey) may make per window, per kind. */
export const GUESSES_PER_ADDRESS: Record<GuessKind, number> = { token: 20, password: 50 };
/** The Retry-After value of a refusal: the whole window, an upper bound. */
export const GUESS_RETRY_AFTER_S = String(GUESS_WINDOW_MS / 1000);

/** The bucket of an address's wrong guesses of `kind` (the client's IP or its addressKey). */
export const guessBucket = (kind: GuessKind, address: string) => `guess-${kind}:${addressKey(address)}`;

/**
 * Takes one guess of `kind` for this address before the guess is checked; false when the address has
 * no guesses left. The slot is taken under the bucket's lock (takeRateLimit), so a burst of concurrent
 * guesses cannot all pass a count taken before any of them was recorded. A right guess gives its slot
 * back with `refundGuess`: only wrong guesses count.
 */
export async function takeGuess(db: Kysely<Database>, kind: GuessKind, address: string): Promise<boolean> {
  return takeRateLimit(db, guessBucket(kind, address), GUESSES_PER_ADDRESS[kind], GUESS_WINDOW_MS);
}

/** Gives back the slot `takeGuess` took for a guess that turned out right (or was never checked). */
export async function refundGuess(db: Kysely<Database>, kind: GuessKind, address: string): Promise<void> {
  await refundNewestHit(db, guessBucket(kind, address));
}

/** Deletes the newest hit of `bucket`: one refunded slot. */
export async function refundNewestHit(db: Kysely<Database>, bucket: string): Promise<void> {
  const newest = db.selectFrom('rate_limit_hits').select('id').where('bucket', '=', bucket).orderBy('id', 'desc').limit(1);
  await db.deleteFrom('rate_limit_hits').where('id', 'in', newest).execute();
}
