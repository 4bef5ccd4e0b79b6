import type { WrkResult } from './wrk.js';

/** Rounds of one side as one result: summed counts over the summed time, worst percentiles. */
export function combine(results: WrkResult[]): WrkResult {
  return {
    requestsPerSecond: results.reduce((sum, r) => sum + r.requestsPerSecond, 0) / results.length,
    ok: results.reduce((sum, r) => sum + r.ok, 0),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    p50: Math.max(...results.map((r) => r.p50)),
    p95: Math.max(...results.map((r) => r.p95)),
    p99: Math.max(...results.map((r) => r.p99)),
  };
}

/**
 * Runs each side in turn for `rounds` rounds, so that load from anything else on the machine (and
 * drift such as a disk's fsync latency) falls on every side alike; returns one combined result per side.
 */
export async function alternate<T extends string>(
  sides: Record<T, () => Promise<WrkResult>>,
  rounds: number,
): Promise<Record<T, WrkResult>> {
  const results = Object.fromEntries(Object.keys(sides).map((name) => [name, [] as WrkResult[]])) as Record<T, WrkResult[]>;
  for (let round = 0; round < rounds; round++) for (const name of Object.keys(sides) as T[]) results[name].push(await sides[name]());
  return Object.fromEntries((Object.keys(results) as T[]).map((name) => [name, combine(results[name])])) as Record<T, WrkResult>;
}

export const fixed = (value: number, digits = 0) => value.toFixed(digits);
/** Milliseconds with a sensible precision. */
export const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(0));
