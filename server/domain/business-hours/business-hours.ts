import type { Kysely } from 'kysely';
import { message } from '../../../common/i18n/translator.js';
import type { Database } from '../../db/tables.js';
import { AppError } from '../../errors.js';
import { getSiteOptions } from '../../settings/site-options.js';
import type { Interval, Schedule } from './business-time.js';

/** A dated exception to a schedule's week, with what the day is. */
export interface BusinessHoursOverride {
  date: string;
  /** What the day is ("Christmas Day"); '' when unnamed. */
  name: string;
  /** [] = closed all day (a holiday). */
  intervals: Interval[];
}

/** A stored schedule as the domain hands it out. */
export interface BusinessHours {
  id: number;
  name: string;
  /** The zone chosen for it; null: it follows the site's time zone. */
  timeZone: string | null;
  /** The zone its times are read in now: its own, else the site's. */
  effectiveTimeZone: string;
  week: Interval[][];
  /** Sorted by date. */
  overrides: BusinessHoursOverride[];
  isDefault: boolean;
  created: string;
  modified: string;
}

type Row = { id: number; name: string; time_zone: string | null; week: string; is_default: number; created_at: string; updated_at: string };

/** The schedule the business-time calculator counts on. */
export function scheduleOf(hours: BusinessHours): Schedule {
  return { timeZone: hours.effectiveTimeZone, week: hours.week, overrides: hours.overrides };
}

/** The schedules `ids` (all when left out), the default first, then by name; their overrides read in one query. */
export async function readBusinessHours(db: Kysely<Database>, ids?: number[]): Promise<BusinessHours[]> {
  let query = db.selectFrom('business_hours').selectAll().orderBy('is_default', 'desc').orderBy('name').orderBy('id');
  if (ids) query = query.where('id', 'in', ids.length > 0 ? ids : [0]);
  const rows: Row[] = await query.execute();
  if (rows.length === 0) return [];
  const overrides = await db
    .selectFrom('business_hours_overrides')
    .select(['business_hours_id', 'date', 'name', 'intervals'])
    .where(
      'business_hours_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('date')
    .execute();
  const siteZone = (await getSiteOptions(db)).time_zone;
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    timeZone: row.time_zone,
    effectiveTimeZone: row.time_zone ?? siteZone,
    week: JSON.parse(row.week) as Interval[][],
    overrides: overrides
      .filter((o) => o.business_hours_id === row.id)
      .map((o) => ({ date: o.date, name: o.name, intervals: JSON.parse(o.intervals) as Interval[] })),
    isDefault: row.is_default === 1,
    created: row.created_at,
    modified: row.updated_at,
  }));
}

/** One schedule, or NOT_FOUND. */
export async function findBusinessHours(db: Kysely<Database>, id: number): Promise<BusinessHours> {
  const [found] = await readBusinessHours(db, [id]);
  if (!found) throw new AppError('NOT_FOUND', message('problems.business_hours.not_found', { id: String(id) }));
  return found;
}

/** Replaces a schedule's overrides with `overrides` (inside the caller's transaction). */
export async function writeOverrides(trx: Kysely<Database>, id: number, overrides: BusinessHoursOverride[]): Promise<void> {
  await trx.deleteFrom('business_hours_overrides').where('business_hours_id', '=', id).execute();
  if (overrides.length === 0) return;
  await trx
    .insertInto('business_hours_overrides')
    .values(
      overrides.map((o) => ({ business_hours_id: id, date: o.date, name: o.name, intervals: JSON.stringify(sortIntervals(o.intervals)) })),
    )
    .execute();
}

/** A day's intervals by start, as stored and shown. */
export function sortIntervals(intervals: Interval[]): Interval[] {
  return [...intervals].map(({ start, end }) => ({ start, end })).sort((a, b) => a.start.localeCompare(b.start));
}
