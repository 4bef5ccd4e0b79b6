import { type Exceeded, hitLimits } from './counted-limits.js';
import type { CounterStore } from './counter-store.js';
import type { IntakeLimit } from './guard-intake.js';

/**
 * Intake limits a filing still has to count before it writes anything: on PostgreSQL with the counters
 * in the database, the filing's own statement counts them and writes only when none is exceeded (one
 * round trip); elsewhere, or when the filing stops before that statement, they are counted alone.
 */
export interface LimitsToCount {
  counters: CounterStore;
  limits: IntakeLimit[];
}

/** An exceeded intake limit: nothing was written but the counts. */
export interface OverLimit {
  exceeded: Exceeded<IntakeLimit['name']>;
}

/** Counts the limits in the store's own statement; the exceeded one, if any. */
export async function countAlone({ counters, limits }: LimitsToCount): Promise<OverLimit | undefined> {
  const exceeded = await hitLimits(counters, limits);
  return exceeded ? { exceeded } : undefined;
}

/** Whether a statement on `db` can count these limits itself (their store keeps them in that database). */
export function isCountableIn(db: object, { counters, limits }: LimitsToCount): boolean {
  // One statement cannot update a counter row twice, so repeated keys are counted alone.
  return counters.inStatement?.db === db && new Set(limits.map((l) => l.key)).size === limits.length;
}
