import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { Schedule } from '../business-hours/business-time.js';
import { getBusinessSchedule } from '../business-hours/get-business-hours.js';

/** The schedule a policy counts on (its business hours); null: around the clock. Takes a transaction too. */
export function loadSchedule(db: Kysely<Database>, id: number | null): Promise<Schedule | null> {
  return getBusinessSchedule(db, id);
}
