import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Database } from '../db/tables.js';
import { now } from '../domain/context.js';

/** Hits in `bucket` during the last `windowMs` (rows in the database, so instances share them). */
export async function countHits(db: Kysely<Database>, bucket: string, windowMs: number): Promise<number> {
  const since = new Date(Date.parse(now()) - windowMs).toISOString();
  const row = await db
    .selectFrom('rate_limit_hits')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('bucket', '=', bucket)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Counts one hit in `bucket`, dropping the bucket's hits older than `windowMs` as it goes. */
export async function addHit(db: Kysely<Database>, bucket: string, windowMs: number): Promise<void> {
  const time = now();
  await db.insertInto('rate_limit_hits').values({ bucket, created_at: time }).execute();
  // Old hits are dead weight.
  await db
    .deleteFrom('rate_limit_hits')
    .where('bucket', '=', bucket)
    .where('created_at', '<=', new Date(Date.parse(time) - windowMs).toISOString())
    .execute();
}

/**
 * Counts one hit in `bucket` and says whether it is within `limit` hits per `windowMs`. Kept in the
 * database so instances behind a load balancer share the count. Count and hit happen under the
 * bucket's lock (withBucketLock).
 */
export async function takeRateLimit(db: Kysely<Database>, bucket: string, limit: number, windowMs: number): Promise<boolean> {
  return withBucketLock(db, bucket, async (trx) => {
    if ((await countHits(trx, bucket, windowMs)) >= limit) return false;
    await addHit(trx, bucket, windowMs);
    return true;
  });
}

/**
 * Runs `work` in a transaction holding a lock on `bucket`: without it, requests arriving together (on
 * one instance or several) all count before any of them writes, and a burst of password guesses goes
 * through whole. PostgreSQL takes a transaction-level advisory lock on the bucket's hash (other
 * buckets are not held up); SQLite's one connection already runs one transaction at a time.
 */
export async function withBucketLock<T>(db: Kysely<Database>, bucket: string, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  const locked = async (trx: Kysely<Database>) => {
    if (trx.getExecutor().adapter instanceof PostgresAdapter)
      await sql`select pg_advisory_xact_lock(hashtextextended(${`rate_limit:${bucket}`}, 0))`.execute(trx);
    return work(trx);
  };
  return db.isTransaction ? locked(db) : db.transaction().execute(locked);
}
