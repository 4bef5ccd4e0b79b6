import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { DomainContext } from '../context.js';
import { type BusinessHours, findBusinessHours, scheduleOf } from './business-hours.js';
import type { Schedule } from './business-time.js';

/** One schedule, or NOT_FOUND. */
export async function getBusinessHours(ctx: DomainContext, id: number): Promise<BusinessHours> {
  return findBusinessHours(ctx.db, id);
}

/** The default schedule (one always exists: made by its migration, never deleted). */
export async function getDefaultBusinessHours(db: Kysely<Database>): Promise<BusinessHours> {
  const row = await db.selectFrom('business_hours').select('id').where('is_default', '=', 1).executeTakeFirstOrThrow();
  return findBusinessHours(db, row.id);
}

/**
 * The schedule a clock counts on, as `addBusinessSeconds` takes it: schedule `id`, the default for undefined, or
 * null (around the clock) for null. Takes a transaction's `trx` as well as `ctx.db`.
 */
export async function getBusinessSchedule(db: Kysely<Database>, id: number | null | undefined): Promise<Schedule | null> {
  if (id === null) return null;
  return scheduleOf(id === undefined ? await getDefaultBusinessHours(db) : await findBusinessHours(db, id));
}
