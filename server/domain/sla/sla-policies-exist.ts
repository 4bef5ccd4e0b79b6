import type { Kysely } from 'kysely';
import { performanceOffOf } from '../../db/performance-off-of.js';
import type { Database } from '../../db/tables.js';

// Asked by every filing (with none, a filing on PostgreSQL stays one statement) and changed rarely, the answer is
// kept briefly per database, as the settings are (the `caches` mechanism, docs/PERFORMANCE.md): a policy added or
// removed through this process counts at once, through another instance within the TTL. A ticket filed in that
// window gets its targets at its next change, counted from its filing (update-ticket-sla.ts).
const TTL_MS = 2_000;
let policyWrites = 0;
const cache = new WeakMap<object, { writes: number; expiresAt: number; exist: Promise<boolean> }>();

/** Whether any service-level policy exists: a filing then starts its targets in its own transaction. */
export function slaPoliciesExist(db: Kysely<Database>): Promise<boolean> {
  if (performanceOffOf(db).has('caches')) return readExist(db);
  const hit = cache.get(db);
  if (hit && hit.writes === policyWrites && hit.expiresAt > Date.now()) return hit.exist;
  const exist = readExist(db);
  cache.set(db, { writes: policyWrites, expiresAt: Date.now() + TTL_MS, exist });
  exist.catch(() => cache.delete(db));
  return exist;
}

/** Called after a policy is added or removed here, so the next filing asks the database again. */
export function slaPoliciesChanged(): void {
  policyWrites += 1;
}

async function readExist(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('sla_policies').select('id').limit(1).executeTakeFirst()) !== undefined;
}
