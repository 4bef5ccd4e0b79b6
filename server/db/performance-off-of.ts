import type { Kysely } from 'kysely';
import { NOTHING_OFF, type PerformanceOff } from '../config/performance-off.js';
import type { Database } from './tables.js';

// Code handed only a Kysely (the site options' getter) finds the switches of the database it was opened with here.
const switches = new WeakMap<object, PerformanceOff>();

/** Records the mechanisms switched off for the Kysely of a database just opened (createDb). */
export function recordPerformanceOff(kysely: Kysely<Database>, off: PerformanceOff): void {
  if (!off.size) return;
  switches.set(kysely, off);
  // A transaction of it shares its adapter: `performanceOffOfDatabase` finds the switches from inside one too.
  switches.set(kysely.getExecutor().adapter, off);
}

/** The mechanisms switched off for the database `kysely` was opened on; none for a transaction or an unknown handle. */
export function performanceOffOf(kysely: object): PerformanceOff {
  return switches.get(kysely) ?? NOTHING_OFF;
}

/** The mechanisms switched off for the database of `db`, a database's Kysely or one of its transactions. */
export function performanceOffOfDatabase(db: Kysely<Database>): PerformanceOff {
  return switches.get(db.getExecutor().adapter) ?? NOTHING_OFF;
}
