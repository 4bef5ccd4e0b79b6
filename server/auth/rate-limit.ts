import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { now } from '../domain/context.js';

/**
 * Counts one hit in `bucket` and says whether it is within `limit` hits per `windowMs`. Kept in the
 * database so instances behind a load balancer share the count.
 */
export async function takeRateLimit(db: Kysely<Database>, bucket: string, limit: number, windowMs: number): Promise<boolean> {
  const time = now();
  const since = new Date(Date.parse(time) - windowMs).toISOString();
  const row = await db
    .selectFrom('rate_limit_hits')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('bucket', '=', bucket)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  if (Number(row.n) >= limit) return false;
  await db.insertInto('rate_limit_hits').values({ bucket, created_at: time }).execute();
  // Old hits are dead weight: drop this bucket's expired ones as we go.
  await db.deleteFrom('rate_limit_hits').where('bucket', '=', bucket).where('created_at', '<=', since).execute();
  return true;
}
