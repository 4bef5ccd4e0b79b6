import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { addHit, countHits } from './rate-limit.js';

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

/** Whether this IP has used up its wrong guesses of `kind` (counts nothing). */
export async function isGuessingBlocked(db: Kysely<Database>, kind: GuessKind, ip: string): Promise<boolean> {
  return (await countHits(db, bucket(kind, ip), GUESS_WINDOW_MS)) >= GUESSES_PER_IP[kind];
}

/** Counts one wrong guess of `kind` from this IP. */
export async function recordWrongGuess(db: Kysely<Database>, kind: GuessKind, ip: string): Promise<void> {
  await addHit(db, bucket(kind, ip), GUESS_WINDOW_MS);
}
