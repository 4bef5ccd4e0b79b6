import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { takeRateLimit } from './rate-limit.js';

// Per-IP limits on wrong guesses, on top of the per-address limits of login(). Link tokens have 256
// random bits, so guessing one is hopeless anyway; the limit keeps a scanner from hammering the
// database and the page that tells an unknown token from a used one. Passwords are limited per
// address (10 tries per 15 minutes) and, against one client trying many addresses, per IP. Only
// wrong guesses count, so an office behind one address signing in correctly is never locked out.

export type GuessKind = 'token' | 'password';

/** The window of the per-IP guess limits. */
export const GUESS_WINDOW_MS = 15 * 60 * 1000;
/** Wrong guesses an IP may make per window, per kind. */
export const GUESSES_PER_IP: Record<GuessKind, number> = { token: 20, password: 50 };
/** The Retry-After value of a refusal: the whole window, an upper bound. */
export const GUESS_RETRY_AFTER_S = String(GUESS_WINDOW_MS / 1000);

const bucket = (kind: GuessKind, ip: string) => `guess-${kind}:${ip}`;

/**
 * Takes one guess of `kind` for this IP before the guess is checked; false when the IP has no guesses
 * left. The slot is taken under the bucket's lock (takeRateLimit), so a burst of concurrent guesses
 * cannot all pass a count taken before any of them was recorded. A right guess gives its slot back
 * with `refundGuess`: only wrong guesses count.
 */
export async function takeGuess(db: Kysely<Database>, kind: GuessKind, ip: string): Promise<boolean> {
  return takeRateLimit(db, bucket(kind, ip), GUESSES_PER_IP[kind], GUESS_WINDOW_MS);
}

/** Gives back the slot `takeGuess` took for a guess that turned out right (or was never checked). */
export async function refundGuess(db: Kysely<Database>, kind: GuessKind, ip: string): Promise<void> {
  const newest = db.selectFrom('rate_limit_hits').select('id').where('bucket', '=', bucket(kind, ip)).orderBy('id', 'desc').limit(1);
  await db.deleteFrom('rate_limit_hits').where('id', 'in', newest).execute();
}
