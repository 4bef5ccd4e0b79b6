import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import { loadSchedule } from './load-schedule.js';
import { enqueueSlaRecompute, scheduleSnapshot } from './recompute-ticket-slas.js';
import { findSlaPolicy, policyColumns, type SlaPolicy, type SlaPolicyInput } from './sla-policy.js';

/**
 * Replaces a policy's settings (its place in the order stays). The running tickets take the new targets,
 * schedule, conditions and pause statuses within moments (recompute-ticket-slas.ts), with the time they used kept
 * (counted on the old schedule until now).
 */
export async function updateSlaPolicy(db: Kysely<Database>, id: number, input: SlaPolicyInput, at: Date): Promise<SlaPolicy> {
  const old = await findSlaPolicy(db, id);
  const columns = await policyColumns(db, input);
  const before =
    old.businessHoursId === columns.business_hours_id
      ? undefined
      : [{ policyId: id, schedule: scheduleSnapshot(await loadSchedule(db, old.businessHoursId)) }];
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('sla_policies')
      .set({ ...columns, updated_at: at.toISOString() })
      .where('id', '=', id)
      .execute();
    // Every running ticket, not only this policy's: changed conditions can take tickets from a later policy.
    await enqueueSlaRecompute(trx, { at: at.toISOString(), ...(before && { before }) });
  });
  return findSlaPolicy(db, id);
}
