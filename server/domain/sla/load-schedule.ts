import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { Schedule } from '../business-hours/business-time.js';

/**
 * The schedule a policy counts on; null: around the clock. Until the business-hours table merges every
 * policy counts around the clock: the lead points this at `business_hours` (its time zone, week and overrides).
 */
export async function loadSchedule(_db: Kysely<Database>, id: number | null): Promise<Schedule | null> {
  if (id === null) return null;
  return null;
}
