import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import { loadSchedule } from './load-schedule.js';
import { enqueueSlaRecompute, scheduleSnapshot } from './recompute-ticket-slas.js';
import { slaPoliciesChanged } from './sla-policies-exist.js';
import { findSlaPolicy } from './sla-policy.js';

/**
 * Removes a policy; its running tickets find their next policy (or none) within moments (recompute-ticket-slas.ts),
 * with the time used kept.
 */
export async function deleteSlaPolicy(db: Kysely<Database>, id: number, at = new Date()): Promise<void> {
  const old = await findSlaPolicy(db, id);
  const schedule = scheduleSnapshot(await loadSchedule(db, old.businessHoursId));
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('sla_policies').where('id', '=', id).execute();
    // Only this policy's tickets: the others matched an earlier policy, or this one was not first for them.
    await enqueueSlaRecompute(trx, { at: at.toISOString(), policyIds: [id], before: [{ policyId: id, schedule }] });
  });
  slaPoliciesChanged(db);
}
