import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { normalizeEmail } from '../domain/people/resolve-user.js';
import { addressKey } from '../security/client-address.js';
import { GUESS_WINDOW_MS, GUESSES_PER_ADDRESS, guessBucket, refundNewestHit } from './guess-limits.js';
import { countHits, takeRateLimit, withBucketLock } from './rate-limit.js';

// Password guesses are counted per (account, address) with exponential backoff, so wrong guesses
// from elsewhere never refuse the right password from the owner's own address: the owner's address
// has its own budget. A guesser gets a few free tries, then waits that double up to 15 minutes, and
// one address is capped across all accounts (guess-limits.ts). The per-account ceiling only refuses
// addresses that have already guessed wrong for that account, so a distributed guesser is stopped
// without locking out the owner.

/** Wrong guesses an (account, address) pair may make before the waits start. */
export const FREE_PASSWORD_TRIES = 5;
/** The first wait after the free tries; each further wrong guess doubles it… */
export const FIRST_WAIT_MS = 1000;
/** …up to this. */
export const LONGEST_WAIT_MS = 15 * 60 * 1000;
/** How long a pair's wrong guesses are remembered for the backoff (a right guess forgets them). */
export const BACKOFF_MEMORY_MS = 24 * 60 * 60 * 1000;
/** Wrong guesses for one account from all addresses per GUESS_WINDOW_MS before addresses that failed are refused. */
export const ACCOUNT_CEILING = 100;

export type PasswordGuess = { allowed: true; settle: (right: boolean) => Promise<void> } | { allowed: false; retryAfterS: number };

const pairBucket = (account: string, address: string) => `password-pair:${address}:${account}`;
const accountBucket = (account: string) => `password-account:${account}`;

/**
 * Takes one password guess for `email` from `ip` before the password is checked. Refused (with the
 * seconds to wait) while the pair is in its backoff, when the account's ceiling is reached and this
 * address has failed for it, or when the address has used its cap across accounts. An allowed guess
 * is counted as wrong at once, under the pair's lock, so a concurrent burst cannot pass the count;
 * `settle(true)` after a right password gives the slots back and forgets the pair's failures.
 * `at` is the moment of the guess (tests fix it).
 */
export async function takePasswordGuess(db: Kysely<Database>, email: string, ip: string, at: Date = new Date()): Promise<PasswordGuess> {
  const account = normalizeEmail(email);
  const address = addressKey(ip);
  const pair = pairBucket(account, address);
  const verdict = await withBucketLock(db, pair, async (trx): Promise<PasswordGuess | null> => {
    const failures = await trx
      .selectFrom('rate_limit_hits')
      .select('created_at')
      .where('bucket', '=', pair)
      .where('created_at', '>', new Date(at.getTime() - BACKOFF_MEMORY_MS).toISOString())
      .orderBy('created_at', 'desc')
      .execute();
    const wait = backoffMs(failures.length);
    const newest = failures[0] ? Date.parse(failures[0].created_at) : 0;
    if (wait > 0 && at.getTime() - newest < wait) return refused(wait - (at.getTime() - newest));
    if (failures.length > 0 && (await countHits(trx, accountBucket(account), GUESS_WINDOW_MS)) >= ACCOUNT_CEILING)
      return refused(GUESS_WINDOW_MS);
    if (!(await takeRateLimit(trx, guessBucket('password', address), GUESSES_PER_ADDRESS.password, GUESS_WINDOW_MS)))
      return refused(GUESS_WINDOW_MS);
    const time = at.toISOString();
    await trx
      .insertInto('rate_limit_hits')
      .values([
        { bucket: pair, created_at: time },
        { bucket: accountBucket(account), created_at: time },
      ])
      .execute();
    // Old rows are dead weight.
    await trx
      .deleteFrom('rate_limit_hits')
      .where('bucket', '=', pair)
      .where('created_at', '<=', new Date(at.getTime() - BACKOFF_MEMORY_MS).toISOString())
      .execute();
    await trx
      .deleteFrom('rate_limit_hits')
      .where('bucket', '=', accountBucket(account))
      .where('created_at', '<=', new Date(at.getTime() - GUESS_WINDOW_MS).toISOString())
      .execute();
    return null;
  });
  if (verdict) return verdict;
  return {
    allowed: true,
    settle: async (right) => {
      if (!right) return;
      await db.deleteFrom('rate_limit_hits').where('bucket', '=', pair).execute();
      await refundNewestHit(db, accountBucket(account));
      await refundNewestHit(db, guessBucket('password', address));
    },
  };
}

/** The wait a pair with `failures` remembered wrong guesses must leave after the newest one. */
export function backoffMs(failures: number): number {
  if (failures < FREE_PASSWORD_TRIES) return 0;
  return Math.min(FIRST_WAIT_MS * 2 ** (failures - FREE_PASSWORD_TRIES), LONGEST_WAIT_MS);
}

const refused = (ms: number): PasswordGuess => ({ allowed: false, retryAfterS: Math.max(1, Math.ceil(ms / 1000)) });
