import { type DomainContext, now } from '../context.js';
import { type BusinessHours, type BusinessHoursOverride, findBusinessHours, sortIntervals, writeOverrides } from './business-hours.js';
import type { Interval } from './business-time.js';
import { checkBusinessHours } from './check-business-hours.js';

/** A new schedule as given: `timeZone` null follows the site's; `isDefault` makes it the default in place of the old one. */
export interface BusinessHoursInput {
  name: string;
  timeZone: string | null;
  week: Interval[][];
  overrides?: BusinessHoursOverride[];
  isDefault?: boolean;
}

/** Stores a new schedule, checked whole first (zone, times, overlaps, dates, an open week). */
export async function createBusinessHours(ctx: DomainContext, input: BusinessHoursInput): Promise<BusinessHours> {
  const zone = checkBusinessHours(input) ?? null;
  const time = now();
  const id = await ctx.db.transaction().execute(async (trx) => {
    if (input.isDefault) await trx.updateTable('business_hours').set({ is_default: 0 }).where('is_default', '=', 1).execute();
    const { id } = await trx
      .insertInto('business_hours')
      .values({
        name: input.name.trim(),
        time_zone: zone,
        week: JSON.stringify(input.week.map(sortIntervals)),
        is_default: input.isDefault ? 1 : 0,
        created_at: time,
        updated_at: time,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeOverrides(trx, id, input.overrides ?? []);
    return id;
  });
  return findBusinessHours(ctx.db, id);
}
