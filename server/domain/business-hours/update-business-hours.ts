import type { Kysely } from 'kysely';
import { message } from '../../../common/i18n/translator.js';
import type { Database } from '../../db/tables.js';
import { invalidField } from '../../errors.js';
import { type DomainContext, now } from '../context.js';
import { type BusinessHours, findBusinessHours, sortIntervals, writeOverrides } from './business-hours.js';
import { checkBusinessHours } from './check-business-hours.js';
import type { BusinessHoursInput } from './create-business-hours.js';

/**
 * Changes a schedule: the fields given replace the stored ones (`overrides` the whole list). `isDefault: true`
 * makes it the default in place of the old one; the default cannot stop being one by itself. `hoursChanged` runs in
 * the same transaction when the hours themselves changed (week, overrides or zone), with the schedule as it was:
 * the service levels carry that to their tickets (server/domain/sla/edit-business-hours.ts).
 */
export async function updateBusinessHours(
  ctx: DomainContext,
  id: number,
  changes: Partial<BusinessHoursInput>,
  hoursChanged?: (trx: Kysely<Database>, before: BusinessHours) => Promise<void>,
): Promise<BusinessHours> {
  const current = await findBusinessHours(ctx.db, id);
  const zone = checkBusinessHours(changes);
  if (changes.isDefault === false && current.isDefault) throw invalidField('is_default', message('problems.business_hours.default_unset'));
  await ctx.db.transaction().execute(async (trx) => {
    if (changes.isDefault && !current.isDefault) {
      await trx.updateTable('business_hours').set({ is_default: 0 }).where('is_default', '=', 1).execute();
    }
    await trx
      .updateTable('business_hours')
      .set({
        updated_at: now(),
        ...(changes.name !== undefined && { name: changes.name.trim() }),
        ...(zone !== undefined && { time_zone: zone }),
        ...(changes.week !== undefined && { week: JSON.stringify(changes.week.map(sortIntervals)) }),
        ...(changes.isDefault && { is_default: 1 }),
      })
      .where('id', '=', id)
      .execute();
    if (changes.overrides !== undefined) await writeOverrides(trx, id, changes.overrides);
    if (hoursChanged && (changes.week !== undefined || changes.overrides !== undefined || zone !== undefined))
      await hoursChanged(trx, current);
  });
  return findBusinessHours(ctx.db, id);
}
