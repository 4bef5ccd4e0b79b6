import { scheduleOf } from '../business-hours/business-hours.js';
import type { BusinessHoursInput } from '../business-hours/create-business-hours.js';
import { updateBusinessHours } from '../business-hours/update-business-hours.js';
import type { DomainContext } from '../context.js';
import { enqueueSlaRecompute, scheduleSnapshot } from './recompute-ticket-slas.js';

/**
 * Changes a schedule as `updateBusinessHours` does and, when its hours changed, queues in the same transaction the
 * recompute of the running tickets whose policy counts on it: their due times move within moments, the business
 * time used until the edit counted on the hours as they were (recompute-ticket-slas.ts).
 */
export function editBusinessHours(ctx: DomainContext, id: number, changes: Partial<BusinessHoursInput>) {
  return updateBusinessHours(ctx, id, changes, async (trx, before) => {
    const policies = await trx.selectFrom('sla_policies').select('id').where('business_hours_id', '=', id).execute();
    const schedule = scheduleSnapshot(scheduleOf(before));
    await enqueueSlaRecompute(trx, {
      at: ctx.now().toISOString(),
      policyIds: policies.map((p) => p.id),
      before: policies.map((p) => ({ policyId: p.id, schedule })),
    });
  });
}
