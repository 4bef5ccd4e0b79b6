import { NOTHING_OFF, type PerformanceOff } from '../config/performance-off.js';

// Code handed only a Kysely (the site options' getter) finds the switches of the database it was opened with here.
const switches = new WeakMap<object, PerformanceOff>();

/** Records the mechanisms switched off for the Kysely of a database just opened (createDb). */
export function recordPerformanceOff(kysely: object, off: PerformanceOff): void {
  if (off.size) switches.set(kysely, off);
}

/** The mechanisms switched off for the database `kysely` was opened on; none for a transaction or an unknown handle. */
export function performanceOffOf(kysely: object): PerformanceOff {
  return switches.get(kysely) ?? NOTHING_OFF;
}
