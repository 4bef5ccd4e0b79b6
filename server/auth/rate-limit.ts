import type { Kysely } from 'kysely';
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
  await db.deleteFrom('rate_limit_hits').where('bucket', '=', bucket).where('created_at', '<=', new Date(Date.parse(time) - windowMs).toISOString()).execute();
}

/**
 * Counts one hit in `bucket` and says whether it is within `limit` hits per `windowMs`. Kept in the
 * database so instances behind a load balancer share the count.
 */
export async function takeRateLimit(db: Kysely<Database>, bucket: string, limit: number, windowMs: number): Promise<boolean> {
  if ((await countHits(db, bucket, windowMs)) >= limit) return false;
  await addHit(db, bucket, windowMs);
  return true;
}
