import type { Kysely } from 'kysely';
import { performanceOffOf } from '../../db/performance-off-of.js';
import type { Database } from '../../db/tables.js';

// Asked by every filing and every ticket change and changed rarely, the answers are kept briefly per database, as
// the settings are (the `caches` mechanism, docs/PERFORMANCE.md): a policy added or removed through this process
// counts at once, through another instance within the TTL. A ticket filed in that window gets its targets at its
// next change, counted from its filing (update-ticket-sla.ts).
const TTL_MS = 2_000;
let policyWrites = 0;
type Question = 'policies' | 'inForce';
const caches: Record<Question, WeakMap<object, { writes: number; expiresAt: number; answer: Promise<boolean> }>> = {
  policies: new WeakMap(),
  inForce: new WeakMap(),
};

/** Whether any service-level policy exists: a filing then starts its targets in its own transaction. */
export function slaPoliciesExist(db: Kysely<Database>): Promise<boolean> {
  return cached(db, 'policies', readPoliciesExist);
}

/**
 * Whether a ticket change has service levels to keep: a policy exists, or a ticket still has a running target (its
 * policy was deleted and the recompute has not reached it yet). With neither, a change skips them and pays nothing.
 * Both reads are on an index: the policies, and `ticket_sla_next_due` (only tickets with a running target).
 */
export function slaInForce(db: Kysely<Database>): Promise<boolean> {
  return cached(db, 'inForce', async (db) => (await readPoliciesExist(db)) || (await readRunningTarget(db)));
}

/** Called after a policy is added or removed here, so the next filing or change asks the database again. */
export function slaPoliciesChanged(): void {
  policyWrites += 1;
}

function cached(db: Kysely<Database>, question: Question, read: (db: Kysely<Database>) => Promise<boolean>): Promise<boolean> {
  if (performanceOffOf(db).has('caches')) return read(db);
  const cache = caches[question];
  const hit = cache.get(db);
  if (hit && hit.writes === policyWrites && hit.expiresAt > Date.now()) return hit.answer;
  const answer = read(db);
  cache.set(db, { writes: policyWrites, expiresAt: Date.now() + TTL_MS, answer });
  answer.catch(() => cache.delete(db));
  return answer;
}

async function readPoliciesExist(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('sla_policies').select('id').limit(1).executeTakeFirst()) !== undefined;
}

async function readRunningTarget(db: Kysely<Database>): Promise<boolean> {
  return (
    (await db.selectFrom('ticket_sla').select('ticket_id').where('next_due_at', 'is not', null).limit(1).executeTakeFirst()) !== undefined
  );
}
